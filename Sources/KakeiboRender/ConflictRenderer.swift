import KakeiboOperations
import KakeiboStore
import KakeiboValues

/// `kakeibo conflicts`: each conflict's two versions side by side (table), or as JSON.
public enum ConflictRenderer {
    public static func table(
        _ views: [ConflictView], settings: [SettingConflictView] = [], taxonomy: Taxonomy, style: TextStyle
    ) -> String {
        let l = style.language
        guard !views.isEmpty || !settings.isEmpty else { return l.pick("No conflicts\n", "競合はありません\n") }
        var text = ""
        for view in settings {
            text += l.pick(
                "The household's \(view.setting.rawValue) was changed here and by another member (server revision \(view.theirs.revision)):\n",
                "家計の \(view.setting.rawValue) はここでもほかのメンバーも変更しています（サーバーの版 \(view.theirs.revision)）:\n")
            // Accounts, rules, fixed costs: each entry both changed, field by field.
            guard view.entries.isEmpty else {
                for entry in view.entries { text += "  " + entryLine(entry, taxonomy, l) + "\n" }
                continue
            }
            // A year of notes: each month whose note differs, both notes (a note is free text, not a file's lines).
            let differences: [(String?, String?)]
            if view.setting.notesYear != nil {
                let (mine, theirs) = (SharedSettingFiles.notes(view.mine ?? ""), SharedSettingFiles.notes(view.theirs.value))
                let months = Set(mine.keys).union(theirs.keys).filter { mine[$0] != theirs[$0] }.sorted()
                differences = months.map { month in (mine[month].map { month.iso + " " + $0 }, theirs[month].map { month.iso + " " + $0 }) }
            } else {
                differences = [firstDifference(view.mine, view.theirs.value)].map { ($0.0, $0.1) }
            }
            for (mine, theirs) in differences {
                text += "  " + l.pick("mine:   ", "こちら:   ") + summary(mine, l) + "\n"
                text += "  " + l.pick("theirs: ", "サーバー: ") + summary(theirs, l) + "\n"
            }
        }
        if !settings.isEmpty {
            text += l.pick(
                "Keep one: kakeibo resolve SETTING mine|theirs\n", "どちらかを残す: kakeibo resolve 設定名 mine|theirs\n")
        }
        if let view = settings.first(where: { !$0.entries.isEmpty }), let entry = view.entries.first {
            let example = "kakeibo resolve \(view.setting.rawValue):\(terminalSafe(entry.label)) mine|theirs"
            text += l.pick("One entry alone: \(example)\n", "ひとつの項目だけ: \(example)\n")
        }
        guard !views.isEmpty else { return text }
        if !text.isEmpty { text += "\n" }
        // Names first, the short id last: a whole UUID crowded the names out of 80 columns.
        var table = TextTable([
            .left(l.pick("Name", "品名")).shrinking(), .left(l.pick("Side", "側")), .left(l.pick("Date", "日付")), .right(l.pick("Price", "金額")),
            .left(l.pick("Category", "分類")).shrinking(), .left(l.pick("ID", "ID")).inked(.dim),
        ])
        var details: [ItemDetails] = []
        for (view, id) in zip(views, shortIDs(views.map(\.conflict.id))) {
            table.add(row(id, l.pick("mine", "こちら"), view.mine, deleted: view.mine == nil, taxonomy, l))
            table.add(row("", l.pick("theirs", "サーバー"), view.conflict.theirs, deleted: view.conflict.theirsDeleted, taxonomy, l))
            // Two versions that part only in a detail or a tag show it on the line under each.
            details += [view.mine?.details ?? .none, view.conflict.theirsDeleted ? .none : view.conflict.theirs?.details ?? .none]
        }
        return text + DetailLines.interleave(table.render(style), details: details, style: style)
            + l.pick(
                "Keep one: kakeibo resolve ID mine|theirs\n", "どちらかを残す: kakeibo resolve ID mine|theirs\n")
    }

    /// One entry both sides changed, in a line: `account 楽天カード: member ayumi (mine) vs ken (theirs)`.
    static func entryLine(_ entry: SettingEntryConflict, _ taxonomy: Taxonomy, _ l: Language) -> String {
        let (mine, theirs) = (l.pick("(mine)", "（こちら）"), l.pick("(theirs)", "（サーバー）"))
        // A budget is named as `budget list` names it (its category's name), the others by their own name.
        var label = entry.label
        if case .budget(let budget)? = entry.mine ?? entry.theirs { label = budget.target.label(taxonomy, l) }
        let head = kindName(entry.kind, l) + " " + terminalSafe(label) + ": "
        guard entry.mine != nil, entry.theirs != nil else {
            let removed = l.pick("removed", "削除")
            let changed = l.pick("changed", "変更")
            return head + (entry.mine == nil ? "\(removed) \(mine) vs \(changed) \(theirs)" : "\(changed) \(mine) vs \(removed) \(theirs)")
        }
        func shown(_ value: String?) -> String { value.map { $0.isEmpty ? l.pick("(none)", "（なし）") : terminalSafe($0) } ?? "" }
        return head
            + entry.differences.map { difference in
                fieldName(difference.name, l) + " " + shown(difference.mine) + " " + mine + " vs " + shown(difference.theirs) + " " + theirs
            }.joined(separator: "; ")
    }

    static func kindName(_ kind: SettingEntry.Kind, _ l: Language) -> String {
        switch kind {
        case .account: return l.pick("account", "口座")
        case .rule: return l.pick("rule", "ルール")
        case .member: return l.pick("statement user", "明細の利用者")
        case .fixedCost: return l.pick("fixed cost", "固定費")
        case .skip: return l.pick("skipped month", "スキップした月")
        case .budget: return l.pick("budget", "予算")
        case .savings: return l.pick("savings goal", "貯蓄目標")
        case .layout: return l.pick("layout", "レイアウト")
        }
    }

