import KakeiboKit

/// What `month` and `year` take to group and filter by details: `--by category|payment|member|shop|tag`, and
/// `--payment`, `--member`, `--shop` to keep only items with that value.
enum DetailReportOptions {
    enum By: String, CaseIterable, Sendable {
        case category, payment, account, member, shop, tag

        var grouping: DetailGrouping? {
            switch self {
            case .tag: .tag
            case .account: .account
            default: DetailField(rawValue: rawValue).map { .field($0) }
            }
        }
    }

    static let by = Option.choice(
        "--by", By.allCases,
        help: LocalizedText(
            en:
                "break down by this (default category); payment and account group each account's spellings; by tag an item counts in each of its tags' rows",
            ja: "内訳の基準（既定は category）。payment と account は口座ごと（呼び名をまとめて）。tag ではタグごとの行にそれぞれ数えます"))
    static let payment = filter(.payment, LocalizedText(en: "only items paid this way", ja: "この支払方法のデータだけ"))
    static let member = filter(.member, LocalizedText(en: "only items this member paid", ja: "このメンバーが払ったデータだけ"))
    static let shop = filter(.shop, LocalizedText(en: "only items from this shop", ja: "このお店のデータだけ"))

    static let all: [any OptionDeclaration] = [by, payment, member, shop]

    static func filter(_ field: DetailField, _ help: LocalizedText) -> Option<String> {
        Option("--" + field.rawValue, value: field == .payment ? "METHOD" : field == .shop ? "SHOP" : "NAME", help: help) {
            try field.validate($0)
        }
    }

    /// The detail filter given; empty for none.
    static func detailFilter(_ arguments: ParsedArguments) throws -> DetailFilter {
        var values: [DetailField: String] = [:]
        for (field, option) in [(DetailField.payment, payment), (.member, member), (.shop, shop)] {
            if let value = try arguments[option] { values[field] = value }
        }
        return DetailFilter(values)
    }

    /// The detail to group by, nil for categories; refuses a chart of a detail breakdown.
    static func grouping(_ arguments: ParsedArguments, format: OutputFormat) throws -> DetailGrouping? {
        guard let field = try arguments[by]?.grouping else { return nil }
        if format == .svg { throw UsageError.invalidChoice(option: "--format", value: "svg", choices: ["table", "json", "csv"]) }
        return field
    }

    /// A detail breakdown in the chosen format.
    static func render(
        _ breakdown: DetailBreakdown, heading: String, period: [(String, JSONValue)], format: OutputFormat, bom: Bool, _ context: Context
    ) -> String {
        switch format {
        case .json: DetailBreakdownRenderer.json(breakdown, period: period, language: context.language)
        case .csv: CSVRenderer.marked(DetailBreakdownRenderer.csv(breakdown, language: context.language), bom)
        default: DetailBreakdownRenderer.table(breakdown, heading: heading, style: context.textStyle)
        }
    }
}
