import KakeiboKit

/// The layouts an import may use: the household's own, kept as `layouts/NAME.json` in the configuration directory,
/// then those kakeibo ships. A household's layout of a shipped one's name replaces it.
package struct LayoutCatalog {
    package var layouts: [Layout]

    /// The most layout files read from the directory.
    package static let maximumFiles = SharedSettingFiles.maximumLayouts

    /// The configuration directory's `layouts/`, where a household keeps its own.
    package static func directory(_ environment: Environment) throws -> String {
        FileSystem.join(try Locations.config(environment: environment), SharedSettingFiles.layoutsFolder)
    }

    /// Reads every `*.json` in the household's layouts directory; one that can't be read or used refuses the
    /// import, naming the file (a layout left out quietly would read its bank's file as nothing).
    package static func load(_ environment: Environment) throws -> LayoutCatalog {
        let directory = try directory(environment)
        var own: [Layout] = []
        let names = (try FileSystem.list(directory) ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        for name in names.prefix(maximumFiles) {
            let path = FileSystem.join(directory, name)
            guard FileSystem.isRegularFile(path), let bytes = try FileSystem.read(path) else { continue }
            own.append(try Layout.parse(bytes, origin: path))
        }
        let ownNames = Set(own.map(\.name))
        return LayoutCatalog(layouts: own + ShippedLayouts.all.filter { !ownNames.contains($0.name) })
    }

    /// `--layout NAME|FILE`: the layout of that name; nil when the value names a file instead (a path, a `.json`
    /// name, or a file that is there), which the command line reads.
    package func named(_ value: String) throws(LayoutChoiceError) -> Layout? {
        if let layout = layouts.first(where: { $0.name == value }) { return layout }
        guard value.contains("/") || value.hasSuffix(".json") || FileSystem.exists(value) else {
            throw LayoutChoiceError(value: value, names: layouts.map(\.name))
        }
        return nil
    }
}

/// `--layout` named neither a layout nor a file.
package struct LayoutChoiceError: KakeiboFailure {
    package var value: String
    package var names: [String]

    package var kind: FailureKind { .badInput }

    package func message(in language: Language) -> String {
        language.pick(
            "--layout: no layout named '\(value)' and no such file; layouts: \(names.joined(separator: ", ")) (or write one with --layout-init)",
            "--layout: '\(value)' という名前のレイアウトもファイルもありません。レイアウト: \(names.joined(separator: "、"))（--layout-init で作れます）")
    }
}
