import KakeiboStore
import KakeiboValues

/// How `budget set` asks a budget to count: each month alone, as a year's fund, or rolling over.
public enum BudgetRequest: Hashable, Sendable {
    case monthly
    case yearly
    /// Rolling over from `from` (a fresh start there), or, with none, from `thisMonth` — or, for a budget that
    /// already rolls, going on with its balance and the new amount from `thisMonth` on.
    case rollover(from: YearMonth?, thisMonth: YearMonth)
}

extension Household {
    /// Sets a budget (for the whole month, a category or an allowance); returns every budget as it now stands.
    public func setBudget(_ target: BudgetTarget, _ amount: Yen, _ request: BudgetRequest = .monthly, taxonomy: Taxonomy) throws -> Budgets {
        if case .category(let code) = target, taxonomy.isIncome(code) { throw BudgetError.incomeCategory(target.key(taxonomy)) }
        switch (request, target) {
        case (.yearly, .total), (.yearly, .allowance): throw BudgetError.yearlyNotForTarget(target.key(taxonomy))
        case (.rollover, .total): throw BudgetError.rolloverNotForTarget(target.key(taxonomy))
        default: break
        }
        return try store.update(.budgets, taxonomy) { budgets in
            budgets.set(Budget(target: target, amount: amount, cadence: Self.cadence(request, amount, earlier: budgets.budget(for: target))))
            return budgets
        }
    }

    /// A rolled budget's balance never resets by itself: setting it again keeps its steps and changes the amount
    /// from this month on; only `--from` starts it afresh.
    package static func cadence(_ request: BudgetRequest, _ amount: Yen, earlier: Budget?) -> BudgetCadence {
        switch request {
        case .monthly: return .monthly
        case .yearly: return .yearly
        case .rollover(let from?, _): return .rollover([RolloverStep(from: from, amount: amount)])
        case .rollover(nil, let thisMonth):
            let kept = (earlier?.cadence.steps ?? []).filter { $0.from < thisMonth }
            if let last = kept.last, last.amount == amount { return .rollover(kept) }
            return .rollover(kept + [RolloverStep(from: thisMonth, amount: amount)])
        }
    }

    /// Removes a monthly budget; returns every budget as it now stands. One that isn't set is an error.
    public func unsetBudget(_ target: BudgetTarget, taxonomy: Taxonomy) throws -> Budgets {
        // Without a store there is nothing to remove, and nothing is created to find that out.
        guard store.exists else { throw BudgetError.notSet(target.key(taxonomy)) }
        return try store.update(.budgets, taxonomy) { budgets in
            guard budgets.unset(target) else { throw BudgetError.notSet(target.key(taxonomy)) }
            return budgets
        }
    }
}
