import KakeiboKit

/// `kakeibo trend` — monthly totals over the last N months: sparkline, table, averages and a line chart.
struct TrendCommand: Command {
    static let months = Option.count(
        "--months", value: "N", maximum: TrendCommand.maximumMonths,
        help: LocalizedText(en: "how many months, 1–1,200 (default 12)", ja: "月数（1〜1,200、既定は 12）"))
    static let end = Option.period(
        "--end", value: "MONTH", as: .month,
        help: LocalizedText(
            en: "the last month: YYYY-MM, this (default), prev, -N or 先月", ja: "最後の月: YYYY-MM、this（既定）、prev、-N、先月 など"))
    static let category = Option.category(help: LocalizedText(en: "only this category", ja: "この項目だけ"))
    static let format = OutputFormat.option(TrendCommand.formats)
    static let output = OutputFile.option
    static let name = "trend"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Show monthly totals over time, with a line chart", ja: "月ごとの合計の推移を折れ線グラフで表示"),
        options: [months, end, category, format, ByteOrderMark.flag, output, MonthStartOption.option],
        examples: [
            "kakeibo trend",
            "kakeibo trend --months 24 --category food",
            "kakeibo trend --end 2024-12 --format csv > trend.csv",
            "kakeibo trend --months 24 --format svg --output trend.svg",
        ])
    static let maximumMonths = 1_200
    static let formats: [OutputFormat] = [.table, .json, .csv, .svg]

    let months: [YearMonth]
    let filter: CategoryFilter?
    let format: OutputFormat
    let bom: Bool
    let output: OutputFile?
    let start: MonthStart

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try TrendCommand.positionals(arguments)
        let count = try arguments[Self.months] ?? 12
        let start = try MonthStartOption.resolve(arguments, context)
        self.start = start
        let today = MonthPeriod.containing(context.clock.today, start: start).month
        let end = try arguments[Self.end]?.resolve(today: today).months[0] ?? today
        guard let months = TrendReport.months(ending: end, length: count) else {
            throw ContextArgumentError.trendBeforeYearOne(months: count, end: end.iso)
        }
        self.months = months
        filter = try arguments[Self.category].map { CategoryFilter(try context.taxonomy().resolve($0)) }
        format = try arguments[Self.format] ?? .table
        bom = try ByteOrderMark.wanted(arguments, csv: format == .csv)
        output = try arguments[Self.output] ?? nil
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let store = try context.storeForReading()
        let report = TrendReport(
            months: months, summaries: try store.summaries(of: months, start: start), filter: filter, income: taxonomy.incomeCodes,
            start: start)
        let text: String
        switch format {
        case .table: text = TableRenderer.trend(report, taxonomy: taxonomy, style: OutputFile.style(for: output, context))
        case .json: text = JSONRenderer.trend(report, taxonomy: taxonomy)
        case .svg: text = SVGRenderer.trend(report, taxonomy: taxonomy, language: context.language)
        case .csv: text = CSVRenderer.marked(CSVRenderer.trend(report), bom)
        }
        try OutputFile.deliver(text, to: output, context)
    }
}
