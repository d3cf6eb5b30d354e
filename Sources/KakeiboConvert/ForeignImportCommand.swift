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

        func run(_ context: Context) throws {
            let bytes = try ImportCommand.read(path)
            let conversion: Conversion
            do { conversion = try Converter.convert(bytes, from: source, mapping: mapping, fallback: fallback, income: income) } catch {
                throw ImportFailure(path: ImportCommand.displayName(path), problem: error)
            }
            let summary = try ImportCommand.merge(conversion.items, context)
            let taxonomy = try context.taxonomy()
            switch format {
            case .json: context.print(JSONRenderer.render(ImportReport.json(conversion, summary, taxonomy)))
            default: context.print(ImportReport.text(conversion, summary, taxonomy, context.language))
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
            job = .statement(StatementImport(format: StatementFormat(rawValue: word), paths: paths, category: fallback, output: format))
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
        if let bytes = try FileSystem.read(mappingPath) {
            mapping = try mapping.adding(file: bytes, path: mappingPath, taxonomy: taxonomy)
        } else if explicit != nil {
            throw MappingProblem(path: mappingPath, issue: .missing)
        }
        job = .foreign(
            ForeignImport(
                source: source, path: path, mapping: mapping, fallback: fallback, income: IncomeTargets.standard(taxonomy), format: format))
    }

    public func run(_ context: Context) throws {
        switch job {
        case .wire(let command): try command.run(context)
        case .foreign(let job): try job.run(context)
        case .statement(let job): try job.run(context)
        }
    }
}

/// What an import from another app did, for people and for programs.
enum ImportReport {
    static func text(_ conversion: Conversion, _ summary: MergeOutcome, _ taxonomy: Taxonomy, _ language: Language) -> String {
        let from = LocalizedText(
            en: "from \(conversion.source.displayName) (\(conversion.encoding.rawValue))",
            ja: "\(conversion.source.displayName)（\(conversion.encoding.rawValue)）")
        var lines = [summary.text(language, source: from)]
        let skipped = SkipReason.allCases.compactMap { reason in conversion.skipped[reason].map { "\(reason.label(language)) \($0)" } }
        if !skipped.isEmpty {
            let count = conversion.skipped.values.reduce(0, +)
            lines.append(
                language.pick(
                    "Skipped \(rows(count, language)): \(skipped.joined(separator: ", "))",
                    "取り込まなかった行 \(count) 件: \(skipped.joined(separator: "、"))"))
        }
        if conversion.income > 0 {
            lines.append(language.pick("Income: \(rows(conversion.income, language))", "収入: \(conversion.income) 件"))
        }
        if let fallback = conversion.fallback, !conversion.unmapped.isEmpty {
            let count = conversion.unmapped.reduce(0) { $0 + $1.count }
            let list = conversion.unmapped.map { "\($0.name) \($0.count)" }.joined(separator: language.pick(", ", "、"))
            let target = taxonomy.label(fallback, language)
            lines.append(
                language.pick(
                    "Sent \(rows(count, language)) of unmapped categories to \(target): \(list)",
                    "対応のない分類の \(count) 件を「\(target)」にしました: \(list)"))
        }
        if conversion.shortened > 0 {
            lines.append(
                language.pick(
                    "Names cut to \(ItemName.maximumLength) characters: \(conversion.shortened)",
                    "\(ItemName.maximumLength) 文字に縮めた品名: \(conversion.shortened) 件"))
        }
        if conversion.cleaned > 0 {
            lines.append(
                language.pick(
                    "Names whose line breaks or other control characters became spaces: \(conversion.cleaned)",
                    "改行などの制御文字を空白にした品名: \(conversion.cleaned) 件"))
        }
        return lines.map { terminalSafe($0) }.joined(separator: "\n") + "\n"
    }

    /// "1 row", "3 rows" (件 in Japanese).
    static func rows(_ count: Int, _ language: Language) -> String {
        language.pick(count == 1 ? "1 row" : "\(count) rows", "\(count) 件")
    }

    static func json(_ conversion: Conversion, _ summary: MergeOutcome, _ taxonomy: Taxonomy) -> JSONValue {
        let fallback: JSONValue =
            conversion.fallback.map { code in
                let key = taxonomy.key(category: code.category)
                return .string(code.subcategory.map { key + "/" + taxonomy.key(category: code.category, subcategory: $0) } ?? key)
            } ?? .null
        return .object(
            summary.jsonFields + [
                ("source", .string(conversion.source.rawValue)),
                ("encoding", .string(conversion.encoding.rawValue)),
                ("rows", .integer(conversion.rows)),
                ("skipped", .object(SkipReason.allCases.map { ($0.rawValue, .integer(conversion.skipped[$0] ?? 0)) })),
                ("unmapped", .array(conversion.unmapped.map { .object([("category", .string($0.name)), ("count", .integer($0.count))]) })),
                ("fallback", fallback),
                ("shortened", .integer(conversion.shortened)),
                ("cleaned", .integer(conversion.cleaned)),
                ("income", .integer(conversion.income)),
            ])
    }
}
