import KakeiboKit

/// `kakeibo month [YEAR MONTH]` — a month's total, breakdown and items.
struct MonthCommand: Command {
    static let name = "month"
    static let summary = LocalizedText(en: "Show a month: total, breakdown by category, items", ja: "月の合計・項目別の内訳・一覧を表示")
    static let synopsis =
        "month [YEAR MONTH|YYYY-MM|this|prev|next|-N] [--category CAT[/SUB]] [--sort date|price] [--desc] [--format table|json|csv|svg] [--output FILE] [--check-budget]"
    static let arguments = [
        ("YEAR MONTH", LocalizedText(en: "the month, e.g. 2024 12 (default: this month)", ja: "年と月（2024 12 など。既定は今月）")),
        ("YYYY-MM", LocalizedText(en: "the month as one word, e.g. 2024-12", ja: "1 語で書いた年月（2024-12 など）")),
        ("this|prev|next", LocalizedText(en: "this month, the one before, the one after", ja: "今月・先月・来月")),
        ("-N", LocalizedText(en: "N months back from this month: -1 is last month", ja: "今月から N か月前（-1 は先月）")),
    ]
    static let options = [
        OptionSpec("--category", value: "CAT[/SUB]", help: LocalizedText(en: "only this category, broken down by subcategory", ja: "この項目だけを内訳別に表示")),
        OptionSpec("--sort", value: "date|price", help: LocalizedText(en: "order of the items (default date)", ja: "一覧の並び順（既定は date）")),
        OptionSpec("--desc", help: LocalizedText(en: "newest or most expensive first", ja: "新しい順・高い順")),
        OutputFormat.option(OutputFormat.reports),
        OutputFile.option,
        OptionSpec(
            "--check-budget",
            help: LocalizedText(
                en: "exit 3 if any budget is over, naming each on stderr (for cron)",
                ja: "予算を超えた項目があれば標準エラーに出して終了コード 3（cron 向け）")),
    ]
    static let examples = [
        "kakeibo month",
        "kakeibo month prev",
        "kakeibo month -3 --format json | jq '{total, previous: .previous.total}'",
        "kakeibo month 2024 12 --category food --sort price --desc",
        "kakeibo month 2024 12 --format json | jq '.breakdown[] | {label, total}'",
        "kakeibo month 2024 12 --format svg --output month.svg",
        "kakeibo month --check-budget > /dev/null || echo 'over budget'",
    ]

    let month: YearMonth
    let filter: CategoryFilter?
    let order: ItemOrder
    let format: OutputFormat
    let output: OutputFile?
    let checkBudget: Bool

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try MonthCommand.positionals(arguments, required: [], optional: 2)
        month = try Parse.month(words, today: context.clock.today.yearMonth)
        filter = try arguments.value("--category").map { CategoryFilter(try context.taxonomy().resolve($0)) }
        let key =
            try arguments.value("--sort").map { text in
                guard let key = ItemOrder.Key(rawValue: text.lowercased()) else {
                    throw UsageError.invalidChoice(option: "--sort", value: text, choices: ItemOrder.Key.allCases.map(\.rawValue))
                }
                return key
            } ?? .date
        order = ItemOrder(key: key, descending: arguments.has("--desc"))
        format = try OutputFormat.parse(arguments.value("--format"), allowed: OutputFormat.reports)
        output = try OutputFile.parse(arguments.value("--output"))
        checkBudget = arguments.has("--check-budget")
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let store = try context.storeForReading()
        let items = try store.items(in: month)
        let around = format == .table || format == .json ? neighbours(store, taxonomy, context) : nil
        let report = MonthReport(month: month, items: items, filter: filter, order: order, taxonomy: taxonomy, neighbours: around)
        // Budgets show in the table and JSON; CSV and SVG stay as they are, but --check-budget checks them all the same.
        let budgets =
            checkBudget || format == .table || format == .json
            ? BudgetStatus.month(month, items: items, budgets: try BudgetStore(store: store).read(), filter: filter, taxonomy: taxonomy) : []
        let text: String
        switch format {
        case .table:
            var style = OutputFile.style(for: output, context)
            style.syncMarks = SyncSettings.isConfigured(environment: context.environment)
            text = TableRenderer.month(report, taxonomy: taxonomy, style: style, budgets: budgets)
        case .json: text = JSONRenderer.month(report, taxonomy: taxonomy, language: context.language, budgets: budgets)
        case .csv: text = CSVRenderer.month(report, taxonomy: taxonomy)
        case .svg: text = SVGRenderer.month(report, taxonomy: taxonomy, language: context.language)
        }
        try OutputFile.deliver(text, to: output, context)
        if checkBudget { try BudgetCheck.report(budgets, taxonomy: taxonomy, context) }
    }

    /// The previous and next months' totals, from their summaries: two more reads, whatever the size of the store. A neighbour whose file
    /// can't be read is left out of the comparison (and said so); this month still shows.
    func neighbours(_ store: LedgerStore, _ taxonomy: Taxonomy, _ context: Context) -> Neighbours {
        func totals(_ neighbour: YearMonth?) -> MonthTotals? {
            guard let neighbour else { return nil }
            do {
                return MonthTotals(summary: try store.summary(of: neighbour), filter: filter, taxonomy: taxonomy)
            } catch {
                context.note(error.message(in: context.language))
                return nil
            }
        }
        return Neighbours(previous: totals(month.previous), next: totals(month.next))
    }
}

/// `--check-budget`: one stderr line per budget that is over, and exit status 3, after the report is printed.
enum BudgetCheck {
    static func report(_ statuses: [BudgetStatus], taxonomy: Taxonomy, _ context: Context) throws {
        let language = context.language
        if statuses.isEmpty {
            context.note(
                language.pick(
                    "no budgets to check; set one with 'kakeibo budget set CAT AMOUNT'",
                    "確認する予算がありません。'kakeibo budget set CAT AMOUNT' で設定します"))
            return
        }
        let over = statuses.filter(\.isOver)
        guard !over.isEmpty else { return }
        for status in over {
            context.note(
                language.pick(
                    "over budget: \(status.target.key(taxonomy)) \(status.spent.formatted(language)) of \(status.budget.formatted(language))",
                    "予算超過: \(status.target.label(taxonomy, language)) \(status.spent.formatted(language))（予算 \(status.budget.formatted(language))）"))
        }
        throw EarlyExit(status: .overBudget, stdout: context.output, stderr: context.messages)
    }

}
