import KakeiboKit

/// `kakeibo fixed` — fixed costs (固定費) and recording each month's, once.
struct FixedCommand: Command {
    static let day = Option.count(
        "--day", value: "DAY", maximum: 31,
        help: LocalizedText(en: "day of the month it falls due, 1–31 (past a month's end: its last day)", ja: "支払日（1〜31。月末を過ぎる日はその月の末日）"),
        required: true)
    static let yearly = Option.count(
        "--yearly", value: "MONTH", maximum: 12,
        help: LocalizedText(en: "once a year, in this month (1–12); default monthly", ja: "年に 1 回、この月（1〜12）に。既定は毎月"))
    static let every = Option.count(
        "--every", value: "N", maximum: 120,
        help: LocalizedText(
            en: "every N months, counted from --from (default: this month), e.g. water every 2", ja: "N か月ごと（--from の月から数える。既定は今月）。水道なら 2"))
    static let months = Option(
        "--months", value: "M,M…",
        help: LocalizedText(en: "in these months each year, e.g. 6,12 for bonuses or 5 for 自動車税", ja: "毎年この月に（賞与なら 6,12、自動車税なら 5）")
    ) { try FixedCost.parseMonths($0) }
    static let from = Option(
        "--from", value: "YYYY-MM", help: LocalizedText(en: "the first month it falls due in", ja: "最初の月")
    ) { try FixedCost.parseYearMonth($0, option: "--from") }
    static let until = Option(
        "--until", value: "YYYY-MM", help: LocalizedText(en: "the last month it may fall due in", ja: "最後の月")
    ) { try FixedCost.parseYearMonth($0, option: "--until") }
    static let income = Flag(
        "--income",
        help: LocalizedText(
            en: "money that comes in (salary, a bonus): income/salary, or the income category --category names",
            ja: "収入（給与・賞与）: income/salary、または --category で指定した収入の項目"))
    static let category = Option.category(
        help: LocalizedText(
            en: "key or name, e.g. housing/rent or 家賃 (default: the one NAME is, as 家賃 is housing/rent, else other)",
            ja: "キーか名前（housing/rent、家賃 など。既定は名前と同じ名前の項目（家賃なら housing/rent）、なければ other（その他））"))
    static let payment = Option<String>(
        "--payment", value: "METHOD",
        help: LocalizedText(en: "how it is paid (an account), put on its items", ja: "支払方法（口座）。計上する品目に付ける")
    ) { try DetailField.payment.validate($0) }
    static let member = Option<String>(
        "--member", value: "NAME", help: LocalizedText(en: "whose cost it is, put on its items", ja: "誰の固定費か。計上する品目に付ける")
    ) { try DetailField.member.validate($0) }
    static let format = OutputFormat.option([.table, .json])
    static let key = Argument("NAME|ID", LocalizedText(en: "the cost's name or id", ja: "固定費の名前か ID"))

    enum Verb: String, CommandVerb {
        case add, list, remove, post, skip

        var declaration: VerbInfo {
            switch self {
            case .add:
                VerbInfo(
                    LocalizedText(en: "add a cost (replaces one of the same name)", ja: "固定費を登録（同じ名前なら置き換え）"),
                    arguments: [
                        Argument("NAME", LocalizedText(en: "the cost's name, 1–30 characters", ja: "名前（1〜30 文字）")),
                        Argument("PRICE", LocalizedText(en: "whole yen, e.g. 85000 or 85,000", ja: "円単位の整数（85000、85,000 など）")),
                    ],
                    options: [day, yearly, every, months, from, until, category, income, payment, member, format])
            case .list: VerbInfo(LocalizedText(en: "show every fixed cost", ja: "すべての固定費を表示"), options: [format])
            case .remove:
                VerbInfo(LocalizedText(en: "remove a cost (items it posted stay)", ja: "固定費を削除（登録済みの品目は残る）"), arguments: [key], options: [format])
            case .post:
                VerbInfo(
                    LocalizedText(
                        en: "record the month's costs due by today (default: this month); quiet when none",
                        ja: "今日までに支払日が来た月の固定費を登録（既定は今月）。なければ何も出力しない"),
                    arguments: [Argument("YEAR MONTH", LocalizedText(en: "the month to post", ja: "計上する月"), .optional, words: 2)],
                    options: [MonthStartOption.option, format])
            case .skip:
                VerbInfo(
                    LocalizedText(
                        en: "don't post the cost in this month (its posting, if there, is deleted); 'kakeibo undo' takes it back",
                        ja: "この月は計上しない（計上済みなら削除）。'kakeibo undo' で取り消せる"),
                    arguments: [key, Argument("YYYY-MM", LocalizedText(en: "the month it is skipped in", ja: "見送る月"))], options: [format])
            }
        }
    }

