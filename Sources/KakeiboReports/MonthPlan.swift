import KakeiboValues

/// A fixed cost due in a month and not yet recorded.
public struct PlannedCost: Hashable, Sendable {
    public let cost: FixedCost
    public let date: CalendarDate
}

/// What is still to come in a month: its fixed costs not yet posted (income apart from spending), and for the month
/// in progress a forecast of its spending at the end, as MoneyForward ME and hledger's `--forecast` show:
///
///     forecast = recorded + planned + (variable spending so far ÷ days gone) × days left
///
/// where variable spending is the spending recorded less the posted fixed costs (income is no spending), days gone
/// count today, and days left are the days after today. The pace needs `minimumDays` gone: before that there is no
/// forecast (on the 1st, one day's shopping times 31 said nothing). A finished month has neither; a month not yet
/// begun has its plan only.
public struct MonthPlan: Hashable, Sendable {
    public let planned: [PlannedCost]
    public let plannedTotal: Yen
    /// Fixed income (salary) due and not yet recorded.
    public let plannedIncome: [PlannedCost]
    public let plannedIncomeTotal: Yen
    /// nil except for the month in progress, from its `minimumDays`th day.
    public let forecast: Yen?

    /// Days of a month that must have gone before its spending is extrapolated.
    public static let minimumDays = 3

    /// `items` are the month's (under the same filter as the report); `recorded` is their spending total.
    public init(
        period: MonthPeriod, items: [Item], recorded: Yen, costs: FixedCosts, filter: CategoryFilter?, today: CalendarDate,
        isIncome: (CategoryCode) -> Bool
    ) {
        guard today <= period.last else {
            self.init(planned: [], income: [], forecast: nil)
            return
        }
        let posted = Set(items.map(\.id))
        let due = costs.due(in: period).compactMap { cost, date -> PlannedCost? in
            guard filter?.matches(cost.category) ?? true, !posted.contains(cost.itemID(on: date)) else { return nil }
            return PlannedCost(cost: cost, date: date)
        }
        let planned = due.filter { !isIncome($0.cost.category) }
        let income = due.filter { isIncome($0.cost.category) }
        let gone = today.dayNumber - period.first.dayNumber + 1
        guard gone >= MonthPlan.minimumDays else {
            self.init(planned: planned, income: income, forecast: nil)
            return
        }
        let fixedIDs = Set(costs.due(in: period).map { $0.cost.itemID(on: $0.date) })
        let variable = items.reduce(Yen.zero) { fixedIDs.contains($1.id) || isIncome($1.category) ? $0 : $0 + $1.price }
        let left = period.last.dayNumber - today.dayNumber
        let pace = Double(variable.amount) / Double(gone)
        let sum = planned.reduce(Yen.zero) { $0 + $1.cost.price }
        self.init(planned: planned, income: income, forecast: recorded + sum + Yen(Int((pace * Double(left)).rounded())))
    }

    private init(planned: [PlannedCost], income: [PlannedCost], forecast: Yen?) {
        self.planned = planned
        self.plannedTotal = planned.reduce(Yen.zero) { $0 + $1.cost.price }
        self.plannedIncome = income
        self.plannedIncomeTotal = income.reduce(Yen.zero) { $0 + $1.cost.price }
        self.forecast = forecast
    }
}
