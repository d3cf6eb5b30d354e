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
            en:
                "exit 3 if any budget is over (a rolled one with its carry), a yearly fund is overspent or past its share to date plus a quarter of the fund, or a finished month fell short of the savings goal, naming each on stderr (for cron)",
            ja: "予算を超えた項目（繰越の予算は繰越込み）、年の予算の超過か経過月分＋4 分の 1 の超過、終わった月の収支が貯蓄目標に届かないときに標準エラーに出して終了コード 3（cron 向け）"))
    static let transfers = Flag(
        "--transfers",
        help: LocalizedText(
            en: "list the month's transfers between your accounts (card bills, charges, ATM) instead", ja: "口座間の振替（カードの引き落とし・チャージ・ATM）の一覧を表示"))
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
        options: [category, sort, desc] + DetailReportOptions.all + [
            transfers, format, ByteOrderMark.flag, output, checkBudget, MonthStartOption.option,
        ],
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
            "kakeibo month 2024 12 --transfers",
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
    let by: DetailGrouping?
    let bom: Bool
    let listTransfers: Bool

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
        listTransfers = arguments[Self.transfers]
        if listTransfers, format != .table && format != .json {
            throw UsageError.invalidChoice(option: "--format", value: format.rawValue, choices: ["table", "json"])
        }
        if listTransfers, by != nil { throw UsageError.onlyWith(Self.transfers.name, "no --by") }
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let store = try context.storeForReading()
        let query = MonthQuery(period: period, filter: filter, order: order, details: details)
        if let by {
            let heading: [(String, JSONValue)] = [
                ("year", .integer(month.year)), ("month", .integer(month.month)),
                ("first", .string(period.first.iso)), ("last", .string(period.last.iso)),
            ]
            let text = DetailReportOptions.render(
                try query.breakdown(store, by: by, taxonomy: taxonomy), heading: Labels.month(month, context.language), period: heading,
                format: format, bom: bom, context)
            return try OutputFile.deliver(text, to: output, context)
        }
        // The table and JSON compare with the neighbours and show the plan and the budgets; CSV and SVG stay as they
        // are, but --check-budget checks the budgets all the same.
        let full = format == .table || format == .json
        var parts: MonthQuery.Parts = full ? [.neighbours, .plan, .budgets] : []
        if checkBudget { parts.insert(.budgets) }
        let view = try query.view(store, taxonomy: taxonomy, today: context.clock.today, parts: parts)
        for problem in view.unreadable { context.note(problem.message(in: context.language)) }
        let report = view.report
        let text: String
        switch format {
        case .table where listTransfers: text = TableRenderer.transfers(report, style: OutputFile.style(for: output, context))
        case .json where listTransfers:
            text = JSONRenderer.render(
                .object([
                    ("year", .integer(month.year)), ("month", .integer(month.month)),
                    ("transfers", JSONRenderer.transfersValue(report.transfers, taxonomy)),
                ]))
        case .table:
            var style = OutputFile.style(for: output, context)
            style.syncMarks = context.syncs()
            let journal = style.syncMarks ? try? context.household().journal() : nil
            style.changeProtocol = journal?.changeProtocol == true
            // Known to be a plain app server (a sync found it one): what its app can't show stays here.
            if !style.changeProtocol, journal?.endpoints.values.contains(where: { !$0.speaksChanges }) == true {
                style.app = (try? Configuration(context.configFile()))?.appCategories ?? .expenseLog
            }
            text = TableRenderer.month(report, taxonomy: taxonomy, style: style, budgets: view.budgets, savings: view.savings)
        case .json:
            text = JSONRenderer.month(report, taxonomy: taxonomy, language: context.language, budgets: view.budgets, savings: view.savings)
        case .csv: text = CSVRenderer.marked(CSVRenderer.month(report, taxonomy: taxonomy), bom)
        case .svg: text = SVGRenderer.month(report, taxonomy: taxonomy, language: context.language)
        }
        try OutputFile.deliver(text, to: output, context)
        if checkBudget { try BudgetCheck.report(view.budgets, savings: view.savings, taxonomy: taxonomy, context) }
    }
}

/// `--check-budget`: one stderr line per budget that is over, and exit status 3, after the report is printed.
enum BudgetCheck {
    static func report(_ statuses: [BudgetStatus], savings: SavingsStatus? = nil, taxonomy: Taxonomy, _ context: Context) throws {
        guard !statuses.isEmpty || savings != nil else { return context.note(BudgetCheckRenderer.nothingToCheck(context.language)) }
        let problems = BudgetCheckRenderer.problems(statuses, savings: savings, taxonomy: taxonomy, context.language)
        guard !problems.isEmpty else { return }
        for line in problems { context.note(line) }
        throw EarlyExit(status: .overBudget, stdout: context.output, stderr: context.messages)
    }
}
