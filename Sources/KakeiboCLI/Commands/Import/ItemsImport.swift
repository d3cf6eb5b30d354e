import KakeiboImport
import KakeiboKit

/// The import of one file that is merged on its own: kakeibo's or the household server's JSON (an id already stored
/// is updated; an export of everything also sets its settings) or a transit IC card's dump (`CardImport`).
struct ItemsImport {
    enum File {
        /// The JSON decoded: the bytes are not held through the merge, where a million items' file would add its size
        /// (127 MB) to the import's peak memory.
        case items(ExportDocument, path: String)
        case cardDump(path: String, bytes: [UInt8])
    }

    let file: File
    let format: OutputFormat
    let tags: [String]
    /// `--account`: an IC card's account.
    let account: String?
    /// `--member`: whose an IC card's lines are (kakeibo's JSON names each item's own).
    let member: String?
    /// `--dry-run`, which only an IC card's dump takes here (a file of JSON is read together for it).
    let dryRun: Bool

    /// The import of the plan's one file, of JSON or a card's dump (`ImportPlan.merged`).
    init(_ plan: ImportPlan, _ arguments: ParsedArguments) throws {
        let notForJSON: [any OptionDeclaration] = [ImportCommand.mapping, ImportCommand.category, ImportCommand.year]
        for option in notForJSON where arguments.given(option) { throw ImportFileError.optionNotForJSON(option.spec.name) }
        format = try arguments[ImportCommand.format] ?? .table
        tags = try ImportCommand.tags(arguments)
        account = try arguments[ImportCommand.account]
        member = try arguments[ImportCommand.member]
        dryRun = arguments[ImportCommand.dryRun]
        let planned = plan.files[0]
        let name = ImportCommand.displayName(planned.path)
        if planned.format?.kind == .cardDump {
            file = .cardDump(path: planned.path, bytes: planned.bytes)
            return
        }
        if account != nil { throw CommandError.accountWithoutCardDump(name) }
        // kakeibo's JSON carries each item's member: an option that would be dropped is refused.
        if member != nil { throw ImportFileError.optionNotForJSON(ImportCommand.member.name) }
        do { file = .items(try ExportDocument.decode(planned.bytes), path: planned.path) } catch {
            throw CommandError.importFile(name, problem: error)
        }
    }

    func run(_ context: Context) throws {
        let (document, path): (ExportDocument, String)
        switch file {
        case .items(let items, let name): (document, path) = (items, name)
        case .cardDump(let path, let bytes):
            return try CardImport(path: path, account: account, format: format, tags: tags, member: member, dryRun: dryRun).run(bytes, context)
        }
        let merged = try ImportCommand.merge(try FileImport.tagged(document.items, tags), context)
        // An export of everything carries the household's settings: merged after the items, each file its own change.
        let settings = document.hasSettings ? try context.household().mergeSettings(document, taxonomy: try context.taxonomy()) : nil
        try ImportCommand.show(ImportReport(path: ImportCommand.displayName(path), merged: merged, settings: settings), format, context)
    }
}
