import KakeiboReports
import KakeiboStore
import KakeiboValues

/// `find`'s results for people (a table) and programs (JSON); CSV is `CSVRenderer.items`.
public enum FindRenderer {
    /// "3 items · Total ¥534", then date, name, price, category and short id, newest first, details under an item.
    public static func table(_ report: FindReport, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        guard !report.items.isEmpty else {
            let asked = terminalSafe(([report.query.text].filter { !$0.isEmpty } + report.query.tags.map { "#" + $0 }).joined(separator: " "))
            guard !asked.isEmpty else { return language.pick("Nothing matches\n", "一致するデータはありません\n") }
            return language.pick("Nothing matches '\(asked)'\n", "'\(asked)' に一致するデータはありません\n")
        }
        var out = Labels.count(report.items.count, language) + " · " + Labels.total(language) + " " + report.total.formatted(language) + "\n\n"
        var table = TextTable([
            .left(language.pick("Date", "日付")), .left(language.pick("Name", "品名")).shrinking(), .right(language.pick("Price", "金額")),
            .left(language.pick("Category", "項目")).shrinking().dropping(), .left("ID").dropping().inked(.dim),
        ])
        for (item, id) in zip(report.items, shortIDs(report.items.map(\.id), among: report.others)) {
            table.add([
                .init(item.date.iso), .init(terminalSafe(item.name)), .init(item.price.formatted(language), item.price.amount < 0 ? .negative : nil),
                .init(taxonomy.label(item.category, language)), .init(terminalSafe(id)),
            ])
        }
        out += DetailLines.interleave(table.render(style), report.items, style: style)
        return out
    }

    /// `{"query","tags","count","total","items":[…]}`, items as `month --format json` writes them, newest first
    /// (`query` is "" when no text was asked for).
    public static func json(_ report: FindReport, taxonomy: Taxonomy) -> String {
        JSONRenderer.render(
            .object([
                ("query", .string(report.query.text)),
                ("tags", .array(report.query.tags.map(JSONValue.string))),
                ("count", .integer(report.items.count)),
                ("total", .integer(report.total.amount)),
                ("items", .array(report.items.map { JSONRenderer.item($0, taxonomy) })),
            ]))
    }
}
