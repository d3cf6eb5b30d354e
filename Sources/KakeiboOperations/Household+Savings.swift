import KakeiboStore
import KakeiboValues

extension Household {
    /// Sets (or replaces) the monthly savings goal, kept with the budgets; returns every budget as it now stands.
    public func setSavingsGoal(_ amount: Yen, taxonomy: Taxonomy) throws -> Budgets {
        try store.update(.budgets, taxonomy) { budgets in
            budgets.savings = amount
            return budgets
        }
    }

    /// Removes the savings goal; one that isn't set is an error.
    public func unsetSavingsGoal(taxonomy: Taxonomy) throws -> Budgets {
        guard store.exists else { throw BudgetError.notSet(Budgets.savingsKey) }
        return try store.update(.budgets, taxonomy) { budgets in
            guard budgets.savings != nil else { throw BudgetError.notSet(Budgets.savingsKey) }
            budgets.savings = nil
            return budgets
        }
    }
}
