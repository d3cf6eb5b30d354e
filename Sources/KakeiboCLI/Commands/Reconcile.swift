import KakeiboImport
import KakeiboKit

/// `kakeibo reconcile FILE… [--add]` — sets one or more statements beside the store as an import would merge them (see
/// `Reconciliation`), writing nothing; `--add` is the import (`import --from statement`).
package struct ReconcileCommand: Command {
    package static var name: String { StatementDeclarations.reconcile.name }
    package static var info: CommandInfo { StatementDeclarations.reconcile }

    let paths: [String]
    let format: StatementFormat?
    let add: Bool
    let output: OutputFormat

    package init(_ arguments: ParsedArguments, _ context: Context) throws {
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

    package func run(_ context: Context) throws {
        let inputs = try paths.map(StatementImport.Input.read)
        let layouts = format == nil ? try LayoutCatalog.load(context).layouts : []
        // --add is the import itself: the lines are added, merged with what other sources have, once.
        if add {
            return try StatementImport(
                choice: format.map { .format($0) } ?? .detect, inputs: inputs, category: nil,
                mapping: CategoryMapping.standard(try context.taxonomy()),
                layouts: layouts, output: output
            ).run(context)
        }
        let statements = try inputs.map { try StatementImport.statement($0, format: format, layouts: layouts) }
        var seen = Set<String>()
        let lines = statements.flatMap(\.lines).filter { seen.insert($0.id).inserted }
        let taxonomy = try context.taxonomy()
        let household = try context.household()
        let filer = try household.filer(taxonomy: taxonomy, from: statements.compactMap { $0.period?.lowerBound.yearMonth }.min())
        var filed: [String: WireItem] = [:]
        for statement in statements { filed.merge(try StatementFiling(statement, filer: filer).items) { first, _ in first } }
        let prepared = Household.prepared(Array(filed.values), member: try ImportCommand.member(nil, context), accounts: try household.accounts())
        let report = try household.reconcile(lines, items: Dictionary(prepared.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
        switch output {
        case .json: context.print(JSONRenderer.render(StatementRenderer.reconcileJSON(report, taxonomy: taxonomy)))
        default: context.print(StatementRenderer.reconcileText(report, style: context.textStyle))
        }
    }
}
