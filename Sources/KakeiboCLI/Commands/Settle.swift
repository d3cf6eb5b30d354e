import KakeiboKit

/// `kakeibo settle [PERIOD]` — settling up (精算): who paid what of the shared spending and who owes whom.
struct SettleCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let record = Flag(
        "--record",
        help: LocalizedText(
            en: "record a payment made to settle up, as a transfer between members (no spending): by default the one payment left",
            ja: "精算の支払いを記録（メンバー間の振替で、支出ではない）。既定は残っている一つの支払い"))
    static let date = Option.date(LocalizedText(en: "with --record, the day it was paid (default today)", ja: "--record で、支払った日（既定は今日）"))
    static let from = Option<String>(
        "--from", value: "NAME", help: LocalizedText(en: "with --record, the member who paid (with --to)", ja: "--record で、支払ったメンバー（--to と）"))
    static let to = Option<String>(
        "--to", value: "NAME", help: LocalizedText(en: "with --record, the member paid (with --from)", ja: "--record で、受け取ったメンバー（--from と）"))
    static let amount = Option.price(
        "--amount", value: "N",
        help: LocalizedText(en: "with --record, what was paid, if not all that is left (a partial payment)", ja: "--record で、支払った額（残り全額でないとき。一部の支払い）")
    )
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
        options: [format, record, date, from, to, amount],
        examples: [
            "kakeibo settle", "kakeibo settle prev", "kakeibo settle 2024-12 --format json | jq '.transfers'",
            "kakeibo settle 2024-12 --record --date 2025-01-05", "kakeibo settle 2024-12 --record --amount 1000",
        ])

    /// What `--record` records: the payment's day, and whom and how much when given.
    struct Record {
        var date: CalendarDate
        var from: String?
        var to: String?
        var amount: Yen?
    }

    let period: Period?
    let format: OutputFormat
    let record: Record?

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try SettleCommand.positionals(arguments)
        period = try Period.parse(words, today: context.clock.today.yearMonth, as: .monthOrYear)
        format = try arguments[Self.format] ?? .table
        let from = try arguments[Self.from].map { try DetailField.member.validate($0) }
        let to = try arguments[Self.to].map { try DetailField.member.validate($0) }
        if (from == nil) != (to == nil) {
            throw UsageError.onlyWith(from == nil ? Self.to.name : Self.from.name, from == nil ? Self.from.name : Self.to.name)
        }
        let date = try arguments[Self.date]?.resolve(today: context.clock.today)
        let amount = try arguments[Self.amount]
        if arguments[Self.record] {
            record = Record(date: date ?? context.clock.today, from: from, to: to, amount: amount)
        } else {
            record = nil
            let given = [(date != nil, Self.date.name), (from != nil, Self.from.name), (amount != nil, Self.amount.name)]
            if let option = given.first(where: { $0.0 })?.1 { throw UsageError.onlyWith(option, Self.record.name) }
        }
    }

    func run(_ context: Context) throws {
        let period = period ?? .month(context.clock.today.yearMonth)
        let split = try Configuration(context.configFile()).split
        let taxonomy = try context.taxonomy()
        var settlement = try Settlement.read(try context.storeForReading(), period: period, split: split, taxonomy: taxonomy)
        var recorded: (payment: Settlement.Transfer, date: CalendarDate, matched: MatchOutcome)?
        if let record {
            let payment = try settlement.payment(from: record.from, to: record.to, amount: record.amount)
            let added = try context.household().recordSettlePayment(
                period: period, from: payment.from, to: payment.to, amount: payment.amount, date: record.date)
            recorded = (payment, record.date, added.matched)
            settlement = try Settlement.read(try context.storeForReading(), period: period, split: split, taxonomy: taxonomy)
        }
        switch format {
        case .json:
            context.print(SettleRenderer.json(settlement, recorded: recorded.map { SettleRenderer.Recorded(payment: $0.payment, date: $0.date) }))
        default:
            if let recorded {
                context.print(SettleRenderer.recorded(recorded.payment, date: recorded.date, style: context.textStyle))
                context.print(AccountsRenderer.matchedLines(recorded.matched, context.language))
            }
            context.print(SettleRenderer.table(settlement, style: context.textStyle))
        }
    }
}
