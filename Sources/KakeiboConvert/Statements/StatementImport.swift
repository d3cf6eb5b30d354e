import KakeiboCLI
import KakeiboKit

/// `kakeibo import --from statement|rakuten-card|smbc-vpass|paypay|yucho FILE`: a card or payment statement, each
/// line filed by rules, history or as unfiled, added unless the store has its id (so a second import adds nothing).
struct StatementImport {
    /// nil: found from the file (`--from statement`).
    var format: StatementFormat?
    var path: String
    var category: CategoryCode?
    var output: OutputFormat

    /// The `--from` word for "find the format from the file".
    static let detect = "statement"

    /// The statement's bytes read whole; a file that isn't one refuses the import before anything is written.
    static func read(_ path: String, format: StatementFormat?) throws -> Statement {
        let bytes = try ImportCommand.read(path)
        do { return try StatementReader.read(bytes, format: format) } catch {
            throw ImportFailure(path: ImportCommand.displayName(path), problem: error)
        }
    }

    func run(_ context: Context) throws {
        let statement = try StatementImport.read(path, format: format)
        let taxonomy = try context.taxonomy()
        let household = try context.household()
        let filing = try StatementFiling(
            statement, filer: try household.filer(taxonomy: taxonomy, from: statement.period?.lowerBound.yearMonth), unfiledCategory: category)
        // Lines that look typed by hand are counted before the write: the warning is about what the import adds.
        let typed = try household.reconcile(statement.lines, filed: nil).reconciliation.matched.count
        let added = try household.addNew(filing.ordered(statement)).items
        let addedIDs = Set(added.map(\.id))
        let summary = StatementImportSummary(
            source: statement.format.displayName, format: statement.format.rawValue, encoding: statement.encoding.rawValue,
            lines: statement.lines.count, added: added.count, alreadyStored: statement.lines.count - added.count,
            skipped: StatementSkip.allCases.map { ($0.rawValue, statement.skipped[$0] ?? 0) },
            unfiled: filing.unfiled.filter { addedIDs.contains($0.id) }, unfiledCategory: filing.unfiledCategory,
            typedMatches: typed, months: Array(Set(added.map(\.date.yearMonth))).sorted())
        switch output {
        case .json: context.print(JSONRenderer.render(StatementRenderer.importJSON(summary, taxonomy: taxonomy)))
        default: context.print(StatementRenderer.importText(summary, taxonomy: taxonomy, context.language))
        }
    }
}
