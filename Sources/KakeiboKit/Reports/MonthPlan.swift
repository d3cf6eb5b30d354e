/// A fixed cost due in a month and not yet recorded.
public struct PlannedCost: Hashable, Sendable {
    public var cost: FixedCost
    public var date: CalendarDate
}

/// What is still to come in a month: its fixed costs not yet posted, and for the month in progress a forecast of
/// its end, as MoneyForward ME and hledger's `--forecast` show:
///
///     forecast = recorded + planned + (variable spending so far ÷ days gone) × days left
///
/// where variable spending is what was recorded less the posted fixed costs, days gone count today, and days left
/// are the days after today. A finished month has neither; a month not yet begun has its plan only.
public struct MonthPlan: Hashable, Sendable {
    public var planned: [PlannedCost]
    public var plannedTotal: Yen
    /// nil except for the month in progress.
    public var forecast: Yen?

    /// `items` are the month's (under the same filter as the report); `recorded` is their total.
    public init(period: MonthPeriod, items: [Item], recorded: Yen, costs: FixedCosts, filter: CategoryFilter?, today: CalendarDate) {
        guard today <= period.last else {
            self.init(planned: [], forecast: nil)
            return
        }
        let posted = Set(items.map(\.id))
        let planned = costs.due(in: period).compactMap { cost, date -> PlannedCost? in
            guard filter?.matches(cost.category) ?? true, !posted.contains(cost.item(on: date).id) else { return nil }
            return PlannedCost(cost: cost, date: date)
        }
        guard period.first <= today else {
            self.init(planned: planned, forecast: nil)
            return
        }
        let fixedIDs = Set(costs.due(in: period).map { $0.cost.item(on: $0.date).id })
        let variable = items.reduce(Yen.zero) { fixedIDs.contains($1.id) ? $0 : $0 + $1.price }
        let gone = today.dayNumber - period.first.dayNumber + 1
        let left = period.last.dayNumber - today.dayNumber
        let pace = Double(variable.amount) / Double(gone)
        let sum = planned.reduce(Yen.zero) { $0 + $1.cost.price }
        self.init(planned: planned, forecast: recorded + sum + Yen(Int((pace * Double(left)).rounded())))
    }

    private init(planned: [PlannedCost], forecast: Yen?) {
        self.planned = planned
        self.plannedTotal = planned.reduce(Yen.zero) { $0 + $1.cost.price }
        self.forecast = forecast
    }
}
