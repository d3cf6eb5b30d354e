import KakeiboKit

/// `kakeibo month [YEAR MONTH]` — a month's total, breakdown and items.
struct MonthCommand: Command {
    static let name = "month"
    static let summary = LocalizedText(en: "Show a month: total, breakdown by category, items", ja: "月の合計・項目別の内訳・一覧を表示")
    static let synopsis = "month [YEAR MONTH] [--category CAT[/SUB]] [--sort date|price] [--desc] [--format table|json|csv]"
    static let arguments = [
        ("YEAR MONTH", LocalizedText(en: "the month, e.g. 2024 12 (default: this month)", ja: "年と月（2024 12 など。既定は今月）"))
    ]
    static let options = [
        OptionSpec("--category", value: "CAT[/SUB]", help: LocalizedText(en: "only this category, broken down by subcategory", ja: "この項目だけを内訳別に表示")),
        OptionSpec("--sort", value: "date|price", help: LocalizedText(en: "order of the items (default date)", ja: "一覧の並び順（既定は date）")),
        OptionSpec("--desc", help: LocalizedText(en: "newest or most expensive first", ja: "新しい順・高い順")),
        OutputFormat.option(),
    ]
    static let examples = [
        "kakeibo month",
        "kakeibo month 2024 12 --category food --sort price --desc",
        "kakeibo month 2024 12 --format json | jq '.breakdown[] | {label, total}'",
    ]

    let month: YearMonth
    let filter: CategoryFilter?
    let order: ItemOrder
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try MonthCommand.positionals(arguments, required: [], optional: 2)
        switch words.count {
        case 0: month = context.clock.today.yearMonth
        case 2: month = try Parse.yearMonth(words[0], words[1])
        default: throw UsageError.missingArgument("MONTH", command: MonthCommand.name)
        }
        filter = try arguments.value("--category").map { CategoryFilter(try context.taxonomy().resolve($0)) }
        let key = try arguments.value("--sort").map { text in
            guard let key = ItemOrder.Key(rawValue: text.lowercased()) else {
                throw UsageError.invalidChoice(option: "--sort", value: text, choices: ItemOrder.Key.allCases.map(\.rawValue))
            }
            return key
        } ?? .date
        order = ItemOrder(key: key, descending: arguments.has("--desc"))
        format = try OutputFormat.parse(arguments.value("--format"))
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let items = try context.storeForReading().items(in: month)
        let report = MonthReport(month: month, items: items, filter: filter, order: order, taxonomy: taxonomy)
        switch format {
        case .table: context.print(TableRenderer.month(report, taxonomy: taxonomy, style: context.textStyle))
        case .json: context.print(JSONRenderer.month(report, taxonomy: taxonomy, language: context.language))
        case .csv: context.print(CSVRenderer.month(report, taxonomy: taxonomy))
        }
    }
}
