import KakeiboCLI
import KakeiboKit

/// `kakeibo reconcile FILE… [--add]` — sets one or more statements beside the store (see `Reconciliation`); with `--add`, adds
/// what only the statement has and records the matches (`Household.reconcile`).
public struct ReconcileCommand: Command {
    public static var name: String { StatementDeclarations.reconcile.name }
    public static var info: CommandInfo { StatementDeclarations.reconcile }

    let paths: [String]
    let format: StatementFormat?
    let add: Bool
    let output: OutputFormat

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        paths = try ReconcileCommand.positionals(arguments)
        if let from = try arguments[StatementDeclarations.from] {
            guard let format = StatementFormat(rawValue: from.lowercased()) else {
                throw UsageError.invalidChoice(
                    option: StatementDeclarations.from.name, value: from, choices: StatementFormat.allCases.map(\.rawValue))
            }
            self.format = format
        } else {
            format = nil
        }
        add = arguments[StatementDeclarations.add]
        output = try arguments[StatementDeclarations.format] ?? .table
    }

    public func run(_ context: Context) throws {
        let layouts = format == nil ? try LayoutCatalog.load(context).layouts : []
        let statements = try paths.map { try StatementImport.statement($0, format: format, layouts: layouts) }
        var seen = Set<String>()
        let lines = statements.flatMap(\.lines).filter { seen.insert($0.id).inserted }
        let taxonomy = try context.taxonomy()
        let household = try context.household()
        var filed: [String: WireItem]?
        if add {
            let filer = try household.filer(taxonomy: taxonomy, from: statements.compactMap { $0.period?.lowerBound.yearMonth }.min())
            filed = [:]
            for statement in statements { filed?.merge(try StatementFiling(statement, filer: filer).items) { first, _ in first } }
        }
        let outcome = try household.reconcile(lines, filed: filed)
        switch output {
        case .json: context.print(JSONRenderer.render(StatementRenderer.reconcileJSON(outcome, taxonomy: taxonomy)))
        default: context.print(StatementRenderer.reconcileText(outcome, added: add, style: context.textStyle))
        }
    }
}
