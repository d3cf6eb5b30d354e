import KakeiboCLI
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

    var choice: Choice
    var paths: [String]
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
    /// `--year`: the newest row's year, for dates written without one.
    var year: Int?

    /// The `--from` word for "find the format from the file".
    static let detect = "statement"

    /// One file read whole: a statement (or a file read with a layout), an app's export, or kakeibo's own JSON
    /// (read only for a dry run: the real import of it is the built-in command's).
    enum Read {
        case statement(Statement)
        case export(Conversion)
        case json([WireItem])
    }

    /// A statement file for `reconcile`: found from the file (a layout among `layouts` too), or in the format asked for.
    static func statement(_ path: String, format: StatementFormat?, layouts: [Layout]) throws -> Statement {
        let bytes = try ImportCommand.read(path)
        do { return try StatementReader.read(bytes, as: format.map { .format($0) } ?? .detect, layouts: layouts) } catch {
            throw ImportFailure(path: ImportCommand.displayName(path), problem: error)
        }
    }

    /// The file's bytes read and understood; a file that isn't readable refuses the import before anything is
    /// written, naming the file.
    /// An export's 振替 rows are kept, in `transfers` (they count in no category).
    static func read(
        _ path: String, as choice: Choice, layouts: [Layout], mapping: CategoryMapping, category: CategoryCode?, income: IncomeTargets?,
        transfers: CategoryCode?, years: LayoutYears = LayoutYears()
    ) throws -> Read {
        let bytes = try ImportCommand.read(path)
        var years = years
        if path != "-" { years.fileName = FileSystem.lastComponent(path) }
        do {
            func convert(_ source: ImportSource) throws(ConvertProblem) -> Conversion {
                try Converter.convert(
                    bytes, from: source, mapping: mapping, fallback: category, income: income, transfers: transfers, fileUnmapped: true)
            }
            switch choice {
            case .format(let format): return .statement(try StatementReader.read(bytes, as: .format(format)))
            case .layout(let layout): return .statement(try StatementReader.read(bytes, as: .layout(layout), years: years))
            case .app(let source): return .export(try convert(source))
            case .detect:
                if ImportCommand.looksLikeJSON(bytes) {
                    do { return .json(try ExportDocument.decode(bytes).items) } catch {
                        throw CommandError.importFile(ImportCommand.displayName(path), problem: error)
                    }
                }
                if let source = ImportSource.detect(bytes) { return .export(try convert(source)) }
                return .statement(try StatementReader.read(bytes, as: .detect, layouts: layouts, years: years))
            }
        } catch let error as ConvertProblem { throw ImportFailure(path: ImportCommand.displayName(path), problem: error) }
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let household = try context.household()
        let income = IncomeTargets.standard(taxonomy)
        // Every file is read before anything is written: one bad file imports none.
        var files = try paths.map {
            try StatementImport.read(
                $0, as: choice, layouts: layouts, mapping: mapping, category: category, income: income, transfers: taxonomy.unfiled,
                years: LayoutYears(given: year, today: context.clock.today))
        }
        // Lines are filed by the history of the year before the first of them, so a store of ten years is not read
        // whole for every file.
        let first = files.compactMap { file -> YearMonth? in
            switch file {
            case .statement(let statement): statement.period?.lowerBound.yearMonth
            case .export(let conversion): conversion.items.map(\.date).min()?.yearMonth
            case .json: nil
            }
        }.min()
        let filer = try household.filer(taxonomy: taxonomy, from: first)
        for index in files.indices {
            guard case .export(var conversion) = files[index] else { continue }
            do { try conversion.file(by: filer) } catch { throw ImportFailure(path: ImportCommand.displayName(paths[index]), problem: error) }
            files[index] = .export(conversion)
        }
        // A statement's and MoneyForward's lines are their accounts' members'; Zaim's, typed by the member who imports them.
        let member = try ImportCommand.member(member, context)
        let accounts = try household.accounts()

        var batches: [ImportBatch] = []
        var statementLines: [StatementLine] = []
        var unfiledLines: [[StatementLine]] = []
        var unfiledCategory = category ?? taxonomy.unfiled
        var incomeLeftOut = 0
        for file in files {
            switch file {
            case .statement(let statement):
                let filing = try StatementFiling(statement, filer: filer, unfiledCategory: category)
                unfiledCategory = filing.unfiledCategory
                incomeLeftOut += filing.incomeLeftOut
                statementLines += statement.lines
                unfiledLines.append(filing.unfiled)
                batches.append(
                    ImportBatch(
                        kind: .statement,
                        items: try ImportCommand.tagged(Household.prepared(filing.ordered(statement), member: member, accounts: accounts), tags),
                        formerIDs: Dictionary(statement.lines.filter { !$0.formerIDs.isEmpty }.map { ($0.id, $0.formerIDs) }) { first, _ in first }))
            case .export(let conversion):
                let items = Household.prepared(conversion.items, member: member, accounts: accounts)
                unfiledLines.append([])
                batches.append(ImportBatch(kind: .export, items: try ImportCommand.tagged(items, tags)))
            case .json(let items):
                unfiledLines.append([])
                batches.append(ImportBatch(kind: .export, items: try ImportCommand.tagged(items, tags)))
            }
        }
        let progress = Progress(
            total: batches.reduce(0) { $0 + $1.items.count }, label: context.language.pick("Importing", "取り込み中"), terminal: context.terminal)
        let imported = try household.importFiles(batches, dryRun: dryRun, progress: { progress.advance() })
        let outcomes = imported.files
        progress.finish()
        if !dryRun {
            let statements = files.compactMap { file -> Statement? in if case .statement(let statement) = file { statement } else { nil } }
            try household.recordStated(
                statements.compactMap { statement in
                    statement.account.map { StatedAccount(account: $0, balances: statement.balances, bill: statement.bill) }
                })
        }

        let arriving = Set(outcomes.flatMap { $0.added.map(\.id) })
        let report = ImportReport(
            dryRun: dryRun,
            files: zip(paths, zip(files, zip(outcomes, unfiledLines))).map { path, rest in
                StatementImport.fileReport(
                    path, rest.0, rest.1.0, unfiled: rest.1.1, matched: imported.matched, arriving: arriving, taxonomy: taxonomy,
                    language: context.language)
            }, matched: imported.matched)
        if dryRun {
            switch output {
            case .json: context.print(JSONRenderer.render(ImportRenderer.reportJSON(report, taxonomy: taxonomy)))
            default: context.print(ImportRenderer.report(report, taxonomy: taxonomy, context.language))
            }
            return
        }
        try printSummaries(
            files, imported, unfiled: unfiledLines, unfiledCategory: unfiledCategory, incomeLeftOut: incomeLeftOut, report: report, context)
    }

    /// What a real import prints: one summary for the statements together (as it always has), one per export. What
    /// matching made of the lines is said once, with the first of them.
    func printSummaries(
        _ files: [Read], _ imported: ImportedFiles, unfiled: [[StatementLine]], unfiledCategory: CategoryCode, incomeLeftOut: Int,
        report: ImportReport, _ context: Context
    ) throws {
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

    /// One file's part of the report.
    static func fileReport(
        _ path: String, _ file: Read, _ outcome: ImportBatchOutcome, unfiled: [StatementLine], matched: MatchOutcome, arriving: Set<String>,
        taxonomy: Taxonomy, language: Language
    ) -> ImportReport.File {
        let name = ImportCommand.displayName(path)
        switch file {
        case .statement(let statement):
            // A line merged with another source's (which files it) or found to be a transfer is no unfiled spending.
            let added = Set(outcome.added.map(\.id)).subtracting(matched.touchedIDs)
            return ImportReport.File(
                path: name, format: statement.kind.key, formatName: statement.kind.displayName, variant: statement.kind.variant,
                encoding: statement.encoding.rawValue, rows: statement.rows, lines: statement.lines.count, outcome: outcome, matched: matched,
                arriving: arriving,
                setAside: StatementSkip.allCases.compactMap { reason in
                    statement.skipped[reason].map {
                        ImportReport.SetAside(reason: reason.rawValue, count: $0, total: Yen(statement.skippedTotals[reason] ?? 0))
                    }
                },
                unfiled: unfiled.filter { added.contains($0.id) }, unmapped: [],
                notes: statement.notes.map { note in LocalizedText(en: note.message(in: .en), ja: note.message(in: .ja)) },
                taxonomy: taxonomy)
        case .export(let conversion):
            return ImportReport.File(
                path: name, format: conversion.source.rawValue, formatName: conversion.source.displayName, variant: conversion.variant,
                encoding: conversion.encoding.rawValue, rows: conversion.rows, lines: conversion.items.count, outcome: outcome, matched: matched,
                arriving: arriving,
                setAside: SkipReason.allCases.compactMap { reason in
                    conversion.skipped[reason].map { ImportReport.SetAside(reason: reason.rawValue, count: $0, total: .zero) }
                },
                unfiled: [],
                unmapped: conversion.unmapped.map { category in
                    let filing = conversion.unmappedFiling[category.name]
                    return ImportReport.Unmapped(
                        name: category.name, count: category.count, total: Yen(filing?.total ?? 0),
                        filedAs: filing.flatMap { $0.codes.count == 1 ? $0.codes.first : nil })
                },
                notes: conversion.questionMarks == 0
                    ? []
                    : [
                        LocalizedText(
                            en:
                                "\(conversion.questionMarks) names have a '?' where the Shift_JIS download may have lost a character; the app's UTF-8 download keeps them",
                            ja: "\(conversion.questionMarks) 件の名前に「?」があります。Shift_JIS のダウンロードで失われた文字かもしれません（UTF-8 のダウンロードなら残ります）")
                    ], taxonomy: taxonomy)
        case .json(let items):
            return ImportReport.File(
                path: name, format: "kakeibo", formatName: "kakeibo JSON", variant: "", encoding: SourceEncoding.utf8.rawValue, rows: items.count,
                lines: items.count, outcome: outcome, matched: matched, arriving: arriving, setAside: [], unfiled: [], unmapped: [], notes: [],
                taxonomy: taxonomy)
        }
    }
}
