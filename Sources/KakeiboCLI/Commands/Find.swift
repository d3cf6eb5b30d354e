import KakeiboKit

/// `kakeibo find TEXT` — items over the whole history whose name, shop or memo holds the text (or that the options
/// alone choose), newest first.
struct FindCommand: Command {
    static let from = bound("--from", LocalizedText(en: "from this day, month or year (its first day)", ja: "この日・月・年から（その初日）"))
    static let to = bound("--to", LocalizedText(en: "up to this day, month or year (its last day)", ja: "この日・月・年まで（その最終日）"))
    static let category = Option.category(help: LocalizedText(en: "only this category or subcategory", ja: "この項目・内訳だけ"))
    static let minimum = Option.price("--min", value: "P", help: LocalizedText(en: "price at least P yen", ja: "金額が P 円以上"))
    static let maximum = Option.price("--max", value: "P", help: LocalizedText(en: "price at most P yen", ja: "金額が P 円以下"))
    static let tag = Option<String>(
        "--tag", value: "NAME", help: LocalizedText(en: "only items with this tag (repeat: with every one)", ja: "このタグのデータだけ（繰り返すとすべてを持つデータ）"),
        repeatable: true
    ) { try Tags.validate($0) }
    static let format = OutputFormat.option([.table, .json, .csv])
    static let name = "find"
    static let info = CommandInfo(
        name: name,
        summary: LocalizedText(
            en: "Search every month's items by name, shop or memo, by tag, amount, category or dates", ja: "全期間のデータを品名・お店・メモ、タグ、金額、項目、日付で検索"),
        description: LocalizedText(
            en:
                "Matches a part of the text, ignoring case, the width of letters, digits and kana, and hiragana against katakana (ｺｰﾋｰ and こーひー find コーヒー, ＣＯＦＦＥＥ finds coffee). --tag keeps the items with that tag (#旅行 = 旅行). Without TEXT, the options alone choose (find --min 3000 --max 3000: every item of ¥3,000). Newest first.",
            ja:
                "部分一致で、大文字と小文字、英数字とカナの全角・半角、ひらがなとカタカナを区別しません（ｺｰﾋｰ や こーひー でコーヒー、ＣＯＦＦＥＥ で coffee が見つかります）。--tag はそのタグのデータだけ（#旅行 = 旅行）。TEXT を省くとオプションだけで選びます（find --min 3000 --max 3000 で 3,000 円のデータすべて）。新しい順。"
        ),
        arguments: [
            Argument(
                "TEXT",
                LocalizedText(
                    en: "what to look for (may be left out with --tag, --min, --max, --category, --from or --to)",
                    ja: "探す文字列（--tag、--min、--max、--category、--from、--to があれば省略可）"), .optional)
        ],
        options: [from, to, category, minimum, maximum, tag, format, ByteOrderMark.flag],
        examples: [
            "kakeibo find 炊飯器",
            "kakeibo find ｺｰﾋｰ --from 2024 --max 500",
            "kakeibo find coffee --from 2024-06 --to 2024-12 --format json | jq '.total'",
            "kakeibo find 成城石井 --category food --format csv > seijo.csv",
            "kakeibo find --tag 旅行 --from 2024",
            "kakeibo find --min 3000 --max 3000",
        ])

    /// A bound of the span: a day (as `--date` takes it) or a month or year in the period grammar.
    enum Bound: Sendable {
        case day(DayExpression)
        case period(PeriodExpression)

        func resolve(_ clock: Clock, end: Bool) throws -> CalendarDate {
            switch self {
            case .day(let day): return try day.resolve(today: clock.today)
            case .period(let period):
                let months = try period.resolve(today: clock.today.yearMonth).months
                return end ? months[months.count - 1].last : months[0].first
            }
        }
    }

    static func bound(_ name: String, _ help: LocalizedText) -> Option<Bound> {
        let forms = LocalizedText(
            en: "2024-11, 2024, 先月, " + Option<DayExpression>.dayForms.en, ja: "2024-11、2024、先月、" + Option<DayExpression>.dayForms.ja)
        return Option(name, value: "WHEN", help: help.with(forms)) { text in
            if let day = try? DayExpression.parse(text) { return .day(day) }
            guard let period = try PeriodExpression.parse([text], as: .monthOrYear) else { throw PeriodError.form(text, .monthOrYear) }
            return .period(period)
        }
    }

    let query: SearchQuery
    let format: OutputFormat
    let bom: Bool

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let tags = try Tags.validateAll(try arguments.all(Self.tag))
        let text = try FindCommand.positionals(arguments).first
        do {
            query = try SearchQuery(
                text ?? "", from: try arguments[Self.from]?.resolve(context.clock, end: false),
                to: try arguments[Self.to]?.resolve(context.clock, end: true),
                category: try arguments[Self.category].map { CategoryFilter(try context.taxonomy().resolve($0)) },
                minimum: try arguments[Self.minimum], maximum: try arguments[Self.maximum], tags: tags)
        } catch SearchError.emptyPattern where text == nil {
            // Neither TEXT nor an option that chooses by itself.
            throw UsageError.missingArgument("TEXT", command: FindCommand.name)
        }
        format = try arguments[Self.format] ?? .table
        bom = try ByteOrderMark.wanted(arguments, csv: format == .csv)
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let found = try context.storeForReading().searchTellingApart(query)
        let report = FindReport(query: query, items: found.items, others: found.ids)
        switch format {
        case .json: context.print(FindRenderer.json(report, taxonomy: taxonomy))
        case .csv: context.print(CSVRenderer.marked(CSVRenderer.items(report.items, taxonomy: taxonomy), bom))
        default: context.print(FindRenderer.table(report, taxonomy: taxonomy, style: context.textStyle))
        }
    }
}
