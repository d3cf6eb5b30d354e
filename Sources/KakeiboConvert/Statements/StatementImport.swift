import KakeiboCLI
import KakeiboKit

/// `kakeibo import STATEMENT…` (or `--from statement|rakuten-card|smbc-vpass|paypay|yucho`): card or payment
/// statements, each line filed by rules, history or as unfiled, added unless the store has its id (so a second
/// import adds nothing).
struct StatementImport {
    /// One or more statements, imported together in one change, each with its format if known before reading.
    var plan: ImportPlan
    var category: CategoryCode?
    var output: OutputFormat
    /// `--tag`: tags every line gets, beside those its rule gives.
    var tags: [String] = []
    /// `--member`: whose every line is.
    var member: String?

    /// The statement's bytes read whole; a file that isn't one refuses the import before anything is written.
    /// `format` nil: found from the bytes (stdin, a pipe, or `reconcile` without `--from`).
    static func read(_ path: String, format: StatementFormat?) throws -> Statement {
        let bytes = try ImportCommand.read(path)
        do { return try StatementReader.read(bytes, format: format) } catch {
            throw ImportFailure(path: ImportCommand.displayName(path), problem: error)
        }
    }

    /// A file of the plan read whole, its format found from it if it was not known.
    func read(_ file: ImportPlan.File) throws -> Statement {
        guard file.format == nil else {
            return try StatementImport.read(file.path, format: file.format.flatMap { StatementFormat(rawValue: $0.name) })
        }
        let bytes = try ImportCommand.read(file.path)
        let format = try plan.format(of: file, bytes: bytes)
        do { return try StatementReader.read(bytes, format: StatementFormat(rawValue: format.name)) } catch {
            throw ImportFailure(path: ImportCommand.displayName(file.path), problem: error)
        }
    }

    func run(_ context: Context) throws {
        // Every file is read before anything is written: one bad file imports none.
        let statements = try plan.files.map(read)
        let taxonomy = try context.taxonomy()
        let household = try context.household()
        let first = statements.compactMap { $0.period?.lowerBound.yearMonth }.min()
        let filer = try household.filer(taxonomy: taxonomy, from: first)
        var lines: [StatementLine] = []
        var items: [WireItem] = []
        var unfiled: [StatementLine] = []
        var unfiledCategory = category ?? taxonomy.unfiled
        var seen = Set<String>()
        var incomeLeftOut = 0
        for statement in statements {
            let filing = try StatementFiling(statement, filer: filer, unfiledCategory: category)
            let unfiledIDs = Set(filing.unfiled.map(\.id))
            unfiledCategory = filing.unfiledCategory
            incomeLeftOut += filing.incomeLeftOut
            // The same statement given twice (or two overlapping exports) is each line once.
            for line in statement.lines where seen.insert(line.id).inserted {
                lines.append(line)
                if let item = filing.items[line.id] { items.append(item) }
                if unfiledIDs.contains(line.id) { unfiled.append(line) }
            }
        }
        let prepared = Household.prepared(items, member: try ImportCommand.member(member, context), accounts: try household.accounts())
        let added = try household.addNew(try ImportCommand.tagged(prepared, tags))
        try household.recordStated(
            statements.compactMap { statement in
                statement.account.map { StatedAccount(account: $0, balances: statement.balances, bill: statement.bill) }
            })
        // A line merged with another source's (which files it) or found to be a transfer is no unfiled spending.
        let settled = Set(added.matched.touchedIDs)
        let addedIDs = Set(added.items.map(\.id)).subtracting(settled)
        let formats = Array(Set(statements.map(\.format))).sorted { $0.rawValue < $1.rawValue }
        let encodings = Array(Set(statements.map(\.encoding.rawValue))).sorted()
        var skipped: [StatementSkip: Int] = [:]
        for statement in statements { skipped.merge(statement.skipped, uniquingKeysWith: +) }
        if incomeLeftOut > 0 { skipped[.deposit, default: 0] += incomeLeftOut }
        let summary = StatementImportSummary(
            source: formats.map(\.displayName).joined(separator: "、"), format: formats.count == 1 ? formats[0].rawValue : ImportFormat.anyStatement,
            encoding: encodings.joined(separator: ", "), lines: lines.count, added: added.items.count,
            alreadyStored: lines.count - added.items.count, skipped: StatementSkip.allCases.map { ($0.rawValue, skipped[$0] ?? 0) },
            unfiled: unfiled.filter { addedIDs.contains($0.id) }, unfiledCategory: unfiledCategory, months: added.months,
            matched: added.matched, income: lines.filter { $0.flow == .income }.count - incomeLeftOut,
            charges: lines.filter { $0.flow == .charge }.count)
        switch output {
        case .json: context.print(JSONRenderer.render(StatementRenderer.importJSON(summary, taxonomy: taxonomy)))
        default: context.print(StatementRenderer.importText(summary, taxonomy: taxonomy, context.language))
        }
    }
}
