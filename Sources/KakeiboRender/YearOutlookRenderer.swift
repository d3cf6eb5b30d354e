import KakeiboReports
import KakeiboStore
import KakeiboValues

/// The year's yearly funds, rolled budgets and planned fixed costs, as tables after the months and as JSON members.
extension TableRenderer {
    /// Each section that has something: funds (fund, spent, left, over/ahead), rolled budgets (monthly, carried into
    /// the year, the balance now or at the year's end) and the months' planned costs and income.
    static func yearOutlook(_ outlook: YearOutlook, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        var out = ""
        if !outlook.funds.isEmpty {
            // The mark column only when a fund is over or ahead: at 40 columns its gap is the room the names need.
            let marks = outlook.funds.contains { $0.fund.isOver || $0.fund.isAhead }
            var table = TextTable(
                [
                    .left(language.pick("Yearly fund", "年の予算")).shrinking(), .right(language.pick("Fund", "予算")).dropping(),
                    .right(language.pick("Spent", "支出")), .right(language.pick("Left", "残り")),
                ] + (marks ? [.left("").inked(.negative)] : []))
            for entry in outlook.funds {
                let fund = entry.fund
                let mark = fund.isOver ? language.pick("over", "超過") : fund.isAhead ? language.pick("ahead", "注意") : ""
                table.add(
                    [
                        .init(entry.target.label(taxonomy, language)), .init(fund.amount.formatted(language)), money(fund.spent, language),
                        money(fund.left, language),
                    ] + (marks ? [.init(mark)] : []))
            }
            out += "\n" + table.render(style)
            // A year in progress: each fund's share to date, what "ahead" is measured from.
            for entry in outlook.funds where outlook.through > 0 && outlook.through < 12 {
                let name = terminalSafe(entry.target.label(taxonomy, language))
                let share = entry.fund.shareToDate.formatted(language)
                out +=
                    truncate(
                        language.pick(
                            "\(name): share to \(Labels.shortMonth(outlook.through, language)) \(share)", "\(name): \(outlook.through)月までの目安 \(share)"
                        ),
                        to: style.width) + "\n"
            }
        }
        if !outlook.rolled.isEmpty {
            let finished = outlook.rolled.allSatisfy(\.finished)
            var table = TextTable([
                .left(language.pick("Rolled budget", "繰越の予算")).shrinking(), .right(language.pick("Monthly", "月額")).dropping(1),
                .right(language.pick("Carried in", "前年から")).dropping(0),
                .right(finished ? language.pick("Year end", "年末") : language.pick("Now", "現在")),
            ])
            for entry in outlook.rolled {
                table.add([
                    .init(entry.target.label(taxonomy, language)), .init(entry.amount.formatted(language)),
                    entry.carriedIn.map { money($0, language) } ?? .init("-", .dim), entry.balance.map { money($0, language) } ?? .init("-", .dim),
                ])
            }
            out += "\n" + table.render(style)
        }
        if !outlook.planned.isEmpty {
            var table = TextTable([
                .left(language.pick("Planned", "予定")), .right(language.pick("Spending", "支出")), .right(language.pick("Income", "収入")),
            ])
            for entry in outlook.planned {
                let plan = entry.plan
                table.add([
                    .init(Labels.shortMonth(entry.month, language)),
                    plan.plannedTotal == .zero ? .init("-", .dim) : money(plan.plannedTotal, language),
                    plan.plannedIncomeTotal == .zero ? .init("-", .dim) : money(plan.plannedIncomeTotal, language),
                ])
            }
            table.add([.init(Labels.total(language)), money(outlook.plannedTotal, language), money(outlook.plannedIncomeTotal, language)])
            out +=
                "\n" + table.render(style)
                + language.pick("Fixed costs still to come; not in the totals above.\n", "これからの固定費です（上の合計には含みません）。\n")
        }
        return out
    }
}

extension JSONRenderer {
    /// The year's `funds`, `rolled`, `plannedTotal` and `plannedIncomeTotal`:
    /// `funds: [{"category","subcategory","label","budget","spent","left","through","share","margin","limit","over","ahead","months":[N×12]}]`,
    /// `rolled: [{"category","subcategory","label","budget","carriedIn","balance","finished","months":[{"month","budget","carried","available","spent","left"}]}]`.
    static func yearOutlook(_ outlook: YearOutlook, _ taxonomy: Taxonomy, _ language: Language) -> [(String, JSONValue)] {
        let funds = outlook.funds.map { entry -> JSONValue in
            let fund = BudgetRenderer.fund(entry.fund).objectValue ?? []
            return .object(
                target(entry.target, taxonomy, language) + [("budget", .integer(entry.fund.amount.amount))] + fund
                    + [("months", .array(entry.fund.monthly.map { .integer($0.amount) }))])
        }
        let rolled = outlook.rolled.map { entry -> JSONValue in
            .object(
                target(entry.target, taxonomy, language) + [
                    ("budget", .integer(entry.amount.amount)),
                    ("carriedIn", entry.carriedIn.map { .integer($0.amount) } ?? .null),
                    ("balance", entry.balance.map { .integer($0.amount) } ?? .null),
                    ("finished", .bool(entry.finished)),
                    (
                        "months",
                        .array(
                            entry.months.map { month in
                                .object([
                                    ("month", .integer(month.month.month)), ("budget", .integer(month.budget.amount)),
                                    ("carried", .integer(month.carried.amount)), ("available", .integer(month.available.amount)),
                                    ("spent", .integer(month.spent.amount)), ("left", .integer(month.left.amount)),
                                ])
                            })
                    ),
                ])
        }
        return [
            ("funds", .array(funds)), ("rolled", .array(rolled)),
            ("plannedTotal", .integer(outlook.plannedTotal.amount)), ("plannedIncomeTotal", .integer(outlook.plannedIncomeTotal.amount)),
        ]
    }

    /// A month's planned costs in the year JSON: the same four keys as the month's (`planned`, `plannedTotal`,
    /// `plannedIncome`, `plannedIncomeTotal`), empty for a month that is over.
    static func yearMonthPlanned(_ outlook: YearOutlook, month: Int, _ taxonomy: Taxonomy) -> [(String, JSONValue)] {
        let plan = outlook.planned.first { $0.month == month }?.plan
        return [
            ("planned", FixedRenderer.planned(plan?.planned ?? [], taxonomy)),
            ("plannedTotal", .integer(plan?.plannedTotal.amount ?? 0)),
            ("plannedIncome", FixedRenderer.planned(plan?.plannedIncome ?? [], taxonomy)),
            ("plannedIncomeTotal", .integer(plan?.plannedIncomeTotal.amount ?? 0)),
        ]
    }
}
