import KakeiboKit

/// `kakeibo budget` — monthly budgets for the whole month or a category, kept with the store.
struct BudgetCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let member = Option(
        "--member", value: "M",
        help: LocalizedText(
            en: "with allowance: whose allowance (their personal items count against it; one the split names, when it names members)",
            ja: "allowance と一緒に: 誰のお小遣いか（その人の個人の支出が対象。分担にメンバーがあればその中の 1 人）"))
    static let yearly = Flag(
        "--yearly",
        help: LocalizedText(
            en:
                "AMOUNT is a year's fund for the category (特別費): spent whenever in the year; month shows it for the year to date (categories only: the total, savings and allowances are monthly)",
            ja: "AMOUNT を項目の年の予算にする（特別費など）。年のどの月に使ってもよく、month は年初からの状況を表示（項目だけ。合計・貯蓄・お小遣いは月単位）"))
    static let rollover = Flag(
        "--rollover",
        help: LocalizedText(
            en: "what is left each month carries into the next, what is over is taken from it (a category or an allowance; not with --yearly)",
            ja: "月の残りを翌月に繰り越し、超過分は翌月から差し引く（項目かお小遣い。--yearly とは併用不可）"))
    static let from = Option(
        "--from", value: "YYYY-MM",
        help: LocalizedText(
            en: "with --rollover: the month the balance starts from, afresh (default: this month, or where it already runs)",
            ja: "--rollover と一緒に: 繰越を数え始める月（やり直し。既定は今月、すでに繰越中ならその続き）")
    ) { try FixedCost.parseYearMonth($0, option: "--from") }
    static let target = Argument(
        "CAT",
        LocalizedText(
            en:
                "total (the whole month), a category or CAT/SUB: food, 食費, food/drink; savings (貯蓄), a goal for the balance; or allowance, a member's, with --member",
            ja: "total（月全体）、項目、または 項目/内訳: food、食費、food/drink など。savings（貯蓄）は収支の目標、allowance（お小遣い）は --member と"))
    static let amount = Argument(
        "AMOUNT",
        LocalizedText(en: "whole yen a month (a year's with --yearly), e.g. 30000 or 30,000", ja: "月あたりの金額（円。--yearly では年の金額）。30000、30,000 など"))

    enum Verb: String, CommandVerb {
        case set, list, unset

        var declaration: VerbInfo {
            switch self {
            case .set:
                VerbInfo(
                    LocalizedText(en: "set the monthly budget of CAT (replaces an earlier one)", ja: "CAT の月の予算を設定（前の予算は置き換え）"),
                    arguments: [target, amount], options: [member, yearly, rollover, from, format])
            case .list: VerbInfo(LocalizedText(en: "show every budget", ja: "すべての予算を表示"), options: [format])
            case .unset: VerbInfo(LocalizedText(en: "remove CAT's budget", ja: "CAT の予算を削除"), arguments: [target], options: [member, format])
            }
        }
    }

    static let name = "budget"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Set, list or remove budgets: monthly, yearly funds, rolling over", ja: "予算（月・年・繰越）を設定・一覧・削除"),
        description: LocalizedText(
            en:
                "Budgets are kept with the store, in budgets.json. 'month' shows each budget beside what was spent, and 'month --check-budget' exits 3 when one is over. A yearly fund (--yearly) is checked for the year to date: exit 3 when it is overspent, or on course to be — spent more than the year's share to date plus a quarter of the fund (three months' share), never more than the fund. A rolled budget's balance runs from the month it was set (or --from) and never resets by itself; setting a new amount changes it from this month on.",
            ja:
                "予算は保存先の budgets.json に保存します。month は予算と支出を並べて表示し、month --check-budget は超過があれば終了コード 3 で終わります。年の予算（--yearly）は年初からで確かめ、超過したとき、または超過しそうなとき（年の予算の経過月分に 4 分の 1（3 か月分）を足した額を超えたとき。年の予算が上限）に終了コード 3 です。繰越する予算（--rollover）は設定した月（または --from）から数え、勝手にやり直しません。金額を変えると今月から新しい金額です。"
        ),
        verbs: Verb.self,
        examples: [
            "kakeibo budget set total 120000",
            "kakeibo budget set food 50,000",
            "kakeibo budget set 食費/飲料 8000",
            "kakeibo budget set savings 50000",
            "kakeibo budget set allowance 30000 --member ayumi",
            "kakeibo budget set 特別費 240000 --yearly",
            "kakeibo budget set food 40000 --rollover --from 2025-01",
            "kakeibo budget list --format json",
            "kakeibo budget unset food/drink",
            "kakeibo month --check-budget > /dev/null || echo 'over budget'",
        ])

    enum Action {
        case set(BudgetTarget, Yen, BudgetRequest)
        case list
        case unset(BudgetTarget)
        case setSavings(Yen)
        case unsetSavings
    }

    let action: Action
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let operands = arguments.positionals
        // allowance --member M: one member's お小遣い; --member means nothing beside another budget.
        func target(_ typed: String) throws -> BudgetTarget {
            var text = typed
            var member = try arguments[Self.member]
            // "allowance/ayumi", the key `budget list` shows, names the member too.
            if let slash = typed.firstIndex(of: "/"), BudgetTarget.isAllowance(String(typed[..<slash])), member == nil {
                text = String(typed[..<slash])
                member = String(typed[typed.index(after: slash)...])
            }
            guard BudgetTarget.isAllowance(text) else {
                if member != nil { throw UsageError.onlyWith("--member", "allowance") }
                return try BudgetTarget.resolve(text, try context.taxonomy())
            }
            guard let member else { throw UsageError.missingArgument("--member M", command: BudgetCommand.name) }
            let name: String
            do { name = try DetailField.member.validate(member) } catch { throw SettingError.member(member, error) }
            return .allowance(try DetailOptions.known(name, try DetailOptions.settings(context)) ?? name)
        }
        switch try arguments.verb(Verb.self) {
        case .set:
            let request = try Self.request(arguments, context)
            if Budgets.isSavings(operands[0]) {
                guard request == .monthly else {
                    throw arguments[Self.yearly]
                        ? BudgetError.yearlyNotForTarget(Budgets.savingsKey) : BudgetError.rolloverNotForTarget(Budgets.savingsKey)
                }
                action = .setSavings(try Budget.parseAmount(operands[1]))
            } else {
                action = .set(try target(operands[0]), try Budget.parseAmount(operands[1]), request)
            }
        case .list: action = .list
        case .unset: action = Budgets.isSavings(operands[0]) ? .unsetSavings : .unset(try target(operands[0]))
        }
        format = try arguments[Self.format] ?? .table
    }

    /// `--yearly`, `--rollover [--from]` or neither; --from alone means nothing.
    static func request(_ arguments: ParsedArguments, _ context: Context) throws -> BudgetRequest {
        let from = try arguments[Self.from]
        switch (arguments[Self.yearly], arguments[Self.rollover]) {
        case (true, true): throw BudgetError.yearlyAndRollover
        case (true, false):
            if from != nil { throw UsageError.onlyWith("--from", "--rollover") }
            return .yearly
        case (false, true):
            let start = try context.monthStart()
            return .rollover(from: from ?? nil, thisMonth: MonthPeriod.containing(context.clock.today, start: start).month)
        case (false, false):
            if from != nil { throw UsageError.onlyWith("--from", "--rollover") }
            return .monthly
        }
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let language = context.language
        switch action {
        case .set(let target, let amount, let request):
            let all = try context.household().setBudget(target, amount, request, taxonomy: taxonomy)
            let budget = all.budget(for: target) ?? Budget(target: target, amount: amount)
            finish(all, taxonomy, message: BudgetRenderer.set(budget, taxonomy: taxonomy, language), context)
        case .list:
            finish(try context.store().read(.budgets), taxonomy, message: nil, context)
        case .unset(let target):
            let all = try context.household().unsetBudget(target, taxonomy: taxonomy)
            finish(
                all, taxonomy,
                message: language.pick(
                    "Removed the budget for \(target.label(taxonomy, language))\n", "\(target.label(taxonomy, language))の予算を削除しました\n"), context)
        case .setSavings(let amount):
            let all = try context.household().setSavingsGoal(amount, taxonomy: taxonomy)
            finish(
                all, taxonomy,
                message: language.pick(
                    "Savings goal: \(amount.formatted(language)) a month\n", "貯蓄目標: 月 \(amount.formatted(language))\n"), context)
        case .unsetSavings:
            let all = try context.household().unsetSavingsGoal(taxonomy: taxonomy)
            finish(all, taxonomy, message: language.pick("Removed the savings goal\n", "貯蓄目標を削除しました\n"), context)
        }
    }

    /// Tables say what changed (list shows the budgets); JSON always prints every budget as they now stand.
    private func finish(_ budgets: Budgets, _ taxonomy: Taxonomy, message: String?, _ context: Context) {
        switch format {
        case .json: context.print(JSONRenderer.budgetList(budgets, taxonomy: taxonomy, language: context.language))
        default: context.print(message ?? TableRenderer.budgetList(budgets, taxonomy: taxonomy, style: context.textStyle))
        }
    }
}
