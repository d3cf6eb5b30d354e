import KakeiboKit

/// `kakeibo export [YEAR [MONTH]]` — the whole store, a year or a month as the server's JSON (which `import` reads
/// back), CSV, or a journal for ledger and hledger.
struct ExportCommand: Command {
    static let name = "export"
    static let summary = LocalizedText(
        en: "Export items as JSON (what import reads), CSV or a ledger journal", ja: "データを JSON（import 形式）・CSV・ledger 形式で書き出す")
    static let synopsis = "export [YEAR [MONTH]] [--format json|csv|ledger] [--output FILE]"
    static let arguments = [
        ("YEAR MONTH", LocalizedText(en: "a year, or a year and month (default: everything)", ja: "年、または年と月（既定はすべて）"))
    ]
    static let options = [
        OptionSpec(
            "--format", value: Format.allCases.map(\.rawValue).joined(separator: "|"),
            help: LocalizedText(en: "output format (default json)", ja: "出力形式（既定は json）")),
        OutputFile.option,
    ]
    static let examples = [
        "kakeibo export > backup.json",
        "kakeibo export 2024 --format csv --output 2024.csv",
        "kakeibo export --format ledger | hledger -f - balance",
        "kakeibo export --format json | kakeibo import --store ~/another-store -",
    ]

    enum Format: String, CaseIterable {
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

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try ExportCommand.positionals(arguments, required: [], optional: 2)
        switch words.count {
        case 0: period = .all
        case 1: period = .year(try Year.parse(words[0]))
        default: period = .month(try Parse.yearMonth(words[0], words[1]))
        }
        let text = arguments.value("--format") ?? Format.json.rawValue
        guard let format = Format(rawValue: text.lowercased()) else {
            throw UsageError.invalidChoice(option: "--format", value: text, choices: Format.allCases.map(\.rawValue))
        }
        self.format = format
        output = try OutputFile.parse(arguments.value("--output"))
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
        case .json: text = String(decoding: WireFormat.encode(items.map(WireItem.init)), as: UTF8.self)
        case .csv: text = CSVRenderer.items(items, taxonomy: taxonomy)
        case .ledger: text = LedgerRenderer.journal(items, taxonomy: taxonomy)
        }
        try OutputFile.deliver(text, to: output, context)
    }
}
