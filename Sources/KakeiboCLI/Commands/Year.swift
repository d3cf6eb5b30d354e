import KakeiboKit

/// `kakeibo year [YEAR]` — a year's total and breakdown, and each month's.
struct YearCommand: Command {
    static let name = "year"
    static let summary = LocalizedText(en: "Show a year: total, breakdown, and every month", ja: "年の合計・内訳・月ごとの合計を表示")
    static let synopsis = "year [YEAR] [--category CAT[/SUB]] [--format table|json|csv|svg] [--output FILE]"
    static let arguments = [("YEAR", LocalizedText(en: "e.g. 2024 (default: this year)", ja: "2024 など（既定は今年）"))]
    static let options = [
        OptionSpec("--category", value: "CAT[/SUB]", help: LocalizedText(en: "only this category, broken down by subcategory", ja: "この項目だけを内訳別に表示")),
        OutputFormat.option(OutputFormat.reports),
        OutputFile.option,
    ]
    static let examples = [
        "kakeibo year 2024",
        "kakeibo year 2024 --format json | jq '.months[] | .total'",
        "kakeibo year 2024 --category food --format csv > food-2024.csv",
        "kakeibo year 2024 --format svg --output year.svg",
    ]

    let year: Int
    let filter: CategoryFilter?
    let format: OutputFormat
    let output: OutputFile?

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try YearCommand.positionals(arguments, required: [], optional: 1)
        year = try words.first.map { try Year.parse($0) } ?? context.clock.today.year
        filter = try arguments.value("--category").map { CategoryFilter(try context.taxonomy().resolve($0)) }
        format = try OutputFormat.parse(arguments.value("--format"), allowed: OutputFormat.reports)
        output = try OutputFile.parse(arguments.value("--output"))
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let summaries = try context.storeForReading().summaries(inYear: year)
        let report = YearReport(year: year, summaries: summaries, filter: filter, taxonomy: taxonomy)
        let text: String
        switch format {
        case .table:
            let style = OutputFile.style(for: output, context)
            text = TableRenderer.year(report, taxonomy: taxonomy, style: style)
        case .json: text = JSONRenderer.year(report, taxonomy: taxonomy, language: context.language)
        case .csv: text = CSVRenderer.year(report, taxonomy: taxonomy, language: context.language)
        case .svg: text = SVGRenderer.year(report, taxonomy: taxonomy, language: context.language)
        }
        try OutputFile.deliver(text, to: output, context)
    }
}
