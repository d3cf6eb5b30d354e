import KakeiboReports
import KakeiboStore
import KakeiboValues

/// `month` and `year` grouped by a detail (`--by payment|member|shop|tag`), in each format.
public enum DetailBreakdownRenderer {
    public static func table(_ breakdown: DetailBreakdown, heading: String, style: TextStyle) -> String {
        let language = style.language
        guard breakdown.count > 0 else { return style.bold(terminalSafe(heading)) + "\n" + Labels.noData(language) + "\n" }
        var out = style.bold(terminalSafe(heading)) + "\n"
        out += "\(Labels.total(language)) \(breakdown.total.formatted(language)) · \(Labels.count(breakdown.count, language))\n\n"
        var table = TextTable([
            .left(columnHeading(breakdown.grouping, language)).shrinking(), .right(language.pick("Amount", "金額")),
            .right(language.pick("Count", "件数")), .right(language.pick("Share", "割合")),
        ])
        for row in breakdown.rows {
            table.add(
                truncate(breakdown.label(row, language), to: 32), row.total.formatted(language), Yen(row.count).grouped,
                Labels.percent(row.share))
        }
        out += table.render(style)
        if breakdown.grouping == .tag && breakdown.overlap > 0 { out += overlapNote(breakdown.overlap, language) + "\n" }
        return out
    }

    /// Why tag rows sum past the total: an item with several tags counts in each of their rows.
    public static func overlapNote(_ count: Int, _ language: Language) -> String {
        language.pick(
            "Items with several tags (\(count)) count in each tag's row: the rows sum past the total.",
            "複数のタグがあるデータ \(count) 件はタグごとの行に数えるため、行の合計は総額を超えます。")
    }

    static func columnHeading(_ grouping: DetailGrouping, _ language: Language) -> String {
        switch grouping {
        case .field(let field): language.pick(field.englishHeading, field.japanese)
        case .tag: language.pick("Tag", "タグ")
        case .account: language.pick("Account", "口座")
        }
    }

    /// `{…period, "by": "payment", "total", "count", "breakdown": [{"value","label","total","count","share"}]}`; by
    /// tag also `"overlap"`: how many items count in more than one row (the rows' totals then sum past `total`).
    public static func json(_ breakdown: DetailBreakdown, period: [(String, JSONValue)], language: Language) -> String {
        JSONRenderer.render(
            .object(
                period + [
                    ("by", .string(breakdown.grouping.key)),
                    ("total", .integer(breakdown.total.amount)),
                    ("count", .integer(breakdown.count)),
                    ("breakdown", .array(breakdown.rows.map { row($0, breakdown, language) })),
                ] + (breakdown.grouping == .tag ? [("overlap", .integer(breakdown.overlap))] : [])))
    }

    static func row(_ row: DetailBreakdown.Row, _ breakdown: DetailBreakdown, _ language: Language) -> JSONValue {
        .object([
            ("value", row.value.map(JSONValue.string) ?? .null),
            ("label", .string(breakdown.label(row, language))),
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
                row.value ?? "", breakdown.label(row, language), String(row.total.amount), String(row.count), CSVRenderer.shareText(row.share),
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
