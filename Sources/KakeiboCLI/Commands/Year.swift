import KakeiboKit

/// `kakeibo year [YEAR]` — a year's total and breakdown, and each month's.
struct YearCommand: Command {
    static let category = Option.category(
        help: LocalizedText(en: "only this category, broken down by subcategory", ja: "この項目だけを内訳別に表示"))
    static let format = OutputFormat.option(OutputFormat.reports)
    static let output = OutputFile.option
    static let name = "year"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Show a year: total, breakdown, and every month", ja: "年の合計・内訳・月ごとの合計を表示"),
        description: LocalizedText(
            en:
                "The table and JSON also show each yearly fund (spent and left), each rolled budget's balance, and the fixed costs still to come in the months not over by today: planned, never part of the totals.",
            ja: "表と JSON には年の予算（支出と残り）、繰越の予算の残高、今日より後の月の固定費（予定。合計には含みません）も表示します。"),
        arguments: [
            Argument("YEAR", LocalizedText(en: "e.g. 2024 (default: this year)", ja: "2024 など（既定は今年）"), .optional),
            Argument(
                "this|prev|next|-N", LocalizedText(en: "this year, last year, next year, N years back (今年, 去年, 来年)", ja: "今年・去年・来年・N 年前"), .note),
        ],
        options: [category] + DetailReportOptions.all + [format, ByteOrderMark.flag, output, MonthStartOption.option],
        examples: [
            "kakeibo year 2024",
            "kakeibo year 去年",
            "kakeibo year 2024 --format json | jq '.months[] | .total'",
            "kakeibo year 2024 --category food --format csv > food-2024.csv",
            "kakeibo year 2024 --format svg --output year.svg",
        ])

    let year: Int
    let filter: CategoryFilter?
    let format: OutputFormat
    let bom: Bool
    let output: OutputFile?
    let start: MonthStart
    let details: DetailFilter
    let by: DetailGrouping?

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try YearCommand.positionals(arguments)
        start = try MonthStartOption.resolve(arguments, context)
        let today = MonthPeriod.containing(context.clock.today, start: start).month
        switch try Period.parse(words, today: today, as: .year) {
        case .year(let year): self.year = year
        default: year = today.year
        }
        filter = try arguments[Self.category].map { CategoryFilter(try context.taxonomy().resolve($0)) }
        format = try arguments[Self.format] ?? .table
        bom = try ByteOrderMark.wanted(arguments, csv: format == .csv)
        output = try arguments[Self.output] ?? nil
        details = try DetailReportOptions.detailFilter(arguments)
        by = try DetailReportOptions.grouping(arguments, format: format)
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let store = try context.storeForReading()
        let details = self.details.values[.payment] == nil ? self.details : self.details.resolving(try store.read(.accounts))
        if let by {
            let selected = try store.items(inYear: year).values.joined().filter {
                $0.counts && (filter?.matches($0) ?? true) && details.matches($0) && !taxonomy.isIncome($0.category)
            }
            let text = DetailReportOptions.render(
                DetailBreakdown(selected, by: by, accounts: try store.read(.accounts)), heading: Labels.year(year, context.language),
                period: [("year", .integer(year))],
                format: format, bom: bom, context)
            return try OutputFile.deliver(text, to: output, context)
        }
        let report = try YearReport.read(year: year, store: store, filter: filter, details: details, taxonomy: taxonomy, start: start)
        let outlook = try outlook(store, taxonomy, context)
        let text: String
        switch format {
        case .table:
            let style = OutputFile.style(for: output, context)
            text = TableRenderer.year(report, taxonomy: taxonomy, style: style, outlook: outlook)
        case .json: text = JSONRenderer.year(report, taxonomy: taxonomy, language: context.language, outlook: outlook)
        case .csv: text = CSVRenderer.marked(CSVRenderer.year(report, taxonomy: taxonomy, language: context.language), bom)
        case .svg: text = SVGRenderer.year(report, taxonomy: taxonomy, language: context.language)
        }
        try OutputFile.deliver(text, to: output, context)
    }

    /// The table and JSON show the yearly funds, the rolled budgets and the fixed costs to come (none with a details
    /// filter: fixed costs have no member or shop); CSV and SVG stay as they are.
    private func outlook(_ store: LedgerStore, _ taxonomy: Taxonomy, _ context: Context) throws -> YearOutlook? {
        guard format == .table || format == .json else { return nil }
        return try YearOutlook.read(
            year: year, store: store, start: start, taxonomy: taxonomy, filter: filter, today: context.clock.today, planned: details.isEmpty)
    }
}
