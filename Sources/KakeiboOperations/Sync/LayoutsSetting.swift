import KakeiboStore
import KakeiboValues

/// The household's own layouts (`layouts/NAME.json` in the configuration directory, docs/layouts.md) as one
/// setting's value: a JSON object of each file's name without `.json` and the file's text, by name. Each layout is
/// one entry of the setting, so two members who add different layouts both keep both (`SettingMerge`).
enum LayoutsSetting {
    /// The most layout files a value holds, as an import reads at most.
    static let maximumFiles = SharedSettingFiles.maximumLayouts
    /// The longest file name (without `.json`) that travels, in UTF-8 bytes.
    static let maximumNameLength = 100

    /// Whether a file name (without `.json`) travels: not empty, at most `maximumNameLength` bytes, no path
    /// separator, control character or leading dot. A file of any other name stays on its machine and is never
    /// written or removed by a sync.
    static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maximumNameLength && !name.hasPrefix(".")
            && !name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || ItemName.isControl($0) }
    }

    /// The value of these layouts, by name.
    static func encode(_ layouts: [(name: String, text: String)]) -> String {
        guard !layouts.isEmpty else { return SharedSettingFiles.removed }
        var writer = JSONWriter()
        writer.raw("{")
        for (index, layout) in layouts.sorted(by: { $0.name < $1.name }).enumerated() {
            writer.raw(index == 0 ? "\n  " : ",\n  ")
            writer.string(layout.name)
            writer.raw(": ")
            writer.string(layout.text)
        }
        writer.raw("\n}\n")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The layouts a value holds, in its order; nil when it is not an object of texts under names that travel, at
    /// most `maximumFiles` of them, each name once.
    static func decode(_ value: String) -> [(name: String, text: String)]? {
        guard value != SharedSettingFiles.removed else { return [] }
        guard let object = (try? JSONValue.parse(Array(value.utf8)))?.objectValue, object.count <= maximumFiles else { return nil }
        var layouts: [(name: String, text: String)] = []
        var names: Set<String> = []
        for (name, text) in object {
            guard isName(name), let text = text.stringValue, names.insert(name).inserted else { return nil }
            layouts.append((name, text))
        }
        return layouts
    }

    /// Why a value can't be used here (nil: it can): not layouts as `decode` reads them, or a layout `check` refuses
    /// (the import's own reader of a layout, which would refuse every import while it is in the directory).
    static func problem(_ value: String, check: (@Sendable (String) -> String?)?) -> String? {
        guard let layouts = decode(value) else { return "not an object of layout files by name (at most \(maximumFiles))" }
        for layout in layouts {
            if let problem = check?(layout.text) { return "layout \(layout.name): " + problem }
        }
        return nil
    }
}