    /// A field's name as its file writes it (English), or in Japanese.
    static func fieldName(_ name: String, _ l: Language) -> String {
        let japanese = [
            "name": "名前", "kind": "種類", "member": "メンバー", "aliases": "呼び名", "former": "旧名", "pattern": "パターン", "category": "分類",
            "payment": "支払い", "tags": "タグ", "user": "利用者", "price": "金額", "day": "日", "months": "月", "every": "間隔", "from": "開始",
            "until": "終了", "id": "ID", "month": "月", "amount": "金額", "cadence": "周期", "layout": "レイアウト",
        ]
        return l == .ja ? japanese[name] ?? name : name
    }

    /// Where two values part: the first line each has that the other hasn't at that place (the whole value when one
    /// is a single line, or not set).
    static func firstDifference(_ mine: String?, _ theirs: String) -> (String?, String) {
        guard let mine else { return (nil, theirs) }
        let a = mine.split(whereSeparator: \.isNewline).map(String.init)
        let b = theirs.split(whereSeparator: \.isNewline).map(String.init)
        guard let at = (0..<max(a.count, b.count)).first(where: { $0 >= a.count || $0 >= b.count || a[$0] != b[$0] }) else { return (mine, theirs) }
        return (at < a.count ? a[at] : "", at < b.count ? b[at] : "")
    }

    /// A setting's value in one line: its first 60 characters, or "(not set)".
    static func summary(_ value: String?, _ l: Language) -> String {
        guard let value else { return l.pick("(not set)", "（未設定）") }
        let line = terminalSafe(value.split(whereSeparator: \.isNewline).map { trimWhitespace(String($0)) }.joined(separator: " "))
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }

    private static func row(
        _ id: String, _ side: String, _ item: WireItem?, deleted: Bool, _ taxonomy: Taxonomy, _ language: Language
    ) -> [TextTable.Cell] {
        guard let item, !deleted else {
            return [.init(language.pick("(deleted)", "（削除）")), .init(side), .init("—"), .init(""), .init(""), .init(id)]
        }
        return [
            .init(item.name), .init(side), .init(item.date.iso), .init(item.price.formatted(language)),
            .init(taxonomy.label(item.category, language)), .init(id),
        ]
    }

    /// What a resolve kept, in one line.
    public static func kept(_ what: String, _ side: ConflictSide, _ l: Language) -> String {
        side == .mine
            ? l.pick("Kept this version of \(what); the next sync sends it\n", "\(what) はこちらの内容を残しました。次の同期で送ります\n")
            : l.pick("Took the server's version of \(what)\n", "\(what) はサーバーの内容を取り込みました\n")
    }

    /// `[{"id","code","mine","theirs","theirsRevision","mineItem","theirsItem"}…]`: `mine` and `theirs` in the
    /// server's wire format (as first published), `mineItem` and `theirsItem` as `month --format json` writes an item
    /// (ISO date, category and subcategory keys) with its category's `label` (null where a side has no item); then
    /// each setting in conflict, `{"setting","mine","theirs","theirsRevision","entries"}`: `entries`, for a setting
    /// that merges entry by entry, each entry both changed (`entry`).
    public static func json(_ views: [ConflictView], settings: [SettingConflictView] = [], taxonomy: Taxonomy, language: Language) -> String {
        JSONRenderer.render(
            .array(
                items(views, taxonomy, language)
                    + settings.map { view in
                        .object([
                            ("setting", .string(view.setting.rawValue)), ("mine", view.mine.map(JSONValue.string) ?? .null),
                            ("theirs", .string(view.theirs.value)), ("theirsRevision", .integer(view.theirs.revision)),
                            ("entries", .array(view.entries.map(entry))),
                        ])
                    }))
    }

    /// `{"key","kind","label","mineRemoved","theirsRemoved","fields":[{"field","mine","theirs"}]}`.
    static func entry(_ entry: SettingEntryConflict) -> JSONValue {
        .object([
            ("key", .string(entry.key)), ("kind", .string(entry.kind.rawValue)), ("label", .string(entry.label)),
            ("mineRemoved", .bool(entry.mine == nil)), ("theirsRemoved", .bool(entry.theirs == nil)),
            (
                "fields",
                .array(
                    entry.differences.map { field in
                        .object([
                            ("field", .string(field.name)), ("mine", field.mine.map(JSONValue.string) ?? .null),
                            ("theirs", field.theirs.map(JSONValue.string) ?? .null),
                        ])
                    })
            ),
        ])
    }

    static func items(_ views: [ConflictView], _ taxonomy: Taxonomy, _ language: Language) -> [JSONValue] {
        func item(_ wire: WireItem?, _ sync: SyncState) -> JSONValue {
            guard let wire, case .object(let members) = JSONRenderer.item(wire.item(added: Timestamp(milliseconds: 0), sync: sync), taxonomy) else {
                return .null
            }
            return .object(members + [("label", .string(taxonomy.label(wire.category, language)))])
        }
        return views.map { view in
            let theirs = view.conflict.theirsDeleted ? nil : view.conflict.theirs
            return .object([
                ("id", .string(view.conflict.id)), ("code", .string(view.conflict.code)),
                ("mine", view.mine.map(WireJSON.value) ?? .null),
                ("theirs", theirs.map(WireJSON.value) ?? .null),
                ("theirsRevision", .integer(view.conflict.theirsRevision)),
                ("mineItem", item(view.mine, .edited)), ("theirsItem", item(theirs, .synced)),
            ])
        }
    }
}
