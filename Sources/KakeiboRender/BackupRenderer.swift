import KakeiboStore
import KakeiboValues

/// `kakeibo backups` and `kakeibo undo`, for people and for scripts. `localTime` turns a UTC instant into the user's
/// wall-clock time.
public enum BackupRenderer {
    /// `items`: what each change did to items, by backup number (a change missing from it is named by its months).
    public static func table(
        _ history: BackupHistory, items: [Int: ChangedItems] = [:], directory: String, style: TextStyle,
        localTime: (Timestamp) -> LocalDateTime
    ) -> String {
        let language = style.language
        guard !history.entries.isEmpty else {
            return language.pick(
                "No backups yet: each change of the store keeps one, in \(directory)\n", "バックアップはまだありません（変更のたびに \(directory) に作られます）\n")
        }
        let states = history.states
        let next = history.nextOwn?.number
        var table = TextTable([
            .right("#"), .left(language.pick("When", "日時")).dropping().inked(.dim), .left(language.pick("Change", "変更")),
            .left(language.pick("Months and files (items before → after)", "月・ファイル（件数 変更前 → 変更後）")).shrinking(),
            .left(language.pick("State", "状態")).shrinking(),
        ])
        for entry in history.entries.reversed() {
            let state = states[entry.number] ?? .inEffect
            table.add([
                .init(String(entry.number), entry.number == next ? .emphasis : nil), .init(localTime(entry.operation.time).description),
                .init(operation(entry.operation, language)),
                .init(([months(entry.months, language)] + files(entry.files)).filter { !$0.isEmpty }.joined(separator: ", ")),
                .init(describe(state, next: entry.number == next, language), state == .inEffect ? nil : .dim),
            ])
        }
        // Under each change, the items it touched.
        let lines = history.entries.reversed().map { entry in items[entry.number].flatMap { named($0, language) } }
        var out = DetailLines.interleave(table.render(style), lines: lines, style: style)
        if let next, let entry = history.entries.first(where: { $0.number == next }) {
            out +=
                "\n"
                + language.pick(
                    "'kakeibo undo' puts back #\(next) (\(change(entry.operation, items[next], language)))\n",
                    "'kakeibo undo' で #\(next)（\(change(entry.operation, items[next], language))）を取り消します\n")
        }
        return out
    }

    /// `{"directory","next","backups":[{"number","operation","time","undoes","state","undoneBy","months":[…],"files":[…],
    /// "items"}]}`, newest first; `items` counts what the change did to items, `{"added","removed","edited"}` (null
    /// when it can't be told).
    public static func json(_ history: BackupHistory, items: [Int: ChangedItems] = [:], directory: String) -> String {
        let states = history.states
        return JSONRenderer.render(
            .object([
                ("directory", .string(directory)),
                ("next", history.nextOwn.map { .integer($0.number) } ?? .null),
                (
                    "backups",
                    .array(
                        history.entries.reversed().map { entry in
                            let state = states[entry.number] ?? .inEffect
                            var undoneBy: JSONValue = .null
                            if case .undone(let by) = state { undoneBy = .integer(by) }
                            return .object([
                                ("number", .integer(entry.number)), ("operation", .string(entry.operation.name)),
                                ("time", .string(entry.operation.time.iso)), ("undoes", entry.operation.undoes.map { .integer($0) } ?? .null),
                                ("state", .string(code(state))), ("undoneBy", undoneBy),
                                ("months", .array(entry.months.map(month))),
                                ("files", .array(entry.files.map(file))),
                                ("items", items[entry.number].map(counts) ?? .null),
                            ])
                        })
                ),
            ]))
    }

