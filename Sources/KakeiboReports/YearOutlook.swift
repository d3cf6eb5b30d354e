import KakeiboOperations
import KakeiboStore
import KakeiboValues

/// What `year` shows beside its months: each yearly fund's year, each rolled budget's months in it, and the fixed
/// costs still to come in the months not over by today (planned, never part of the year's totals).
public struct YearOutlook: Hashable, Sendable {
    /// A yearly fund (特別費) in the year.
    public struct Fund: Hashable, Sendable {
        public let target: BudgetTarget
        public let fund: YearlyFund
    }

    /// A rolled budget's months in the year, from January (or the month it starts) through the last counted.
    public struct Rolled: Hashable, Sendable {
        public let target: BudgetTarget
        public let amount: Yen
        public let months: [RolloverMonth]
        /// Whether the year is over, so the balance is the year's end (else it is now, in the month in progress).
        public let finished: Bool

        /// What carried into the year's first month counted.
        public var carriedIn: Yen? { months.first?.carried }
        /// What is left to carry on after the last month counted: at the year's end, or now.
        public var balance: Yen? { months.last?.left }
    }

    /// A month of the year not over by today, and its fixed costs still to come.
    public struct Planned: Hashable, Sendable {
        public let month: Int
        public let plan: MonthPlan
    }

    public let year: Int
    /// The months of the year counted (0–12): all of a past year, up to the month in progress of this one.
    public let through: Int
    public let funds: [Fund]
    public let rolled: [Rolled]
    public let planned: [Planned]

    public var plannedTotal: Yen { planned.reduce(.zero) { $0 + $1.plan.plannedTotal } }
    public var plannedIncomeTotal: Yen { planned.reduce(.zero) { $0 + $1.plan.plannedIncomeTotal } }
    public var isEmpty: Bool { funds.isEmpty && rolled.isEmpty && planned.isEmpty }

    /// Reads the budgets and fixed costs and what they need. With a category filter, only that category's budgets
    /// and costs; `planned: false` leaves the fixed costs out (a details filter: they carry no member or shop).
    public static func read(
        year: Int, store: LedgerStore, start: MonthStart, taxonomy: Taxonomy, filter: CategoryFilter?, today: CalendarDate,
        planned wanted: Bool = true
    ) throws -> YearOutlook {
        let now = MonthPeriod.containing(today, start: start).month
        let through = year < now.year ? 12 : year == now.year ? now.month : 0
        var budgets = try store.read(.budgets)
        for budget in budgets.entries {
            let kept: Bool
            if case .category(let code) = budget.target { kept = filter.map { $0.category == code.category } ?? true } else { kept = filter == nil }
            if !kept || budget.cadence == .monthly { budgets.unset(budget.target) }
        }
        let last = through > 0 ? YearMonth(uncheckedYear: year, month: through) : nil
        let history = try last.map { try BudgetHistory.spending(budgets, through: $0, start: start, store: store, taxonomy: taxonomy) } ?? [:]
        var funds: [Fund] = []
        var rolled: [Rolled] = []
        for budget in budgets.sorted(taxonomy) {
            let spent = history[budget.target] ?? [:]
            switch budget.cadence {
            case .monthly: break
            case .yearly:
                let monthly = (1...12).map { spent[YearMonth(uncheckedYear: year, month: $0)] ?? .zero }
                funds.append(Fund(target: budget.target, fund: YearlyFund(year: year, amount: budget.amount, through: through, monthly: monthly)))
            case .rollover(let steps):
                let months = last.map { RolloverMonth.months(steps, through: $0, spent: spent).filter { $0.month.year == year } } ?? []
                rolled.append(Rolled(target: budget.target, amount: budget.amount, months: months, finished: through == 12 && year < now.year))
            }
        }
        return YearOutlook(
            year: year, through: through, funds: funds, rolled: rolled,
            planned: wanted ? try plans(year: year, store: store, start: start, taxonomy: taxonomy, filter: filter, today: today) : [])
    }

    /// The fixed costs due and not yet posted in each month of the year not over by today.
    static func plans(year: Int, store: LedgerStore, start: MonthStart, taxonomy: Taxonomy, filter: CategoryFilter?, today: CalendarDate) throws
        -> [Planned]
    {
        let costs = try store.read(.fixedCosts)
        guard !costs.all.isEmpty else { return [] }
        var files: [YearMonth: [Item]] = [:]
        var planned: [Planned] = []
        for number in 1...12 {
            let period = MonthPeriod(YearMonth(uncheckedYear: year, month: number), start: start)
            guard today <= period.last else { continue }
            for file in period.files where files[file] == nil { files[file] = try store.items(in: file) }
            let items = period.files.flatMap { files[$0] ?? [] }.filter { period.contains($0.date) }
            let plan = MonthPlan(
                period: period, items: items, recorded: .zero, costs: costs, filter: filter, today: today, isIncome: taxonomy.isIncome)
            if !plan.planned.isEmpty || !plan.plannedIncome.isEmpty { planned.append(Planned(month: number, plan: plan)) }
        }
        return planned
    }
}
