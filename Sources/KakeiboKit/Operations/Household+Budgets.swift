extension Household {
    /// Sets a monthly budget (for the whole month or a category); returns every budget as it now stands.
    public func setBudget(_ target: BudgetTarget, _ amount: Yen, taxonomy: Taxonomy) throws -> Budgets {
        if case .category(let code) = target, taxonomy.isIncome(code) { throw BudgetError.incomeCategory(target.key(taxonomy)) }
        return try BudgetStore(store: store).update(taxonomy: taxonomy) { budgets in
            budgets.set(target, amount)
            return budgets
        }
    }

    /// Removes a monthly budget; returns every budget as it now stands. One that isn't set is an error.
    public func unsetBudget(_ target: BudgetTarget, taxonomy: Taxonomy) throws -> Budgets {
        // Without a store there is nothing to remove, and nothing is created to find that out.
        guard store.exists else { throw BudgetError.notSet(target.key(taxonomy)) }
        return try BudgetStore(store: store).update(taxonomy: taxonomy) { budgets in
            guard budgets.unset(target) else { throw BudgetError.notSet(target.key(taxonomy)) }
            return budgets
        }
    }
}