    /// What `undo` restored: the change, then each month's items now and before the undo.
    public static func undone(_ outcome: UndoOutcome, style: TextStyle) -> String {
        let language = style.language
        let entry = outcome.entry
        var out = language.pick(
            "Undid #\(entry.number): \(change(entry.operation, outcome.items, language))",
            "#\(entry.number) を取り消しました: \(change(entry.operation, outcome.items, language))")
        if let items = outcome.items, items.count > 1 {
            out += ":\n" + itemLines(items, language)
        } else if outcome.items == nil, !entry.months.isEmpty {
            var table = TextTable([.left(language.pick("Month", "月")), .right(language.pick("Items", "件数")), .right(language.pick("Was", "取り消し前"))])
            for record in entry.months {
                table.add(record.month.iso, count(record.before, language), count(record.after, language))
            }
            out += ":\n" + table.render(style, indent: "  ")
        } else {
            out += "\n"
        }
        for record in entry.files {
            let name = terminalSafe(record.name)
            out +=
                record.before == nil
                ? language.pick("  \(name) removed: there was none before\n", "  \(name) を削除しました（変更前はありませんでした）\n")
                : language.pick("  \(name) put back as it was\n", "  \(name) を元に戻しました\n")
        }
        for skipped in outcome.passedOver {
            out += language.pick(
                "Passed over #\(skipped.number) (\(operation(skipped.operation, language))): its command was interrupted before it changed anything\n",
                "#\(skipped.number)（\(operation(skipped.operation, language))）は変更前に中断されていたので飛ばしました\n")
        }
        for kept in outcome.keptSyncs {
            out += language.pick(
                "Kept #\(kept.number) (\(operation(kept.operation, language))): a sync is not undone; this undo goes with the next sync\n",
                "#\(kept.number)（\(operation(kept.operation, language))）はそのままです（同期は取り消しません）。この取り消しは次の同期で送ります\n")
        }
        out += language.pick("'kakeibo undo \(outcome.backup)' puts it back\n", "'kakeibo undo \(outcome.backup)' で元に戻せます\n")
        return out
    }

    /// A month file's item count, or "no file".
    static func count(_ record: Backups.FileRecord?, _ language: Language) -> String {
        record.map { Yen($0.items).grouped } ?? language.pick("no file", "ファイルなし")
    }

    /// `{"undone","operation","time","backup","months":[{"month","items","was"}],"files":[name…],"passedOver":[…],
    /// "keptSyncs":[…],"changed"}` (the later syncs left in effect); `changed` is what the undone change had done,
    /// `{"added":[item…],"removed":[item…],"edited":[{"before","after"}…]}` with items as `month` writes them (null
    /// when it touched no month).
    public static func undoneJSON(_ outcome: UndoOutcome, taxonomy: Taxonomy) -> String {
        let entry = outcome.entry
        return JSONRenderer.render(
            .object([
                ("undone", .integer(entry.number)), ("operation", .string(entry.operation.name)),
                ("time", .string(entry.operation.time.iso)), ("backup", .integer(outcome.backup)),
                (
                    "months",
                    .array(
                        entry.months.map { record in
                            .object([
                                ("month", .string(record.month.iso)), ("items", record.before.map { .integer($0.items) } ?? .null),
                                ("was", record.after.map { .integer($0.items) } ?? .null),
                            ])
                        })
                ),
                ("files", .array(entry.files.map { .string($0.name) })),
                ("passedOver", .array(outcome.passedOver.map { .integer($0.number) })),
                ("keptSyncs", .array(outcome.keptSyncs.map { .integer($0.number) })),
                (
                    "changed",
                    outcome.items.map { items in
                        .object([
                            ("added", .array(items.added.map { JSONRenderer.item($0, taxonomy) })),
                            ("removed", .array(items.removed.map { JSONRenderer.item($0, taxonomy) })),
                            (
                                "edited",
                                .array(
                                    items.edited.map {
                                        .object([
                                            ("before", JSONRenderer.item($0.before, taxonomy)), ("after", JSONRenderer.item($0.after, taxonomy)),
                                        ])
                                    })
                            ),
                        ])
                    } ?? .null
                ),
            ]))
    }

    // MARK: Pieces

    static func operation(_ operation: StoreOperation, _ language: Language) -> String { terminalSafe(operation.describe(language)) }

    /// The change and the items it touched: "add ケーキ ¥1,200 (2024-11-21)", "edit ケーキ ¥1,200 → ¥1,500
    /// (2024-11-21)", "import 59 items (57 added, 2 edited)"; the operation alone when no item is known.
    static func change(_ operation: StoreOperation, _ items: ChangedItems?, _ language: Language) -> String {
        let name = self.operation(operation, language)
        return items.flatMap { named($0, language) }.map { name + " " + $0 } ?? name
    }

    /// The items of a change: the one item, or how many and what happened to them; nil for none.
    static func named(_ items: ChangedItems, _ language: Language) -> String? {
        guard items.count > 0 else { return nil }
        if items.count == 1 { return items.edited.first.map { edited($0, language) } ?? named((items.added + items.removed)[0], language) }
        let parts = [
            (items.added.count, language.pick("added", "追加")), (items.edited.count, language.pick("edited", "変更")),
            (items.removed.count, language.pick("deleted", "削除")),
        ].filter { $0.0 > 0 }
        return language.pick(
            "\(Labels.count(items.count, language)) (\(parts.map { "\(Yen($0.0).grouped) \($0.1)" }.joined(separator: ", ")))",
            "\(Labels.count(items.count, language))（\(parts.map { "\($0.1) \(Yen($0.0).grouped)" }.joined(separator: "、"))）")
    }

