import KakeiboKit

/// `kakeibo trend` — monthly totals over the last N months: sparkline, table, averages and a line chart.
struct TrendCommand: Command {
    static let name = "trend"
    static let summary = LocalizedText(en: "Show monthly totals over time, with a line chart", ja: "月ごとの合計の推移を折れ線グラフで表示")
    static let synopsis = "trend [--months N] [--end MONTH] [--category CAT[/SUB]] [--format table|json|csv|svg] [--output FILE]"
    static let options = [
        OptionSpec("--months", value: "N", help: LocalizedText(en: "how many months, 1–1,200 (default 12)", ja: "月数（1〜1,200、既定は 12）")),
        OptionSpec(
            "--end", value: "MONTH",
            help: LocalizedText(en: "the last month: YYYY-MM, this (default), prev or -N", ja: "最後の月: YYYY-MM、this（既定）、prev、-N")),
        OptionSpec("--category", value: "CAT[/SUB]", help: LocalizedText(en: "only this category", ja: "この項目だけ")),
        OutputFormat.option(TrendCommand.formats),
        OutputFile.option,
    ]
    static let examples = [
        "kakeibo trend",
        "kakeibo trend --months 24 --category food",
        "kakeibo trend --end 2024-12 --format csv > trend.csv",
        "kakeibo trend --months 24 --format svg --output trend.svg",
    ]
    static let maximumMonths = 1_200
    static let formats: [OutputFormat] = [.table, .json, .csv, .svg]

    let months: [YearMonth]
    let filter: CategoryFilter?
    let format: OutputFormat
    let output: OutputFile?

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try TrendCommand.positionals(arguments, required: [])
        let count = try arguments.value("--months").map { try Parse.count($0, name: "--months", maximum: TrendCommand.maximumMonths) } ?? 12
        let end = try arguments.value("--end").map { try Parse.month([$0], today: context.clock.today.yearMonth) } ?? context.clock.today.yearMonth
        guard let months = TrendReport.months(ending: end, length: count) else {
            throw ContextArgumentError.trendBeforeYearOne(months: count, end: end.iso)
        }
        self.months = months
        filter = try arguments.value("--category").map { CategoryFilter(try context.taxonomy().resolve($0)) }
        format = try OutputFormat.parse(arguments.value("--format"), allowed: TrendCommand.formats)
        output = try OutputFile.parse(arguments.value("--output"))
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let store = try context.storeForReading()
        let report = TrendReport(months: months, summaries: try store.summaries(of: months), filter: filter)
        let text: String
        switch format {
        case .table: text = TableRenderer.trend(report, taxonomy: taxonomy, style: OutputFile.style(for: output, context))
        case .json: text = JSONRenderer.trend(report, taxonomy: taxonomy)
        case .svg: text = SVGRenderer.trend(report, taxonomy: taxonomy, language: context.language)
        case .csv: text = CSVRenderer.trend(report)
        }
        try OutputFile.deliver(text, to: output, context)
    }
}
