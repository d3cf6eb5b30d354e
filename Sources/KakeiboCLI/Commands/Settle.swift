import KakeiboKit

/// `kakeibo settle [PERIOD]` — settling up (精算): who paid what of the shared spending and who owes whom.
struct SettleCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let name = "settle"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Settle up: who owes whom for the shared spending", ja: "精算: 共有の支出を誰が誰にいくら払うか"),
        description: LocalizedText(
            en:
                "Items marked --personal stay out; items with no member are shown as unassigned and not counted. Shares follow 'kakeibo config set split ayumi=60,ken=40', or each member's income that period with 'config set split by-income' (income items with --member), or are equal.",
            ja:
                "--personal のデータは対象外です。メンバーのないデータは「未割り当て」として表示し、計算に入れません。負担は 'kakeibo config set split ayumi=60,ken=40' の割合、'config set split by-income' ならその期間の各メンバーの収入（--member 付きの収入）の比、なければ均等です。"
        ),
        arguments: [
            Argument(
                "PERIOD",
                LocalizedText(en: "a month or a year, e.g. 2024-12, prev, 2024 (default: this month)", ja: "月か年（2024-12、prev、2024 など。既定は今月）"),
                .optional, words: 2)
        ],
        options: [format],
        examples: ["kakeibo settle", "kakeibo settle prev", "kakeibo settle 2024-12 --format json | jq '.transfers'"])

    let period: Period?
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try SettleCommand.positionals(arguments)
        period = try Period.parse(words, today: context.clock.today.yearMonth, as: .monthOrYear)
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let period = period ?? .month(context.clock.today.yearMonth)
        let split = try Configuration(context.configFile()).split
        let store = try context.storeForReading()
        let taxonomy = try context.taxonomy()
        var items: [Item] = []
        var incomes: [Item] = []
        // Settling up shares spending: income (a salary paid into one member's account) is not split; by income,
        // it weighs each member's share.
        for month in period.months {
            for item in try store.items(in: month) {
                guard item.counts else { continue }
                if taxonomy.isIncome(item.category) { incomes.append(item) } else { items.append(item) }
            }
        }
        let settlement = Settlement(period: period, items: items, split: split, incomes: incomes)
        switch format {
        case .json: context.print(SettleRenderer.json(settlement))
        default: context.print(SettleRenderer.table(settlement, style: context.textStyle))
        }
    }
}
