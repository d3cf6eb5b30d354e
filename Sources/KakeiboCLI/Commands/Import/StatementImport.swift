import KakeiboImport
import KakeiboKit

/// `kakeibo import FILE…` of CSV files — card and bank statements, files read with a layout, MoneyForward ME's and
/// Zaim's exports — each file's format found from it (or forced by `--from` / `--layout`). Every file is read and
/// checked before anything is written, then all of them are imported in one change; `--dry-run` says what would
/// be imported and writes nothing.
struct StatementImport {
    /// How the files are to be read.
    enum Choice {
        /// Each file's format found from it: kakeibo's statements, the app exports, then the layouts.
        case detect
        case format(StatementFormat)
        case layout(Layout)
        case app(ImportSource)
    }

    /// A file given to the import, read once (`ImportPlan`, or `reconcile`).
    struct Input {
        var path: String
        var bytes: [UInt8]

        /// The file at `path` (stdin for "-"), read whole.
        static func read(_ path: String) throws -> Input { Input(path: path, bytes: try ImportCommand.read(path)) }
    }

    var choice: Choice
    var inputs: [Input]
    var paths: [String] { inputs.map(\.path) }
    /// `--category`: where lines nothing files go (and an export's unmapped categories).
    var category: CategoryCode?
    var mapping: CategoryMapping
    /// The layouts a file may be found to be: the household's (configuration directory), then kakeibo's.
    var layouts: [Layout]
    var output: OutputFormat
    /// `--tag`: tags every line gets, beside those its rule gives.
    var tags: [String] = []
    /// `--member`: whose every line is.
    var member: String?
    var dryRun = false

    /// The `--from` word for "find the format from the file".
    static let detect = "statement"

    typealias Read = FileImport.Read

    /// A statement file for `reconcile`: found from the file (a layout among `layouts` too), or in the format asked for.
    static func statement(_ input: Input, format: StatementFormat?, layouts: [Layout]) throws -> Statement {
        do { return try StatementReader.read(input.bytes, as: format.map { .format($0) } ?? .detect, layouts: layouts) } catch {
            throw ImportFailure(path: ImportCommand.displayName(input.path), problem: error)
        }
    }

    /// The file's bytes read and understood; a file that isn't readable refuses the import before anything is
    /// written, naming the file.
    /// An export's 振替 rows are kept, in `transfers` (they count in no category).
    static func read(
        _ input: Input, as choice: Choice, layouts: [Layout], mapping: CategoryMapping, category: CategoryCode?, income: IncomeTargets?,
        transfers: CategoryCode?
    ) throws -> Read {
        let (path, bytes) = (input.path, input.bytes)
        do {
            func convert(_ source: ImportSource) throws(ConvertProblem) -> Conversion {
                try Converter.convert(
                    bytes, from: source, mapping: mapping, fallback: category, income: income, transfers: transfers, fileUnmapped: true)
            }
            switch choice {
            case .format(let format): return .statement(try StatementReader.read(bytes, as: .format(format)))
            case .layout(let layout): return .statement(try StatementReader.read(bytes, as: .layout(layout)))
            case .app(let source): return .export(try convert(source))
            case .detect:
                // The one table decides (ImportFormats): kakeibo's formats, then the layouts. A file it doesn't know
                // (or a card's dump, which is merged on its own) is refused by the statements' reader, saying why.
                let options = ReadOptions(mapping: mapping, fallback: category, income: income, transfers: transfers)
                switch try ImportFormats.identify(FileHead(bytes), layouts: layouts)?.read(bytes, options) {
                case .statement(let statement): return .statement(statement)
                case .export(let conversion): return .export(conversion)
                case .items(let bytes):
                    do { return .json(try ExportDocument.decode(bytes).items) } catch {
                        throw CommandError.importFile(ImportCommand.displayName(path), problem: error)
                    }
                case .cardDump, nil: return .statement(try StatementReader.read(bytes, as: .detect, layouts: layouts))
                }
            }
        } catch let error as ConvertProblem { throw ImportFailure(path: ImportCommand.displayName(path), problem: error) }
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let household = try context.household()
        let income = IncomeTargets.standard(taxonomy)
        // Every file is read before anything is written: one bad file imports none.
        let files = try inputs.map {
            FileImport.File(
                name: ImportCommand.displayName($0.path),
                read: try StatementImport.read(
                    $0, as: choice, layouts: layouts, mapping: mapping, category: category, income: income, transfers: taxonomy.unfiled))
        }
        var progress: Progress?
        let done = try FileImport.run(
            files, household: household, taxonomy: taxonomy, category: category, tags: tags, member: try ImportCommand.member(member, context),
            dryRun: dryRun
        ) { total in
            let bar = Progress(total: total, label: context.language.pick("Importing", "取り込み中"), terminal: context.terminal)
            progress = bar
            return { bar.advance() }
        }
        progress?.finish()
        if dryRun {
            switch output {
            case .json: context.print(JSONRenderer.render(ImportRenderer.reportJSON(done.report, taxonomy: taxonomy)))
            default: context.print(ImportRenderer.report(done.report, taxonomy: taxonomy, context.language))
            }
            return
        }
        try printSummaries(done, context)
    }

