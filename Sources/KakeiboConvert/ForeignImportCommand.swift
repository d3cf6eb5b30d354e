import KakeiboCLI
import KakeiboKit

/// The companion's `import`: each file read as its format says (`ImportPlan`: forced by `--from`, or found from the
/// file) — another app's CSV export, card or payment statements, or kakeibo's JSON as the built-in import reads it.
/// Help, options and the write (`ImportCommand.merge`, over `Household.merge`) are the built-in command's.
public struct ForeignImportCommand: Command {
    public static var name: String { ImportCommand.name }
    public static var info: CommandInfo { ImportCommand.info }

    enum Job {
        case wire(ImportCommand)
        case foreign(ForeignImport)
        case statement(StatementImport)
    }

    /// An import of another app's export, checked and ready to run.
    struct ForeignImport {
        var source: ImportSource
        var path: String
        var mapping: CategoryMapping
        var fallback: CategoryCode?
        var income: IncomeTargets?
        var format: OutputFormat
        var tags: [String]
        var member: String?

        func run(_ context: Context) throws {
            let bytes = try ImportCommand.read(path)
            let conversion: Conversion
            let unfiled = try context.taxonomy().unfiled
            do {
                conversion = try Converter.convert(bytes, from: source, mapping: mapping, fallback: fallback, income: income, transfers: unfiled)
            } catch {
                throw ImportFailure(path: ImportCommand.displayName(path), problem: error)
            }
            // MoneyForward's lines are their accounts' members'; Zaim's, typed by the member who imports them.
            let items = Household.prepared(
                conversion.items, member: try ImportCommand.member(member, context), accounts: try context.household().accounts())
            let summary = conversion.summary(merged: try ImportCommand.merge(try ImportCommand.tagged(items, tags), context))
            let taxonomy = try context.taxonomy()
            switch format {
            case .json: context.print(ImportRenderer.foreignJSON(summary, taxonomy: taxonomy))
            default: context.print(ImportRenderer.foreign(summary, taxonomy: taxonomy, context.language))
            }
        }
    }

    let job: Job

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        let plan = try ImportPlan(arguments)
        let known = plan.files.compactMap(\.format)
        // Several files, or `--from statement`, are statements (the plan checked what it could already know).
        if plan.files.count > 1 || plan.statementsOnly || known.first?.kind == .statement {
            if arguments.given(ImportCommand.mapping) { throw UsageError.onlyWith(ImportCommand.mapping.name, "--from moneyforward|zaim") }
            job = .statement(
                StatementImport(
                    plan: plan, category: try ForeignImportCommand.fallback(arguments, context),
                    output: try arguments[ImportCommand.format] ?? .table,
                    tags: try ImportCommand.tags(arguments), member: try arguments[ImportCommand.member]))
            return
        }
        guard let format = known.first, format.kind == .export, let source = ImportSource(rawValue: format.name) else {
            job = .wire(try ImportCommand(plan, arguments))
            return
        }
        let taxonomy = try context.taxonomy()
        var mapping = CategoryMapping.standard(taxonomy)
        let explicit = try arguments[ImportCommand.mapping]
        let mappingPath = try explicit ?? FileSystem.join(try Locations.config(environment: context.environment), "mapping.json")
        if FileSystem.isDevice(mappingPath) { throw CommandError.notAFile(mappingPath) }
        if let bytes = try FileSystem.read(mappingPath, access: .configuration) {
            mapping = try mapping.adding(file: bytes, path: mappingPath, taxonomy: taxonomy)
        } else if explicit != nil {
            throw MappingProblem(path: mappingPath, issue: .missing)
        }
        job = .foreign(
            ForeignImport(
                source: source, path: plan.files[0].path, mapping: mapping, fallback: try ForeignImportCommand.fallback(arguments, context),
                income: IncomeTargets.standard(taxonomy), format: try arguments[ImportCommand.format] ?? .table,
                tags: try ImportCommand.tags(arguments), member: try arguments[ImportCommand.member]))
    }

    /// `--category`: where what no rule or mapping files goes.
    static func fallback(_ arguments: ParsedArguments, _ context: Context) throws -> CategoryCode? {
        try arguments[ImportCommand.category].map { try context.taxonomy().resolve($0) }
    }

    public func run(_ context: Context) throws {
        switch job {
        case .wire(let command): try command.run(context)
        case .foreign(let job): try job.run(context)
        case .statement(let job): try job.run(context)
        }
    }
}
