import KakeiboKit

/// `--output FILE`: where a report goes instead of stdout. Checked before anything is read, and written atomically
/// (a temporary file beside it, then a rename), so a reader never sees half a chart and a failure leaves any old
/// file as it was. `-` means stdout.
struct OutputFile {
    let path: String

    /// `--output FILE`; its value is nil for `-` (stdout).
    static let option = Option<OutputFile?>(
        "--output", value: "FILE",
        help: LocalizedText(en: "write to FILE (replaced atomically, mode 0600) instead of stdout", ja: "標準出力の代わりに FILE に書き出す（アトミックに置き換え、モード 0600）")
    ) { try OutputFile.parse($0) }

    /// nil when the report goes to stdout (no --output, or `--output -`).
    static func parse(_ text: String?) throws(OutputFileError) -> OutputFile? {
        guard let text, text != "-" else { return nil }
        guard !text.isEmpty else { throw .empty }
        if text.hasSuffix("/") || FileSystem.isDirectory(text) { throw .isDirectory(text) }
        // Replacing is by rename: over /dev/null or a FIFO it would put a plain file in its place.
        if FileSystem.exists(text) && !FileSystem.isRegularFile(text) { throw .notAFile(text) }
        let parent = FileSystem.parentDirectory(text)
        guard FileSystem.isDirectory(parent) else { throw .noDirectory(text, parent: parent) }
        return OutputFile(path: text)
    }

    /// The text style for a report: no colour in a file, whatever the terminal.
    static func style(for file: OutputFile?, _ context: Context) -> TextStyle {
        var style = context.textStyle
        style.colour = style.colour && file == nil
        return style
    }

    /// Writes the text to the file, or prints it when there is no file.
    static func deliver(_ text: String, to file: OutputFile?, _ context: Context) throws {
        guard let file else { return context.print(text) }
        try file.write(Array(text.utf8), context)
    }

    /// Writes the bytes (a workbook, say) to the file: atomically, mode 0600, never inside the store.
    func write(_ bytes: [UInt8], _ context: Context) throws {
        let file = self
        try file.refuseInsideStore(try context.store().root)
        do { try FileSystem.replaceAtomically(file.path, bytes, overLink: true) } catch {
            // The temporary file's name means nothing to the user: name the file they asked for.
            guard case .io(_, let operation, let code) = error else { throw error }
            throw StoreError.io(path: file.path, operation: operation == .create ? .write : operation, code: code)
        }
    }
}

extension OutputFile {
    /// A report written into the store would replace a month file, the budgets or a backup outside the store's lock
    /// (and its backups): refused, wherever the path leads after symlinks and `..` — the file's own, and for a file that
    /// doesn't exist yet (or a dangling link), its directory's.
    func refuseInsideStore(_ store: String) throws(OutputFileError) {
        let root = OutputFile.resolved(store)
        let directory = OutputFile.resolved(FileSystem.parentDirectory(path))
        let places = [FileSystem.join(directory, FileSystem.lastComponent(path))] + (OutputFile.realPath(path).map { [$0] } ?? [])
        for place in places where place == root || place.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            throw .insideStore(path, store: store)
        }
    }

    /// The path with every symlink and `..` resolved; for a path that doesn't exist, its nearest existing directory's
    /// resolution followed by the rest as written.
    static func resolved(_ path: String) -> String {
        if let real = realPath(path) { return real }
        let parent = FileSystem.parentDirectory(path)
        guard parent != path else { return path }
        return FileSystem.join(resolved(parent), FileSystem.lastComponent(path))
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
    }
}

/// An --output that can't be written, found before anything runs.
enum OutputFileError: KakeiboFailure, Equatable {
    case empty
    case isDirectory(String)
    case noDirectory(String, parent: String)
    case notAFile(String)
    case insideStore(String, store: String)

    var kind: FailureKind { .badInput }

    func message(in language: Language) -> String {
        switch self {
        case .empty: return language.pick("--output needs a file name (or - for stdout)", "--output にはファイル名（標準出力なら -）が必要です")
        case .isDirectory(let path):
            return language.pick(
                "--output \(path) is a directory; give a file name (in it, or elsewhere)",
                "--output \(path) はディレクトリです。ファイル名を指定してください")
        case .notAFile(let path):
            return language.pick(
                "--output \(path) is not a regular file (a device or a pipe?); give a file name, or - for stdout",
                "--output \(path) は通常のファイルではありません（デバイスやパイプ？）。ファイル名か、標準出力なら - を指定してください")
        case .insideStore(let path, let store):
            return language.pick(
                "--output \(path) is inside the store \(store); write reports and exports outside it",
                "--output \(path) は保存先 \(store) の中です。レポートや書き出しは保存先の外に置いてください")
        case .noDirectory(let path, let parent):
            return language.pick("--output \(path): directory \(parent) does not exist", "--output \(path): ディレクトリ \(parent) がありません")
        }
    }
}