    static let name = "fixed"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Fixed costs: add, list, remove, post a month's, skip one", ja: "固定費の登録・一覧・削除・月の計上・見送り"),
        description: LocalizedText(
            en:
                "Fixed costs are kept with the store, in fixed.json. 'fixed post' records the month's costs due by today as items, each once however often it runs (from cron, or on two machines): an item's id comes from the cost and the month. Until posted, 'month' shows them as planned. A posting deleted with 'kakeibo delete' stays deleted: its month is skipped, as 'fixed skip' does before it is posted (the phone bill came in from another app), and the household's other members skip it too once they sync.",
            ja:
                "固定費は保存先の fixed.json に保存します。fixed post はその月の今日までに支払日が来た固定費を品目として登録します。何度実行しても（cron や 2 台の機械から実行しても）1 回だけです（ID は固定費と月から決まります）。登録前は month に予定として表示します。kakeibo delete で削除した計上は削除されたままです（その月は見送りになります。計上前なら fixed skip で同じことができます）。同期すると家計のほかのメンバーも見送ります。"
        ),
        verbs: Verb.self,
        examples: [
            "kakeibo fixed add 家賃 85000 --day 27",
            "kakeibo fixed add 家賃 85000 --day 27 --payment ゆうちょ銀行 --member ayumi",
            "kakeibo fixed add 動画配信 990 --day 1 --category 放送・配信",
            "kakeibo fixed add 火災保険 18000 --day 1 --yearly 4",
            "kakeibo fixed add 水道 7800 --day 20 --every 2 --from 2025-01",
            "kakeibo fixed add 自動車税 36000 --day 31 --months 5",
            "kakeibo fixed add 賞与 500000 --day 10 --months 6,12 --income --category income/bonus",
            "kakeibo fixed list --format json",
            "kakeibo fixed post",
            "kakeibo fixed skip 携帯電話 2024-11",
            "kakeibo fixed remove 家賃",
        ])

    enum Action {
        case add(FixedCost)
        case list
        case remove(String)
        case post(MonthPeriod)
        case skip(String, YearMonth)
    }

    let action: Action
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let operands = arguments.positionals
        switch try arguments.verb(Verb.self) {
        case .add:
            let taxonomy = try context.taxonomy()
            let name = try ItemName.validate(operands[0])
            let price = try Yen.parsePrice(operands[1])
            guard let day = try arguments[Self.day] else { throw UsageError.missingArgument("--day DAY", command: FixedCommand.name) }
            let category =
                arguments[Self.income]
                ? try taxonomy.resolveIncome(arguments[Self.category])
                : try arguments[Self.category].map { try taxonomy.resolve($0) } ?? taxonomy.category(named: name)
            var cost = try Self.cost(name, price, day: day, category, arguments, today: context.clock.today)
            cost.payment = try arguments[Self.payment]
            cost.member = try DetailOptions.known(try arguments[Self.member], try DetailOptions.settings(context))
            action = .add(cost)
        case .list: action = .list
        case .remove: action = .remove(operands[0])
        case .post:
            action = .post(try MonthStartOption.period(operands, start: try MonthStartOption.resolve(arguments, context), context))
        case .skip: action = .skip(operands[0], try FixedCost.parseYearMonth(operands[1], option: "YYYY-MM"))
        }
        format = try arguments[Self.format] ?? .table
    }

    /// The cost on the schedule the options give; `--every` counts from this month unless `--from` says.
    static func cost(
        _ name: String, _ price: Yen, day: Int, _ category: CategoryCode, _ arguments: ParsedArguments, today: CalendarDate
    ) throws -> FixedCost {
        var months = try arguments[Self.months] ?? []
        if let yearly = try arguments[Self.yearly] {
            guard months.isEmpty else { throw FixedScheduleError.yearlyWithMonths }
            months = [yearly]
        }
        let every = try arguments[Self.every] ?? 1
        let from = try arguments[Self.from] ?? (every > 1 && months.isEmpty ? today.yearMonth : nil)
        return try FixedCost(
            name: name, price: price, day: day, months: months, every: every, from: from, until: try arguments[Self.until], category: category)
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let language = context.language
        switch action {
        case .add(let cost):
            let household = try context.household()
            let all = try household.addFixedCost(cost)
            let unknown = AccountsRenderer.unknownPayment(cost.payment, try household.accounts(), language) ?? ""
            finish(all, taxonomy, message: FixedRenderer.added(cost, taxonomy: taxonomy, language) + unknown, context)
        case .list:
            finish(try context.store().read(.fixedCosts), taxonomy, message: nil, context)
        case .remove(let key):
            let household = try context.household()
            let removed = try household.removeFixedCost(key)
            finish(
                try household.store.read(.fixedCosts), taxonomy,
                message: language.pick("Removed the fixed cost \(removed.name)\n", "固定費 \(removed.name) を削除しました\n"), context)
        case .post(let period):
            let outcome = try context.household().postFixedCosts(period, today: context.clock.today)
            switch format {
            case .json: context.print(JSONRenderer.render(.array(outcome.posted.map { JSONRenderer.item($0, taxonomy) })))
            default:
                for item in outcome.posted {
                    context.print(TableRenderer.item(item, verb: language.pick("Posted", "計上しました:"), taxonomy: taxonomy, style: context.textStyle))
                }
                context.print(AccountsRenderer.matchedLines(outcome.matched, language))
            }
        case .skip(let key, let month):
            let household = try context.household()
            let outcome = try household.skipFixedCost(key, in: month, syncs: context.syncs())
            finish(try household.store.read(.fixedCosts), taxonomy, message: FixedRenderer.skipped(outcome, taxonomy: taxonomy, language), context)
        }
    }

    /// Tables say what changed (list shows the costs); JSON always prints every cost as they now stand.
    private func finish(_ costs: FixedCosts, _ taxonomy: Taxonomy, message: String?, _ context: Context) {
        switch format {
        case .json: context.print(FixedRenderer.json(costs, taxonomy: taxonomy))
        default: context.print(message ?? FixedRenderer.table(costs, taxonomy: taxonomy, style: context.textStyle))
        }
    }
}
