/// One budget against a month: how much it allows, how much was spent, and what is left (negative when over).
public struct BudgetStatus: Hashable, Sendable {
    public var target: BudgetTarget
    public var budget: Yen
    public var spent: Yen

    public var remaining: Yen { budget - spent }
    /// Over means spent more than the budget; spending exactly the budget is within it.
    public var isOver: Bool { spent > budget }

    /// Each budget against the month's items (refunds count negatively). With a category filter, only the budgets
    /// of that category and its subcategories — the ones the filtered report is about.
    public static func month(
        _ month: YearMonth, items: [Item], budgets: Budgets, filter: CategoryFilter?, taxonomy: Taxonomy, period: MonthPeriod? = nil
    ) -> [BudgetStatus] {
        let period = period ?? MonthPeriod(month)
        let inMonth = items.filter { period.contains($0.date) && !taxonomy.isIncome($0.category) }
        return budgets.sorted(taxonomy).compactMap { budget in
            if let filter {
                guard case .category(let code) = budget.target, code.category == filter.category else { return nil }
            }
            let spent = inMonth.reduce(Yen.zero) { budget.target.covers($1) ? $0 + $1.price : $0 }
            return BudgetStatus(target: budget.target, budget: budget.amount, spent: spent)
        }
    }
}
