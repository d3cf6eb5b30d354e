import KakeiboImport
import KakeiboKit

/// The import of one file that is merged on its own: kakeibo's or the household server's JSON (an id already stored
/// is updated; an export of everything also sets its settings).
struct ItemsImport {
    /// The JSON decoded: the bytes are not held through the merge, where a million items' file would add its size
    /// (127 MB) to the import's peak memory.
    let document: ExportDocument
    let path: String
    let format: OutputFormat
    let tags: [String]

    /// The import of the plan's one file of JSON (`ImportPlan.merged`).
    init(_ plan: ImportPlan, _ arguments: ParsedArguments) throws {
        let notForJSON: [any OptionDeclaration] = [ImportCommand.mapping, ImportCommand.category, ImportCommand.year]
        for option in notForJSON where arguments.given(option) { throw ImportFileError.optionNotForJSON(option.spec.name) }
        format = try arguments[ImportCommand.format] ?? .table
        tags = try ImportCommand.tags(arguments)
        let planned = plan.files[0]
        path = planned.path
        let name = ImportCommand.displayName(planned.path)
        if arguments.given(ImportCommand.account) { throw CommandError.accountWithoutCardDump(name) }
        // kakeibo's JSON carries each item's member: an option that would be dropped is refused.
        if arguments.given(ImportCommand.member) { throw ImportFileError.optionNotForJSON(ImportCommand.member.name) }
        do { document = try ExportDocument.decode(planned.bytes) } catch { throw CommandError.importFile(name, problem: error) }
    }

    func run(_ context: Context) throws {
        let merged = try ImportCommand.merge(try FileImport.tagged(document.items, tags), context)
        // An export of everything carries the household's settings: merged after the items, each file its own change.
        let settings = document.hasSettings ? try context.household().mergeSettings(document, taxonomy: try context.taxonomy()) : nil
        try ImportCommand.show(ImportReport(path: ImportCommand.displayName(path), merged: merged, settings: settings), format, context)
    }
}
