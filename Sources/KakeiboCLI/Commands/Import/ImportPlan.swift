import KakeiboImport
import KakeiboKit

/// What `import` was given: each file read once, whole, with its format — forced by `--from` or found from its first
/// bytes by the one table (`ImportFormats`) — checked as a whole before anything is imported. It says whether the one
/// file is merged on its own (`ItemsImport`) or the files are read together (`StatementImport`); both take the bytes
/// read here, so `import FILE` opens each file once.
package struct ImportPlan {
    package struct File {
        package let path: String
        package let bytes: [UInt8]
        /// nil for a file no built-in format recognises: the statements' readers and the layouts try it.
        package let format: (any ImportFormat)?
    }

    package let files: [File]
    /// `--from statement`: every file must be a statement, whichever.
    package let statementsOnly: Bool

    package init(_ arguments: ParsedArguments) throws {
        let paths = try ImportCommand.positionals(arguments)
        var forced: (any ImportFormat)?
        statementsOnly =
            try arguments[ImportCommand.from].map { given in
                let word = given.lowercased()
                guard word != ImportFormats.anyStatement else { return true }
                guard let format = ImportFormats.named(word) else {
                    throw UsageError.invalidChoice(option: ImportCommand.from.name, value: given, choices: ImportCommand.fromChoices)
                }
                forced = format
                return false
            } ?? false
        var unknown = false
        files = try paths.map { path in
            let bytes = try ImportCommand.read(path)
            if let forced { return File(path: path, bytes: bytes, format: forced) }
            let head = FileHead(bytes)
            if path != "-", head.firstNonSpace == nil { throw ImportFileError.empty(ImportCommand.displayName(path)) }
            let format = ImportFormats.identifyBuiltIn(head)
            // A file no built-in format knows may be one of the layouts, or a variant only the statements' readers
            // tell: they read it, or refuse it saying what to do (`--layout-init`, `--from`).
            if format == nil, path != "-" { unknown = true }
            return File(path: path, bytes: bytes, format: format)
        }
        readTogether = unknown || files.count > 1 || ImportCommand.fileOptions.contains { arguments.given($0) }
        for file in files { if let format = file.format { try check(file.path, format) } }
        // stdin alone, in no format kakeibo knows (or empty): refused naming the formats tried.
        if merged, let file = files.first, file.format == nil {
            throw FileHead(file.bytes).firstNonSpace == nil
                ? ImportFileError.empty(ImportCommand.displayName(file.path)) : ImportFileError.unknown(ImportCommand.displayName(file.path))
        }
    }

    /// Whether the one file is merged on its own (kakeibo's JSON), rather than read together with
    /// others: not when there are several (read together, of any formats), for a layout or a dry run, or for a
    /// statement (with `--from statement`, any file).
    package var merged: Bool {
        !readTogether && !files.contains { file in file.format.map { !$0.kind.mergedAlone } ?? statementsOnly }
    }

    /// Several files, one no built-in format knows, or options only the import of files read together reads.
    let readTogether: Bool

    /// Statements only, with `--from statement`; several files only when all are statements (they are written
    /// together, as one change; an app's export or kakeibo's JSON is merged on its own).
    func check(_ path: String, _ format: any ImportFormat) throws {
        if statementsOnly, format.kind != .statement { throw ImportFileError.notStatement(ImportCommand.displayName(path), format.formatTitle) }
    }
}

/// A file `import` can't take as it was given: exit 2, nothing imported.
package enum ImportFileError: KakeiboFailure, Equatable {
    /// No detector knows it.
    case unknown(String)
    /// Nothing in it but white space.
    case empty(String)
    /// `--from statement`, and the file is another format.
    case notStatement(String, FormatTitle)
    /// `--mapping` or `--category` given for kakeibo's JSON.
    case optionNotForJSON(String)

    package var kind: FailureKind { .badInput }

    package func message(in language: Language) -> String {
        let nothing = { (path: String) in language.pick("\(path): nothing imported: ", "\(path): 何も取り込んでいません: ") }
        switch self {
        case .unknown(let path):
            let tried = ImportFormats.builtIn.map { $0.formatTitle.short(language) }.joined(separator: language.pick(", ", "、"))
            return nothing(path)
                + language.pick(
                    "not a format kakeibo finds from the file (tried \(tried)); if it is one of them, say which with --from (see 'kakeibo help import' and docs/statements.md)",
                    "ファイルから形式を判定できません（試した形式: \(tried)）。このどれかなら --from で指定してください（'kakeibo help import' と docs/statements.md を参照）")
        case .empty(let path):
            return nothing(path) + language.pick("the file is empty", "ファイルが空です")
        case .notStatement(let path, let title):
            return nothing(path)
                + language.pick(
                    "--from statement, but it is \(title.long.en), not a statement (without --from it is read as that)",
                    "--from statement ですが、明細ではなく\(title.long.ja)です（--from なしならその形式で読みます）")
        case .optionNotForJSON(let option):
            return language.pick(
                "option \(option) is for other apps' exports and statements, not kakeibo's JSON (see 'kakeibo help import')",
                "オプション \(option) はアプリの CSV や明細のためのもので、kakeibo の JSON には使えません（'kakeibo help import' を参照）")
        }
    }
}
