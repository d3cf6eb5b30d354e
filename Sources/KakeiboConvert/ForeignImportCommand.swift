import KakeiboCLI
import KakeiboKit

/// the companion's `import`: with `--from moneyforward|zaim`, reads that app's CSV export, with `--from statement` (or a
/// statement's format) a card or payment statement; without, it is the
/// built-in import. Help, options and the write (`ImportCommand.merge`, over `Household.merge`) are the built-in command's.
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
        guard let from = try arguments[ImportCommand.from] else {
            job = .wire(try ImportCommand(arguments, context))
            return
        }
        let paths = try ForeignImportCommand.positionals(arguments)
        let format = try arguments[ImportCommand.format] ?? .table
        let taxonomy = try context.taxonomy()
        let fallback = try arguments[ImportCommand.category].map { try taxonomy.resolve($0) }
        let word = from.lowercased()
        if word == StatementImport.detect || StatementFormat(rawValue: word) != nil {
            if arguments.given(ImportCommand.mapping) { throw UsageError.onlyWith(ImportCommand.mapping.name, "--from moneyforward|zaim") }
            job = .statement(
                StatementImport(
                    format: StatementFormat(rawValue: word), paths: paths, category: fallback, output: format,
                    tags: try ImportCommand.tags(arguments), member: try arguments[ImportCommand.member]))
            return
        }
        let path = try ImportCommand.onePath(arguments)
        guard let source = ImportSource(rawValue: word) else {
            throw UsageError.invalidChoice(
                option: ImportCommand.from.name, value: from,
                choices: ImportSource.allCases.map(\.rawValue) + [StatementImport.detect] + StatementFormat.allCases.map(\.rawValue))
        }
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
                source: source, path: path, mapping: mapping, fallback: fallback, income: IncomeTargets.standard(taxonomy), format: format,
                tags: try ImportCommand.tags(arguments), member: try arguments[ImportCommand.member]))
    }

    public func run(_ context: Context) throws {
        switch job {
        case .wire(let command): try command.run(context)
        case .foreign(let job): try job.run(context)
        case .statement(let job): try job.run(context)
        }
    }
}
