import KakeiboCLI
import KakeiboKit

/// The companion's `import`: CSV files — card and bank statements, files read with a layout, MoneyForward ME's and
/// Zaim's exports — their format found from each file, or named with `--from` or `--layout`; `--layout-init` writes
/// a first layout for a file; without any of these, a file of kakeibo's JSON is the built-in import. Help, options
/// and the write of JSON (`ImportCommand`) are the built-in command's.
package struct ForeignImportCommand: Command {
    package static var name: String { ImportCommand.name }
    package static var info: CommandInfo { ImportCommand.info }

    enum Job {
        case wire(ImportCommand)
        case files(StatementImport)
        case layoutInit(path: String, format: OutputFormat)
    }

    let job: Job

    package init(_ arguments: ParsedArguments, _ context: Context) throws {
        let from = try arguments[ImportCommand.from]
        let layoutValue = try arguments[ImportCommand.layout]
        let paths = try ForeignImportCommand.positionals(arguments)
        let format = try arguments[ImportCommand.format] ?? .table
        if arguments[ImportCommand.layoutInit] {
            for option in [ImportCommand.from, ImportCommand.layout, ImportCommand.mapping, ImportCommand.category] where arguments.given(option) {
                throw UsageError.onlyWith(option.name, ImportCommand.from.name + "|" + ImportCommand.layout.name)
            }
            if arguments.given(ImportCommand.dryRun) { throw UsageError.onlyWith(ImportCommand.dryRun.name, ImportCommand.from.name) }
            job = .layoutInit(path: try ImportCommand.onePath(arguments), format: format)
            return
        }
        if from != nil, layoutValue != nil { throw UsageError.onlyWith(ImportCommand.layout.name, "no --from") }
        // Without --from or --layout: a CSV file's format is found from it; kakeibo's JSON is the built-in import.
        if from == nil, layoutValue == nil, let first = paths.first, try first == "-" || ImportCommand.looksLikeJSON(ImportCommand.read(first)) {
            if arguments.given(ImportCommand.dryRun) {
                job = .files(try ForeignImportCommand.files(.detect, arguments, context))
                return
            }
            job = .wire(try ImportCommand(arguments, context))
            return
        }
        let choice: StatementImport.Choice
        if let layoutValue {
            choice = .layout(try LayoutCatalog.load(context).resolve(layoutValue))
        } else if let from {
            let word = from.lowercased()
            if word == StatementImport.detect {
                choice = .detect
            } else if let statement = StatementFormat(rawValue: word) {
                choice = .format(statement)
            } else if let source = ImportSource(rawValue: word) {
                choice = .app(source)
            } else {
                throw UsageError.invalidChoice(
                    option: ImportCommand.from.name, value: from,
                    choices: ImportSource.allCases.map(\.rawValue) + [StatementImport.detect] + StatementFormat.allCases.map(\.rawValue))
            }
        } else {
            choice = .detect
        }
        job = .files(try ForeignImportCommand.files(choice, arguments, context))
    }

    /// The import of CSV files, its options checked.
    static func files(_ choice: StatementImport.Choice, _ arguments: ParsedArguments, _ context: Context) throws -> StatementImport {
        let taxonomy = try context.taxonomy()
        if arguments.given(ImportCommand.mapping) {
            switch choice {
            case .app, .detect: break
            case .format, .layout: throw UsageError.onlyWith(ImportCommand.mapping.name, "--from moneyforward|zaim")
            }
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
        let layouts: [Layout]
        if case .detect = choice { layouts = try LayoutCatalog.load(context).layouts } else { layouts = [] }
        return StatementImport(
            choice: choice, paths: try positionals(arguments), category: try arguments[ImportCommand.category].map { try taxonomy.resolve($0) },
            mapping: mapping, layouts: layouts, output: try arguments[ImportCommand.format] ?? .table, tags: try ImportCommand.tags(arguments),
            member: try arguments[ImportCommand.member], dryRun: arguments[ImportCommand.dryRun], year: try arguments[ImportCommand.year])
    }

    package func run(_ context: Context) throws {
        switch job {
        case .wire(let command): try command.run(context)
        case .files(let job): try job.run(context)
        case .layoutInit(let path, let format):
            let bytes = try ImportCommand.read(path)
            let guess: LayoutGuess
            do { guess = try LayoutGuess.guess(bytes, fileName: path) } catch {
                throw ImportFailure(path: ImportCommand.displayName(path), problem: error)
            }
            context.note(
                guess.explanation(fileName: ImportCommand.displayName(path), directory: try LayoutCatalog.directory(context), in: context.language))
            switch format {
            case .json: context.print(JSONRenderer.render(guess.layout.json))
            default: context.print(guess.layout.fileText)
            }
        }
    }
}
