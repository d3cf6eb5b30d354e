import KakeiboKit

/// What `import` was given: each file with its format, forced by `--from` or found from the file's first bytes
/// (`ImportFormat.detect`), checked as a whole before any file is read in full: it says whether the one file is
/// merged on its own (`ItemsImport`) or the files are read together (`StatementImport`).
package struct ImportPlan: Sendable {
    package struct File: Sendable {
        package let path: String
        /// nil until the file is read: stdin, a pipe or anything else that is not a regular file can't be looked at
        /// first (the bytes would be gone), so its format is found from what is read (`format(of:bytes:)`).
        package let format: ImportFormat?
    }

    package let files: [File]
    /// `--from statement`: every file must be a statement, whichever.
    package let statementsOnly: Bool

    package init(_ arguments: ParsedArguments) throws {
        let paths = try ImportCommand.positionals(arguments)
        var forced: ImportFormat?
        statementsOnly =
            try arguments[ImportCommand.from].map { given in
                let word = given.lowercased()
                guard word != ImportFormat.anyStatement else { return true }
                guard let format = ImportFormat.named(word) else {
                    throw UsageError.invalidChoice(option: ImportCommand.from.name, value: given, choices: ImportCommand.fromChoices)
                }
                forced = format
                return false
            } ?? false
        var unknown = false
        files = try paths.map { path in
            if let forced { return File(path: path, format: forced) }
            let format = try ImportPlan.look(at: path)
            // A file no detector knows may be one of the household's layouts, or a variant only the statements'
            // readers tell: they read it, or refuse it saying what to do (`--layout-init`, `--from`).
            if format == nil, path != "-", FileSystem.isRegularFile(path) { unknown = true }
            return File(path: path, format: format)
        }
        readTogether = unknown || files.count > 1 || ImportCommand.fileOptions.contains { arguments.given($0) }
        for file in files { if let format = file.format { try check(file.path, format) } }
    }

    /// Whether the one file is merged on its own (kakeibo's JSON, an IC card's dump), rather than read together with
    /// others: not when there are several (read together, of any formats), for a layout or a dry run, or for a
    /// statement (one not yet looked at, with `--from statement`, too).
    package var merged: Bool {
        !readTogether && !files.contains { file in file.format.map { !$0.mergedAlone } ?? statementsOnly }
    }

    /// Several files, one no detector knows, or options only the import of files read together reads.
    let readTogether: Bool

    /// The format of a file whose format was not known before it was read, from its bytes, held to the same rules.
    package func format(of file: File, bytes: [UInt8]) throws -> ImportFormat {
        if let format = file.format { return format }
        let format = try ImportPlan.found(FileHead(bytes), ImportCommand.displayName(file.path))
        try check(file.path, format)
        return format
    }

    /// The format the detectors find, or why there is none.
    static func found(_ head: FileHead, _ name: String) throws(ImportFileError) -> ImportFormat {
        if let format = ImportFormat.detect(head) { return format }
        throw head.firstNonSpace == nil ? .empty(name) : .unknown(name)
    }

    /// Statements only, with `--from statement`; several files only when all are statements (they are written
    /// together, as one change; an app's export or kakeibo's JSON is merged on its own).
    func check(_ path: String, _ format: ImportFormat) throws {
        if statementsOnly, format.kind != .statement { throw ImportFileError.notStatement(ImportCommand.displayName(path), format) }
    }

    /// The format a file's first bytes show: nil for what can't be looked at first (stdin, a pipe, a device, a path
    /// that is no file: reading it in full reports that) and for a file no detector knows; an empty file is refused.
    static func look(at path: String) throws -> ImportFormat? {
        guard path != "-", FileSystem.isRegularFile(path) else { return nil }
        guard let head = try FileSystem.readPrefix(path, count: FileHead.size) else { return nil }
        let found = FileHead(head)
        if found.firstNonSpace == nil { throw ImportFileError.empty(ImportCommand.displayName(path)) }
        return ImportFormat.detect(found)
    }
}

/// A file `import` can't take as it was given: exit 2, nothing imported.
package enum ImportFileError: KakeiboFailure, Equatable {
    /// No detector knows it.
    case unknown(String)
    /// Nothing in it but white space.
    case empty(String)
    /// `--from statement`, and the file is another format.
    case notStatement(String, ImportFormat)
    /// stdin (or a pipe) held a format that is read only when `--from` names it.
    case readElsewhere(String, ImportFormat)
    /// `--mapping` or `--category` given for kakeibo's JSON.
    case optionNotForJSON(String)

    package var kind: FailureKind { .badInput }

    package func message(in language: Language) -> String {
        let nothing = { (path: String) in language.pick("\(path): nothing imported: ", "\(path): 何も取り込んでいません: ") }
        switch self {
        case .unknown(let path):
            let tried = ImportFormat.all.map { $0.shortName(language) }.joined(separator: language.pick(", ", "、"))
            return nothing(path)
                + language.pick(
                    "not a format kakeibo finds from the file (tried \(tried)); if it is one of them, say which with --from (see 'kakeibo help import' and docs/statements.md)",
                    "ファイルから形式を判定できません（試した形式: \(tried)）。このどれかなら --from で指定してください（'kakeibo help import' と docs/statements.md を参照）")
        case .empty(let path):
            return nothing(path) + language.pick("the file is empty", "ファイルが空です")
        case .notStatement(let path, let format):
            return nothing(path)
                + language.pick(
                    "--from statement, but it is \(format.title.en), not a statement (without --from it is read as that)",
                    "--from statement ですが、明細ではなく\(format.title.ja)です（--from なしならその形式で読みます）")
        case .readElsewhere(let path, let format):
            return nothing(path)
                + language.pick(
                    "it is \(format.title.en); from stdin kakeibo reads it only when told: kakeibo import --from \(format.name) -",
                    "\(format.title.ja)です。標準入力からは形式を指定したときだけ読めます: kakeibo import --from \(format.name) -")
        case .optionNotForJSON(let option):
            return language.pick(
                "option \(option) is for other apps' exports and statements, not kakeibo's JSON (see 'kakeibo help import')",
                "オプション \(option) はアプリの CSV や明細のためのもので、kakeibo の JSON には使えません（'kakeibo help import' を参照）")
        }
    }
}