    /// What a real import prints: one summary for the statements together (as it always has), one per export. What
    /// matching made of the lines is said once, with the first of them.
    func printSummaries(_ done: FileImport.Done, _ context: Context) throws {
        let (imported, unfiled, unfiledCategory, incomeLeftOut, report) = (
            done.imported, done.unfiled, done.unfiledCategory, done.incomeLeftOut, done.report
        )
        let files = done.files.map(\.read)
        let taxonomy = try context.taxonomy()
        let outcomes = imported.files
        var matched: MatchOutcome? = imported.matched
        let statements = files.enumerated().compactMap { index, file -> (Statement, ImportBatchOutcome, [StatementLine])? in
            if case .statement(let statement) = file { (statement, outcomes[index], unfiled[index]) } else { nil }
        }
        var out = ""
        var json: [(String, JSONValue)] = []
        if !statements.isEmpty {
            let kinds = statements.map(\.0.kind).reduce(into: [StatementKind]()) { kinds, kind in
                if !kinds.contains(where: { $0.key == kind.key }) { kinds.append(kind) }
            }
            let encodings = Array(Set(statements.map(\.0.encoding.rawValue))).sorted()
            var skipped: [StatementSkip: Int] = [:]
            for (statement, _, _) in statements { skipped.merge(statement.skipped, uniquingKeysWith: +) }
            if incomeLeftOut > 0 { skipped[.deposit, default: 0] += incomeLeftOut }
            let added = statements.flatMap(\.1.added)
            // A line merged with another source's (which files it) or found to be a transfer is no unfiled spending.
            let addedIDs = Set(added.map(\.id)).subtracting(imported.matched.touchedIDs)
            let lines = statements.reduce(0) { $0 + $1.1.added.count + $1.1.alreadyThere }
            let read = statements.flatMap(\.0.lines)
            let summary = StatementImportSummary(
                source: kinds.map(\.displayName).joined(separator: "、"), format: kinds.count == 1 ? kinds[0].key : StatementImport.detect,
                encoding: encodings.joined(separator: ", "), lines: lines, added: added.count, alreadyStored: lines - added.count,
                skipped: StatementSkip.allCases.map { ($0.rawValue, skipped[$0] ?? 0) },
                unfiled: statements.flatMap(\.2).filter { addedIDs.contains($0.id) }, unfiledCategory: unfiledCategory,
                months: Array(Set(added.map(\.date.yearMonth))).sorted(), matched: matched ?? MatchOutcome(),
                income: read.filter { $0.flow == .income }.count - incomeLeftOut, charges: read.filter { $0.flow == .charge }.count)
            matched = nil
            out += StatementRenderer.importText(summary, taxonomy: taxonomy, context.language)
            if case .object(let members) = StatementRenderer.importJSON(summary, taxonomy: taxonomy) { json += members }
        }
        for (index, file) in files.enumerated() {
            guard case .export(let conversion) = file else { continue }
            let outcome = outcomes[index]
            let months = Set(outcome.added.map(\.date.yearMonth) + outcome.updated.flatMap { [$0.before.date.yearMonth, $0.after.date.yearMonth] })
            let merged = MergeOutcome(
                imported: conversion.items.count, added: outcome.added.count, updated: outcome.updated.count,
                moved: outcome.updated.filter { $0.before.date.yearMonth != $0.after.date.yearMonth }.count, unchanged: outcome.alreadyThere,
                months: months.sorted(), matched: matched ?? MatchOutcome())
            matched = nil
            let summary = conversion.summary(merged: merged)
            out += ImportRenderer.foreign(summary, taxonomy: taxonomy, context.language)
            if conversion.fallback == nil { out += ImportRenderer.unmapped(report.files[index].unmapped, taxonomy: taxonomy, context.language) }
            if json.isEmpty, case .object(let members) = ImportRenderer.foreignJSONValue(summary, taxonomy: taxonomy) { json += members }
        }
        out += ImportRenderer.notes(report, context.language)
        switch output {
        case .json:
            context.print(
                JSONRenderer.render(.object(json + [("files", ImportRenderer.reportJSON(report, taxonomy: taxonomy)["files"] ?? .array([]))])))
        default: context.print(out)
        }
    }
}
