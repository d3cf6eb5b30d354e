import KakeiboKit

/// The import of one file that is merged on its own: kakeibo's or the household server's JSON (an id already stored
/// is updated; an export of everything also sets its settings) or a transit IC card's dump (`CardImport`).
struct ItemsImport {
    let file: ImportPlan.File
    let plan: ImportPlan
    let format: OutputFormat
    let tags: [String]
    /// `--account`: an IC card's account.
    let account: String?
    /// `--member`: whose an IC card's lines are (kakeibo's JSON names each item's own).
    let member: String?

    /// The import of the plan's one file of JSON or a card's dump.
    init(_ plan: ImportPlan, _ arguments: ParsedArguments) throws {
        for option in [ImportCommand.mapping, ImportCommand.category] where arguments.given(option) {
            throw ImportFileError.optionNotForJSON(option.name)
        }
        self.plan = plan
        file = plan.files[0]
        format = try arguments[ImportCommand.format] ?? .table
        tags = try ImportCommand.tags(arguments)
        account = try arguments[ImportCommand.account]
        member = try arguments[ImportCommand.member]
    }

    func run(_ context: Context) throws {
        guard let document = try readOrImportCard(context) else { return }
        let summary = try ImportCommand.merge(try ImportCommand.tagged(document.items, tags), context)
        // An export of everything carries the household's settings: merged after the items, each file its own change.
        let settings = document.hasSettings ? try context.household().mergeSettings(document, taxonomy: try context.taxonomy()) : nil
        switch format {
        case .json:
            context.print(JSONRenderer.render(.object(ImportRenderer.mergedFields(summary) + (settings.map(ImportRenderer.settingsFields) ?? []))))
        default:
            context.print(
                ImportRenderer.merged(summary, context.language) + "\n"
                    + (settings.map { ImportRenderer.settings($0, context.language) + "\n" } ?? ""))
        }
    }

    /// The file's items, and the settings an export of everything carries. The bytes are gone when this returns: held through the merge, a million items' file
    /// would add its size (127 MB) to the import's peak memory.
    /// nil when the file was a card's dump, which this imported.
    func readOrImportCard(_ context: Context) throws -> ExportDocument? {
        let bytes = try ImportCommand.read(file.path)
        let name = ImportCommand.displayName(file.path)
        let found = try plan.format(of: file, bytes: bytes)
        guard found.mergedAlone else { throw ImportFileError.readElsewhere(name, found) }
        if found.kind == .cardDump {
            try CardImport(path: file.path, account: account, format: format, tags: tags, member: member).run(bytes, context)
            return nil
        }
        if account != nil { throw CommandError.accountWithoutCardDump(name) }
        // kakeibo's JSON carries each item's member: an option that would be dropped is refused.
        if member != nil { throw ImportFileError.optionNotForJSON(ImportCommand.member.name) }
        do { return try ExportDocument.decode(bytes) } catch { throw CommandError.importFile(name, problem: error) }
    }
}
