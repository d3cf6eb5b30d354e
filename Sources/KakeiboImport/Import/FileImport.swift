import KakeiboKit

/// Files read together, imported in one change — the operation below `import FILE…` and `reconcile --add`: each
/// export filed by the household's rules and history, each statement's lines filed and set beside what other sources
/// brought, all written as one change (or, for a dry run, not at all), and the report of what each file was found to
/// be and became.
package enum FileImport {
    /// One file read whole: a statement (or a file read with a layout), an app's export, kakeibo's own JSON, or a
    /// transit IC card's dump.
    package enum Read: Sendable {
        case statement(Statement)
        case export(Conversion)
        case json([WireItem])
        case cardDump(CardDump)
    }

    /// A file read, and how messages name it ("stdin" for "-").
    package struct File: Sendable {
        package var name: String
        package var read: Read

        package init(name: String, read: Read) {
            self.name = name
            self.read = read
        }
    }

    /// What the import did: the files as imported (exports filed), the store's outcome, each file's lines left unfiled,
    /// and the report built from them.
    package struct Done {
        package let files: [File]
        package let imported: ImportedFiles
        package let unfiled: [[StatementLine]]
        /// Where a statement's unfiled lines went.
        package let unfiledCategory: CategoryCode
        /// Income lines a statement left out (no income category takes them).
        package let incomeLeftOut: Int
        package let report: ImportReport
    }

    /// Files, tags every line gets beside those its rule gives (`--tag`), whose lines they are (`--member`, else
    /// each account's member), where lines nothing files go (`--category`), a card's account (`--account`). `progress`
    /// is told how many items will be written and gives what to call after each.
    package static func run(
        _ files: [File], household: Household, taxonomy: Taxonomy, category: CategoryCode?, tags: [String], member: ImportMember,
        account: String? = nil, dryRun: Bool, progress: (Int) -> () -> Void
    ) throws -> Done {
        var files = files
        // Lines are filed by the history of the year before the first of them, so a store of ten years is not read
        // whole for every file.
        let first = files.compactMap { file -> YearMonth? in
            switch file.read {
            case .statement(let statement): statement.period?.lowerBound.yearMonth
            case .export(let conversion): conversion.items.map(\.date).min()?.yearMonth
            case .json: nil
            case .cardDump(let dump): dump.records.map(\.record.date.yearMonth).min()
            }
        }.min()
        let filer = try household.filer(taxonomy: taxonomy, from: first)
        for index in files.indices {
            guard case .export(var conversion) = files[index].read else { continue }
            do { try conversion.file(by: filer) } catch { throw ImportFailure(path: files[index].name, problem: error) }
            files[index].read = .export(conversion)
        }
        // A statement's and MoneyForward's lines are their accounts' members'; Zaim's, typed by the member who imports them.
        let accounts = try household.accounts()

        var batches: [ImportBatch] = []
        var cards: [CardBatch] = []
        var unfiledLines: [[StatementLine]] = []
        var unfiledCategory = category ?? taxonomy.unfiled
        var incomeLeftOut = 0
        for file in files {
            switch file.read {
            case .statement(let statement):
                let filing = try StatementFiling(statement, filer: filer, unfiledCategory: category)
                unfiledCategory = filing.unfiledCategory
                incomeLeftOut += filing.incomeLeftOut
                unfiledLines.append(filing.unfiled)
                batches.append(
                    ImportBatch(
                        kind: .statement,
                        items: try tagged(Household.prepared(filing.ordered(statement), member: member, accounts: accounts), tags),
                        formerIDs: Dictionary(statement.lines.filter { !$0.formerIDs.isEmpty }.map { ($0.id, $0.formerIDs) }) { first, _ in first }))
            case .export(let conversion):
                let items = Household.prepared(conversion.items, member: member, accounts: accounts)
                unfiledLines.append([])
                batches.append(ImportBatch(kind: .export, items: try tagged(items, tags)))
            case .json(let items):
                unfiledLines.append([])
                batches.append(ImportBatch(kind: .export, items: try tagged(items, tags)))
            case .cardDump(let dump):
                // Read into the same change after the files (`importFiles`); its place among the batches stays empty.
                unfiledLines.append([])
                batches.append(ImportBatch(kind: .statement, items: []))
                cards.append(
                    CardBatch(dump: dump, account: account, filing: CardFiling(filer: filer, member: member.forced ?? member.fallback, tags: tags)))
            }
        }
        let advance = progress(batches.reduce(0) { $0 + $1.items.count })
        let stated = files.compactMap { file -> Statement? in if case .statement(let statement) = file.read { statement } else { nil } }.compactMap {
            statement in
            statement.account.map { StatedAccount(account: $0, balances: statement.balances, bill: statement.bill) }
        }
        // What the statements state (a card's dump its balance too) is recorded in the import's own change.
        let imported = try household.importFiles(batches, cards: cards, dryRun: dryRun, stated: stated, progress: advance)
        let arriving = Set(imported.files.flatMap { $0.added.map(\.id) } + imported.cards.flatMap { $0.added.map(\.id) })
        var cardOutcomes = imported.cards.makeIterator()
        let (statements, merges) = summaries(
            files.map(\.read), imported, unfiled: unfiledLines, unfiledCategory: unfiledCategory, incomeLeftOut: incomeLeftOut)
        let report = ImportReport(
            dryRun: dryRun,
            files: files.indices.map { index in
                var card: CardImportOutcome?
                if case .cardDump = files[index].read { card = cardOutcomes.next() }
                return fileReport(
                    files[index].name, files[index].read, imported.files[index], unfiled: unfiledLines[index], merge: merges[index], card: card,
                    matched: imported.matched, arriving: arriving, taxonomy: taxonomy)
            }, matched: imported.matched, statements: statements)
        return Done(
            files: files, imported: imported, unfiled: unfiledLines, unfiledCategory: unfiledCategory, incomeLeftOut: incomeLeftOut, report: report)
    }

    /// What a real import sums up beside each file's part: the statements together (as it always has), and each
    /// export's or JSON file's merge, by the file's index. What matching made of the lines is said once, with the
    /// first of them.
    static func summaries(
        _ files: [Read], _ imported: ImportedFiles, unfiled: [[StatementLine]], unfiledCategory: CategoryCode, incomeLeftOut: Int
    ) -> (statements: ImportReport.Statements?, merges: [Int: MergeOutcome]) {
        let outcomes = imported.files
        var matched: MatchOutcome? = imported.matched
        var together: ImportReport.Statements?
        var merges: [Int: MergeOutcome] = [:]
        let statements = files.enumerated().compactMap { index, file -> (Statement, ImportBatchOutcome, [StatementLine])? in
            if case .statement(let statement) = file { (statement, outcomes[index], unfiled[index]) } else { nil }
        }
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
            together =
                ImportReport.Statements(
                    source: kinds.map(\.displayName).joined(separator: "、"),
                    format: kinds.count == 1 ? kinds[0].key : ImportFormats.anyStatement, encoding: encodings.joined(separator: ", "),
                    lines: lines,
                    added: added.count, alreadyStored: lines - added.count,
                    skipped: StatementSkip.allCases.map { ($0.rawValue, skipped[$0] ?? 0) },
                    unfiled: statements.flatMap(\.2).filter { addedIDs.contains($0.id) }, unfiledCategory: unfiledCategory,
                    months: Array(Set(added.map(\.date.yearMonth))).sorted(), matched: matched ?? MatchOutcome(),
                    income: read.filter { $0.flow == .income }.count - incomeLeftOut, charges: read.filter { $0.flow == .charge }.count)
            matched = nil
        }
        for (index, file) in files.enumerated() {
            let count: Int
            switch file {
            case .statement: continue
            case .cardDump:
                // The first part to speak says what matching did: a card's does, from the report's own.
                matched = nil
                continue
            case .export(let conversion): count = conversion.items.count
            case .json(let items): count = items.count
            }
            let outcome = outcomes[index]
            let merged = MergeOutcome(
                imported: count, added: outcome.added.count, updated: 0, moved: 0, unchanged: outcome.alreadyThere + outcome.removedHere,
                months: Set(outcome.added.map(\.date.yearMonth)).sorted(), matched: matched ?? MatchOutcome(), kept: outcome.kept,
                removedHere: outcome.removedHere)
            matched = nil
            merges[index] = merged
        }
        return (together, merges)
    }

    /// The items with `tags` added to those each has (an item may then carry too many: refused, exit 2).
    package static func tagged(_ items: [WireItem], _ tags: [String]) throws(TagError) -> [WireItem] {
        guard !tags.isEmpty else { return items }
        var out = items
        for index in out.indices {
            let all = Tags.adding(tags, to: out[index].details.tags)
            guard all.count <= Tags.maximumCount else { throw .tooMany(count: all.count) }
            out[index].details.tags = all
        }
        return out
    }

    /// One file's part of the report.
    static func fileReport(
        _ name: String, _ file: Read, _ outcome: ImportBatchOutcome, unfiled: [StatementLine], merge: MergeOutcome?, card: CardImportOutcome? = nil,
        matched: MatchOutcome, arriving: Set<String>, taxonomy: Taxonomy
    ) -> ImportReport.File {
        switch file {
        case .cardDump(let dump):
            if let card { return .card(path: name, card, arriving: arriving, taxonomy: taxonomy) }
            // Every dump given is read into the change (`importFiles` answers each): this is the file unread.
            return ImportReport.File(
                path: name, format: "felica", formatName: "IC card dump", variant: dump.idm ?? "", encoding: "ASCII", rows: dump.records.count,
                lines: 0, outcome: outcome, setAside: [], unfiled: [], unmapped: [], notes: [], taxonomy: taxonomy)
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
                    ], taxonomy: taxonomy, export: merge.map { conversion.summary(merged: $0) })
        case .json(let items):
            return ImportReport.File(
                path: name, format: "kakeibo", formatName: "kakeibo JSON", variant: "", encoding: SourceEncoding.utf8.rawValue, rows: items.count,
                lines: items.count, outcome: outcome, matched: matched, arriving: arriving, setAside: [], unfiled: [], unmapped: [], notes: [],
                taxonomy: taxonomy, merged: merge)
        }
    }
}
