import KakeiboReports
import KakeiboStore
import KakeiboValues

/// `recent` in every format.
extension TableRenderer {
    /// The most recently added items: when added (the user's clock), purchase date, name, price, category, short id.
    public static func recent(_ report: RecentReport, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        guard !report.entries.isEmpty else { return Labels.noData(language) + "\n" }
        var out = style.bold(language.pick("Last \(report.entries.count) added", "最近登録した \(report.entries.count) 件")) + "\n"
        // The date it was added goes first, then the category; a fixed cost's whole id last.
        var table = TextTable([
            .left(language.pick("Added", "登録")).dropping(0).inked(.dim), .left(language.pick("Date", "日付")),
            .left(language.pick("Name", "品名")).shrinking(), .right(language.pick("Price", "金額")),
            .left(language.pick("Category", "項目")).shrinking().dropping(1), .left("ID").dropping(2).inked(.dim),
        ])
        for (entry, id) in zip(report.entries, shortIDs(report.entries.map(\.item.id))) {
            let item = entry.item
            table.add([
                .init(entry.added.description), .init(item.date.iso), .init(terminalSafe(item.name)),
                .init(item.price.formatted(language), item.price.amount < 0 ? .negative : nil),
                .init(taxonomy.label(item.category, language)), .init(terminalSafe(id)),
            ])
        }
        out += table.render(style)
        return out
    }
}

extension JSONRenderer {
    /// `{"limit","count","items":[item + "added"]}`, newest first.
    public static func recent(_ report: RecentReport, taxonomy: Taxonomy) -> String {
        render(
            .object([
                ("limit", .integer(report.limit)),
                ("count", .integer(report.entries.count)),
                ("items", .array(report.entries.map { itemWithAdded($0.item, taxonomy) })),
            ]))
    }

    /// An item with `"added"`: when it was recorded here, in UTC.
    static func itemWithAdded(_ value: Item, _ taxonomy: Taxonomy) -> JSONValue {
        guard case .object(let fields) = item(value, taxonomy) else { return item(value, taxonomy) }
        return .object(fields + [("added", .string(value.added.iso))])
    }
}

extension CSVRenderer {
    /// One row per item, newest first: `id,date,name,price,category,subcategory,added`.
    public static func recent(_ report: RecentReport, taxonomy: Taxonomy) -> String {
        var out = row(["id", "date", "name", "price", "category", "subcategory", "added"])
        for entry in report.entries {
            let item = entry.item
            out += row([
                item.id, item.date.iso, item.name, String(item.price.amount), taxonomy.key(category: item.category.category),
                item.category.subcategory.map { taxonomy.key(category: item.category.category, subcategory: $0) } ?? "",
                item.added.iso,
            ])
        }
        return out
    }
}