    /// "ケーキ ¥1,200 (2024-11-21)".
    static func named(_ item: Item, _ language: Language) -> String {
        "\(terminalSafe(item.name)) \(item.price.formatted(language))" + language.pick(" (\(item.date.iso))", "（\(item.date.iso)）")
    }

    /// An edited item, each of its name, price and date that changed as "before → after".
    static func edited(_ edit: ChangedItems.Edit, _ language: Language) -> String {
        func pair(_ before: String, _ after: String) -> String { before == after ? after : before + " → " + after }
        let (before, after) = (edit.before, edit.after)
        let date = pair(before.date.iso, after.date.iso)
        return pair(terminalSafe(before.name), terminalSafe(after.name)) + " "
            + pair(before.price.formatted(language), after.price.formatted(language))
            + language.pick(" (\(date))", "（\(date)）")
    }

    /// One line for each item of a change of several (the first ten, then how many more).
    static func itemLines(_ items: ChangedItems, _ language: Language) -> String {
        let lines =
            items.added.map { language.pick("added ", "追加 ") + named($0, language) }
            + items.edited.map { language.pick("edited ", "変更 ") + edited($0, language) }
            + items.removed.map { language.pick("deleted ", "削除 ") + named($0, language) }
        var out = lines.prefix(10).map { "  " + $0 + "\n" }.joined()
        if lines.count > 10 { out += language.pick("  … and \(Yen(lines.count - 10).grouped) more\n", "  …ほか \(Yen(lines.count - 10).grouped) 件\n") }
        return out
    }

    static func counts(_ items: ChangedItems) -> JSONValue {
        .object([("added", .integer(items.added.count)), ("removed", .integer(items.removed.count)), ("edited", .integer(items.edited.count))])
    }

    /// "2024-12 (3 → 5)", with "-" for a month that had (or has) no file; more than two months as their span and
    /// their items together: "2024-01…2024-12, 12 months (2 → 300)".
    static func months(_ records: [Backups.MonthRecord], _ language: Language) -> String {
        func items(_ files: [Backups.FileRecord?]) -> String {
            files.allSatisfy { $0 == nil } ? "-" : Yen(files.reduce(0) { $0 + ($1?.items ?? 0) }).grouped
        }
        guard records.count > 2, let first = records.first, let last = records.last else {
            return records.map { "\($0.month.iso) (\(items([$0.before])) → \(items([$0.after])))" }.joined(separator: ", ")
        }
        let counts = "\(items(records.map(\.before))) → \(items(records.map(\.after)))"
        return language.pick(
            "\(first.month.iso)…\(last.month.iso), \(records.count) months (\(counts))",
            "\(first.month.iso)…\(last.month.iso)（\(records.count) か月、\(counts)）")
    }

    /// The store's other files a change touched, by name: "budgets.json".
    static func files(_ records: [Backups.StoreFileRecord]) -> [String] { records.map { terminalSafe($0.name) } }

    static func describe(_ state: BackupHistory.State, next: Bool, _ language: Language) -> String {
        switch state {
        case .inEffect: return next ? language.pick("in effect ← undo", "有効 ← undo") : language.pick("in effect", "有効")
        case .undone(let by): return language.pick("undone by #\(by)", "#\(by) で取り消し済み")
        case .interrupted: return language.pick("interrupted: changed nothing", "中断（変更なし）")
        }
    }

    static func code(_ state: BackupHistory.State) -> String {
        switch state {
        case .inEffect: "inEffect"
        case .undone: "undone"
        case .interrupted: "interrupted"
        }
    }

    static func file(_ record: Backups.StoreFileRecord) -> JSONValue {
        func side(_ fingerprint: Fingerprint?) -> JSONValue { fingerprint.map { .object([("bytes", .integer($0.byteCount))]) } ?? .null }
        return .object([("file", .string(record.name)), ("before", side(record.before)), ("after", side(record.after))])
    }

    static func month(_ record: Backups.MonthRecord) -> JSONValue {
        func file(_ record: Backups.FileRecord?) -> JSONValue {
            record.map { .object([("items", .integer($0.items)), ("bytes", .integer($0.fingerprint.byteCount))]) } ?? .null
        }
        return .object([("month", .string(record.month.iso)), ("before", file(record.before)), ("after", file(record.after))])
    }
}
