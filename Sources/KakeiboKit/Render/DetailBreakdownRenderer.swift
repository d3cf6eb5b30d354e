/// `month` and `year` grouped by a detail (`--by payment|member|shop`), in each format.
public enum DetailBreakdownRenderer {
    public static func table(_ breakdown: DetailBreakdown, heading: String, style: TextStyle) -> String {
        let language = style.language
        guard breakdown.count > 0 else { return style.bold(terminalSafe(heading)) + "\n" + Labels.noData(language) + "\n" }
        var out = style.bold(terminalSafe(heading)) + "\n"
        out += "\(Labels.total(language)) \(breakdown.total.formatted(language)) · \(Labels.count(breakdown.count, language))\n\n"
        var table = TextTable(
            [.left, .right, .right, .right],
            header: [
                language.pick(breakdown.field.englishHeading, breakdown.field.japanese), language.pick("Amount", "金額"),
                language.pick("Count", "件数"), language.pick("Share", "割合"),
            ])
        table.shrinkable = [0]
        for row in breakdown.rows {
            table.add(
                truncate(DetailBreakdown.label(row, language), to: 32), row.total.formatted(language), Yen(row.count).grouped,
                Labels.percent(row.share))
        }
        return out + table.render(style)
    }

    /// `{…period, "by": "payment", "total", "count", "breakdown": [{"value","label","total","count","share"}]}`.
    public static func json(_ breakdown: DetailBreakdown, period: [(String, JSONValue)], language: Language) -> String {
        JSONRenderer.render(
            .object(
                period + [
                    ("by", .string(breakdown.field.rawValue)),
                    ("total", .integer(breakdown.total.amount)),
                    ("count", .integer(breakdown.count)),
                    ("breakdown", .array(breakdown.rows.map { row($0, language) })),
                ]))
    }

    static func row(_ row: DetailBreakdown.Row, _ language: Language) -> JSONValue {
        .object([
            ("value", row.value.map(JSONValue.string) ?? .null),
            ("label", .string(DetailBreakdown.label(row, language))),
            ("total", .integer(row.total.amount)),
            ("count", .integer(row.count)),
            ("share", .number(JSONRenderer.shareValue(row.share))),
        ])
    }

    /// `value,label,total,count,share`, one row per value.
    public static func csv(_ breakdown: DetailBreakdown, language: Language) -> String {
        var out = CSVRenderer.row(["value", "label", "total", "count", "share"])
        for row in breakdown.rows {
            out += CSVRenderer.row([
                row.value ?? "", DetailBreakdown.label(row, language), String(row.total.amount), String(row.count), CSVRenderer.shareText(row.share),
            ])
        }
        return out
    }
}

extension DetailField {
    /// "Payment", "Shop", "Memo", "Member".
    var englishHeading: String {
        switch self {
        case .payment: "Payment"
        case .shop: "Shop"
        case .memo: "Memo"
        case .member: "Member"
        }
    }
}
