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
        var table = TextTable(
            [.left, .left, .left, .right, .left, .left],
            header: [
                language.pick("Added", "登録"), language.pick("Date", "日付"), language.pick("Name", "品名"),
                language.pick("Price", "金額"), language.pick("Category", "項目"), "ID",
            ])
        table.shrinkable = [2, 4]
        table.droppable = [0, 4, 5] // the date it was added goes first, then the category; a fixed cost's whole id last
        for (entry, id) in zip(report.entries, shortIDs(report.entries.map(\.item.id))) {
            let item = entry.item
            table.add([
                .init(entry.added.description, "2"), .init(item.date.iso), .init(terminalSafe(item.name)),
                .init(item.price.formatted(language), item.price.amount < 0 ? "31" : nil),
                .init(taxonomy.label(item.category, language)), .init(terminalSafe(id), "2"),
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
