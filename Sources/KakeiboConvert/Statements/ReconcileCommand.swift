import KakeiboCLI
import KakeiboKit

/// `kakeibo reconcile FILE [--add]` — sets a statement beside the store (see `Reconciliation`); with `--add`, adds
/// what only the statement has and records the matches (`Household.reconcile`).
public struct ReconcileCommand: Command {
    public static var name: String { StatementDeclarations.reconcile.name }
    public static var info: CommandInfo { StatementDeclarations.reconcile }

    let path: String
    let format: StatementFormat?
    let add: Bool
    let output: OutputFormat

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        path = try ReconcileCommand.positionals(arguments)[0]
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
        let statement = try StatementImport.read(path, format: format)
        let taxonomy = try context.taxonomy()
        let household = try context.household()
        let filed =
            try add
            ? StatementFiling(statement, filer: try household.filer(taxonomy: taxonomy, from: statement.period?.lowerBound.yearMonth)).items : nil
        let outcome = try household.reconcile(statement.lines, filed: filed)
        switch output {
        case .json: context.print(JSONRenderer.render(StatementRenderer.reconcileJSON(outcome, taxonomy: taxonomy)))
        default: context.print(StatementRenderer.reconcileText(outcome, added: add, style: context.textStyle))
        }
    }
}
