import KakeiboKit

/// `kakeibo export [YEAR [MONTH]]` — the whole store, a year or a month as the server's JSON (which `import` reads
/// back; the whole store's with its budgets, fixed costs and notes), CSV, or a journal for ledger and hledger.
struct ExportCommand: Command {
    static let format = Option.choice("--format", Format.allCases, help: LocalizedText(en: "output format (default json)", ja: "出力形式（既定は json）"))
    static let output = OutputFile.option
    static let withSettings = Flag(
        "--with-settings",
        help: LocalizedText(
            en:
                "JSON: the budgets, fixed costs and month notes beside the items, {\"items\":[…],\"budgets\",\"fixed\",\"notes\"} (import reads both)",
            ja: "JSON に予算・固定費・月のメモも入れる（{\"items\":[…],\"budgets\",\"fixed\",\"notes\"}。import はどちらも読めます）"))
    static let name = "export"
    static let info = CommandInfo(
        name: name,
        summary: LocalizedText(
            en: "Export items as JSON (what import reads), CSV or a ledger journal", ja: "データを JSON（import 形式）・CSV・ledger 形式で書き出す"),
        description: LocalizedText(
            en:
                "JSON is the array of items, as it always was; with --with-settings, {\"items\":[…],\"budgets\",\"fixed\",\"notes\"}: the items with the budgets, fixed costs and month notes, for a backup that import takes back whole.",
            ja:
                "JSON はこれまでどおりデータの配列です。--with-settings を付けると {\"items\":[…],\"budgets\",\"fixed\",\"notes\"}（データと予算・固定費・月のメモ）になり、import で丸ごと戻せるバックアップになります。"
        ),
        arguments: [
            Argument(
                "PERIOD",
                LocalizedText(
                    en: "a year (2024, 今年, 去年) or a month (2024 12, 2024-12, this, prev, -N); default: everything",
                    ja: "年（2024、今年、去年）か月（2024 12、2024-12、今月、先月、-N）。既定はすべて"), .optional, words: 2)
        ],
        options: [format, withSettings, ByteOrderMark.flag, output],
        examples: [
            "kakeibo export --with-settings > backup.json",
            "kakeibo export 2024 --format csv --output 2024.csv",
            "kakeibo export 2024-12 --format csv",
            "kakeibo export 2024 --format csv --bom --output 2024-excel.csv",
            "kakeibo export --format ledger | hledger -f - balance",
            "kakeibo export --format json | kakeibo import --store ~/another-store -",
        ])

    enum Format: String, CaseIterable, Sendable {
        case json, csv, ledger
    }

    enum Period {
        case all
        case year(Int)
        case month(YearMonth)
    }

    let period: Period
    let format: Format
    let output: OutputFile?
    let bom: Bool
    let settings: Bool

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try ExportCommand.positionals(arguments)
        switch try KakeiboValues.Period.parse(words, today: context.clock.today.yearMonth, as: .monthOrYear) {
        case nil: period = .all
        case .year(let year): period = .year(year)
        case .month(let month): period = .month(month)
        }
        format = try arguments[Self.format] ?? .json
        output = try arguments[Self.output] ?? nil
        bom = try ByteOrderMark.wanted(arguments, csv: format == .csv)
        settings = arguments[Self.withSettings]
        if settings && format != .json { throw UsageError.onlyWith(Self.withSettings.name, "--format json") }
    }

    func run(_ context: Context) throws {
        let store = try context.storeForReading()
        var items: [Item] = []
        switch period {
        case .all: for month in try store.months() { items += try store.items(in: month) }
        case .year(let year): items = try store.items(inYear: year).values.flatMap { $0 }
        case .month(let month): items = try store.items(in: month)
        }
        items = ItemOrder().sorted(items)
        let taxonomy = try context.taxonomy()
        let text: String
        switch format {
        case .json:
            let wire = items.map(WireItem.init)
            // The published shape is the array; a backup asks for the household's settings beside the items.
            guard settings else {
                text = String(decoding: WireFormat.encode(wire), as: UTF8.self)
                break
            }
            let document = ExportDocument(
                items: wire, budgets: try store.read(.budgets), fixed: try store.read(.fixedCosts), notes: try store.read(.notes))
            text = String(decoding: document.encode(taxonomy: taxonomy), as: UTF8.self)
        case .csv: text = CSVRenderer.marked(CSVRenderer.items(items, taxonomy: taxonomy), bom)
        case .ledger: text = LedgerRenderer.journal(items, taxonomy: taxonomy)
        }
        try OutputFile.deliver(text, to: output, context)
    }
}
