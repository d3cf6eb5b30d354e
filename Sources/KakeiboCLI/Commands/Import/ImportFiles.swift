import KakeiboImport
import KakeiboKit

extension ImportCommand {
    /// The import of files read together — CSV files (card and bank statements, files read with a layout, other
    /// apps' exports), several files, a dry run — with the format `--from` or `--layout` names, else each file's
    /// found from it; its options checked.
    static func files(_ plan: ImportPlan, _ arguments: ParsedArguments, _ context: Context) throws -> StatementImport {
        let from = try arguments[ImportCommand.from]
        let layoutValue = try arguments[ImportCommand.layout]
        if from != nil, layoutValue != nil { throw UsageError.onlyWith(ImportCommand.layout.name, "no --from") }
        let choice: StatementImport.Choice
        if let layoutValue {
            choice = .layout(try LayoutCatalog.load(context).resolve(layoutValue))
        } else if let from {
            let word = from.lowercased()
            // A card's dump is found from the file (the plan forced its format): nothing else reads it.
            if word == ImportFormats.anyStatement || ImportFormats.named(word)?.kind == .cardDump {
                choice = .detect
            } else if let statement = StatementFormat(rawValue: word) {
                choice = .format(statement)
            } else if let source = ImportSource(rawValue: word) {
                choice = .app(source)
            } else {
                throw UsageError.invalidChoice(
                    option: ImportCommand.from.name, value: from,
                    choices: ImportSource.allCases.map(\.rawValue) + [ImportFormats.anyStatement] + StatementFormat.allCases.map(\.rawValue))
            }
        } else {
            choice = .detect
        }
        // --account names a card's account: given with no dump, it would be dropped.
        if arguments.given(ImportCommand.account), let first = plan.files.first, !plan.files.contains(where: { $0.format?.kind == .cardDump }) {
            throw CommandError.accountWithoutCardDump(ImportCommand.displayName(first.path))
        }
        var files = try files(choice, plan.files.map { StatementImport.Input(path: $0.path, bytes: $0.bytes, format: $0.format) }, arguments, context)
        files.account = try arguments[ImportCommand.account]
        return files
    }

    /// The import of CSV files, its options checked.
    static func files(
        _ choice: StatementImport.Choice, _ inputs: [StatementImport.Input], _ arguments: ParsedArguments, _ context: Context
    ) throws -> StatementImport {
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
            choice: choice, inputs: inputs, category: try arguments[ImportCommand.category].map { try taxonomy.resolve($0) },
            mapping: mapping, layouts: layouts, output: try arguments[ImportCommand.format] ?? .table, tags: try ImportCommand.tags(arguments),
            member: try arguments[ImportCommand.member], dryRun: arguments[ImportCommand.dryRun], year: try arguments[ImportCommand.year])
    }

    /// `--layout-init`: a first layout for the file, from its header and first rows, and what was guessed.
    static func layoutInit(_ path: String, format: OutputFormat, _ context: Context) throws {
        let bytes = try ImportCommand.read(path)
        let guess: LayoutGuess
        do { guess = try LayoutGuess.guess(bytes, fileName: path) } catch {
            throw ImportFailure(path: ImportCommand.displayName(path), problem: error)
        }
        context.note(
            guess.explanation(
                fileName: ImportCommand.displayName(path), directory: try LayoutCatalog.directory(context.environment), in: context.language,
                reading: bytes, today: context.clock.today))
        switch format {
        case .json: context.print(JSONRenderer.render(guess.layout.json))
        default: context.print(guess.layout.fileText)
        }
    }
}
