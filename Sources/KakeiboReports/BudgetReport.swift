import KakeiboValues

/// One budget against a month: how much it allows, how much was spent, and what is left (negative when over).
/// A rolled budget allows its month's amount and what was carried in; a yearly fund is shown for the year to date.
public struct BudgetStatus: Hashable, Sendable {
    /// How the budget's money is counted in this status.
    public enum Standing: Hashable, Sendable {
        case monthly
        /// `budget` is the month's amount, `spent` the month's spending.
        case rolled(RolloverMonth)
        /// `budget` is the year's amount, `spent` the year's so far (through the month).
        case yearly(YearlyFund)

        public var isYearly: Bool {
            if case .yearly = self { return true }
            return false
        }
        public var isRolled: Bool {
            if case .rolled = self { return true }
            return false
        }
    }

    public let target: BudgetTarget
    public let budget: Yen
    public let spent: Yen
    public let standing: Standing

    public init(target: BudgetTarget, budget: Yen, spent: Yen, standing: Standing = .monthly) {
        self.target = target
        self.budget = budget
        self.spent = spent
        self.standing = standing
    }

    /// What carried in from the months before (rolled budgets; zero for the others).
    public var carried: Yen {
        if case .rolled(let month) = standing { return month.carried }
        return .zero
    }
    /// What may be spent: the budget and what was carried in.
    public var available: Yen { budget + carried }
    public var remaining: Yen { available - spent }
    /// Over means spent more than is available; spending exactly that is within it.
    public var isOver: Bool { spent > available }
    /// A yearly fund not over yet but spending ahead of the year (`YearlyFund.isAhead`).
    public var isAhead: Bool {
        if case .yearly(let fund) = standing { return fund.isAhead }
        return false
    }

    /// Each budget against the month's items (refunds count negatively). With a category filter, only the budgets
    /// of that category and its subcategories — the ones the filtered report is about. A rolled budget or yearly
    /// fund needs months beyond this one: `history` has each target's spending by month (`BudgetHistory`); without
    /// it they are counted as this month alone.
    public static func month(
        _ month: YearMonth, items: [Item], budgets: Budgets, filter: CategoryFilter?, taxonomy: Taxonomy, period: MonthPeriod? = nil,
        history: [BudgetTarget: [YearMonth: Yen]] = [:]
    ) -> [BudgetStatus] {
        let period = period ?? MonthPeriod(month)
        let inMonth = items.filter { $0.counts && period.contains($0.date) && !taxonomy.isIncome($0.category) }
        return budgets.sorted(taxonomy).compactMap { budget in
            if let filter {
                guard case .category(let code) = budget.target, code.category == filter.category else { return nil }
            }
            let spent = inMonth.reduce(Yen.zero) { budget.target.covers($1) ? $0 + $1.price : $0 }
            var byMonth = history[budget.target] ?? [:]
            byMonth[month] = spent
            switch budget.cadence {
            case .monthly: return BudgetStatus(target: budget.target, budget: budget.amount, spent: spent)
            case .rollover(let steps):
                guard let this = RolloverMonth.months(steps, through: month, spent: byMonth).last else {
                    // Before its first month the budget doesn't roll yet: that month stands alone.
                    return BudgetStatus(target: budget.target, budget: steps.first?.amount ?? budget.amount, spent: spent)
                }
                return BudgetStatus(target: budget.target, budget: this.budget, spent: spent, standing: .rolled(this))
            case .yearly:
                let fund = YearlyFund(
                    year: month.year, amount: budget.amount, through: month.month,
                    monthly: (1...12).map { byMonth[YearMonth(uncheckedYear: month.year, month: $0)] ?? .zero })
                return BudgetStatus(target: budget.target, budget: budget.amount, spent: fund.spent, standing: .yearly(fund))
            }
        }
    }
}
