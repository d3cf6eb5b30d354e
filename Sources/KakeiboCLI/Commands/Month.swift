import KakeiboKit

/// `kakeibo month [YEAR MONTH]` — a month's total, breakdown and items.
struct MonthCommand: Command {
    static let category = Option.category(
        help: LocalizedText(en: "only this category, broken down by subcategory", ja: "この項目だけを内訳別に表示"))
    static let sort = Option.choice(
        "--sort", ItemOrder.Key.allCases, help: LocalizedText(en: "order of the items (default date)", ja: "一覧の並び順（既定は date）"))
    static let desc = Flag("--desc", help: LocalizedText(en: "newest or most expensive first", ja: "新しい順・高い順"))
    static let format = OutputFormat.option(OutputFormat.reports)
    static let output = OutputFile.option
    static let checkBudget = Flag(
        "--check-budget",
        help: LocalizedText(
            en: "exit 3 if any budget is over, or a finished month fell short of the savings goal, naming each on stderr (for cron)",
            ja: "予算を超えた項目か、終わった月の収支が貯蓄目標に届かなければ標準エラーに出して終了コード 3（cron 向け）"))
    static let name = "month"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Show a month: total, breakdown by category, items", ja: "月の合計・項目別の内訳・一覧を表示"),
        description: LocalizedText(
            en: "The table also shows the month beside the one before and the same month a year earlier, and each budget beside what was spent.",
            ja: "表には前月・前年同月との比較と、予算ごとの支出も表示します。"),
        arguments: [
            Argument(
                "YEAR MONTH", LocalizedText(en: "the month, e.g. 2024 12 (default: this month)", ja: "年と月（2024 12 など。既定は今月）"), .optional, words: 2),
            Argument("YYYY-MM", LocalizedText(en: "the month as one word, e.g. 2024-12", ja: "1 語で書いた年月（2024-12 など）"), .note),
            Argument(
                "this|prev|next", LocalizedText(en: "this month, the one before, the one after (今月, 先月, 来月)", ja: "今月・先月・来月（this、prev、next）"), .note),
            Argument("-N", LocalizedText(en: "N months back from this month: -1 is last month", ja: "今月から N か月前（-1 は先月）"), .note),
        ],
        options: [category, sort, desc] + DetailReportOptions.all + [format, ByteOrderMark.flag, output, checkBudget, MonthStartOption.option],
        examples: [
            "kakeibo month",
            "kakeibo month prev",
            "kakeibo month -3 --format json | jq '{total, previous: .previous.total}'",
            "kakeibo month 2024 12 --category food --sort price --desc",
            "kakeibo month 2024 12 --format json | jq '.breakdown[] | {label, total}'",
            "kakeibo month 2024 12 --format svg --output month.svg",
            "kakeibo month --check-budget > /dev/null || echo 'over budget'",
            "kakeibo month --month-start 25 --format json | jq '{first, last, total}'",
            "kakeibo month 2024 12 --by payment",
            "kakeibo month prev --member ken --category food",
        ])

    let month: YearMonth
    let period: MonthPeriod
    let filter: CategoryFilter?
    let order: ItemOrder
    let format: OutputFormat
    let output: OutputFile?
    let checkBudget: Bool
    let details: DetailFilter
    let by: DetailField?
    let bom: Bool

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try MonthCommand.positionals(arguments)
        period = try MonthStartOption.period(words, start: try MonthStartOption.resolve(arguments, context), context)
        month = period.month
        filter = try arguments[Self.category].map { CategoryFilter(try context.taxonomy().resolve($0)) }
        order = ItemOrder(key: try arguments[Self.sort] ?? .date, descending: arguments[Self.desc])
        format = try arguments[Self.format] ?? .table
        output = try arguments[Self.output] ?? nil
        checkBudget = arguments[Self.checkBudget]
        details = try DetailReportOptions.detailFilter(arguments)
        by = try DetailReportOptions.grouping(arguments, format: format)
        bom = try ByteOrderMark.wanted(arguments, csv: format == .csv)
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let store = try context.storeForReading()
        var files: [YearMonth: [Item]] = [:]
        for file in period.files { files[file] = try store.items(in: file) }
        let items = period.files.flatMap { files[$0] ?? [] }
        if let by {
            // A breakdown of spending: income stays out of it, as it does of every spending report.
            let selected = items.filter {
                period.contains($0.date) && (filter?.matches($0) ?? true) && details.matches($0) && !taxonomy.isIncome($0.category)
            }
            let heading: [(String, JSONValue)] = [
                ("year", .integer(month.year)), ("month", .integer(month.month)),
                ("first", .string(period.first.iso)), ("last", .string(period.last.iso)),
            ]
            let text = DetailReportOptions.render(
                DetailBreakdown(selected, by: by), heading: Labels.month(month, context.language), period: heading, format: format, bom: bom, context)
            return try OutputFile.deliver(text, to: output, context)
        }
        // The neighbours' totals come from summaries, which know categories only: no comparison with a detail filter.
        let around = (format == .table || format == .json) && details.isEmpty ? neighbours(store, taxonomy, context, read: files) : nil
        var report = MonthReport(
            month: month, items: details.isEmpty ? items : items.filter(details.matches), filter: filter, order: order, taxonomy: taxonomy,
            neighbours: around, period: period)
        if format == .table || format == .json {
            let costs = try FixedCostStore(store: store).read()
            if !costs.all.isEmpty {
                report.plan = MonthPlan(
                    period: period, items: report.items, recorded: report.total, costs: costs, filter: filter, today: context.clock.today,
                    isIncome: taxonomy.isIncome)
            }
        }
        // Budgets show in the table and JSON; CSV and SVG stay as they are, but --check-budget checks them all the same.
        let withBudgets = checkBudget || format == .table || format == .json
        let allBudgets = withBudgets ? try BudgetStore(store: store).read() : Budgets()
        let budgets =
            withBudgets ? BudgetStatus.month(month, items: items, budgets: allBudgets, filter: filter, taxonomy: taxonomy, period: period) : []
        // The goal is for the whole month's balance: a report of one category doesn't judge it.
        let savings = filter == nil ? SavingsStatus.month(report, budgets: allBudgets, today: context.clock.today) : nil
        let text: String
        switch format {
        case .table:
            var style = OutputFile.style(for: output, context)
            style.syncMarks = SyncSettings.isConfigured(environment: context.environment)
            text = TableRenderer.month(report, taxonomy: taxonomy, style: style, budgets: budgets, savings: savings)
        case .json: text = JSONRenderer.month(report, taxonomy: taxonomy, language: context.language, budgets: budgets, savings: savings)
        case .csv: text = CSVRenderer.marked(CSVRenderer.month(report, taxonomy: taxonomy), bom)
        case .svg: text = SVGRenderer.month(report, taxonomy: taxonomy, language: context.language)
        }
        try OutputFile.deliver(text, to: output, context)
        if checkBudget { try BudgetCheck.report(budgets, savings: savings, taxonomy: taxonomy, context) }
    }

    /// The previous and next months' totals, from their summaries: two more reads, whatever the size of the store. A neighbour whose file
    /// can't be read is left out of the comparison (and said so); this month still shows.
    /// Under a start day other than the 1st, a neighbour is summed from the items of the (two) files its days are in;
    /// the one it shares with this month (`read`) is not read again.
    func neighbours(_ store: LedgerStore, _ taxonomy: Taxonomy, _ context: Context, read: [YearMonth: [Item]] = [:]) -> Neighbours {
        func totals(_ neighbour: YearMonth?) -> MonthTotals? {
            guard let neighbour else { return nil }
            do {
                if !period.start.isCalendar {
                    // Each file's part: from the items already read, else from its summary's days (or its items).
                    let days = MonthPeriod(neighbour, start: period.start)
                    var sums: [CategoryCode: MonthSummary.Sum] = [:]
                    for file in days.files {
                        let fileDays: DaySums
                        if let known = read[file] { fileDays = DaySums(month: file, items: known) } else { fileDays = try store.daySums(of: file) }
                        for (code, sum) in fileDays.sums(in: days.days(in: file)) { sums[code, default: .zero] += sum }
                    }
                    return MonthTotals(summary: MonthSummary(month: neighbour, sums: sums), filter: filter, taxonomy: taxonomy)
                }
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
    static func report(_ statuses: [BudgetStatus], savings: SavingsStatus? = nil, taxonomy: Taxonomy, _ context: Context) throws {
        let language = context.language
        if statuses.isEmpty && savings == nil {
            context.note(
                language.pick(
                    "no budgets to check; set one with 'kakeibo budget set CAT AMOUNT'",
                    "確認する予算がありません。'kakeibo budget set CAT AMOUNT' で設定します"))
            return
        }
        let over = statuses.filter(\.isOver)
        let short = savings.flatMap { $0.isShort ? $0 : nil }
        guard !over.isEmpty || short != nil else { return }
        for status in over {
            context.note(
                language.pick(
                    "over budget: \(status.target.key(taxonomy)) \(status.spent.formatted(language)) of \(status.budget.formatted(language))",
                    "予算超過: \(status.target.label(taxonomy, language)) \(status.spent.formatted(language))（予算 \(status.budget.formatted(language))）"))
        }
        if let short {
            context.note(
                language.pick(
                    "short of the savings goal: balance \(short.balance.formatted(language)) of \(short.goal.formatted(language))",
                    "貯蓄目標に未達: 収支 \(short.balance.formatted(language))（目標 \(short.goal.formatted(language))）"))
        }
        throw EarlyExit(status: .overBudget, stdout: context.output, stderr: context.messages)
    }

}
