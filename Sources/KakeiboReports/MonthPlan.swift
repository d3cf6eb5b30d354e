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
/// begun has its plan only, and so has income filtered alone (it has no spending to forecast).
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

    /// `items` are every item stored in the period (merged lines, transfers and income included: a posting merged into
    /// the bank's line of the same rent is posted); `recorded` is the spending total of those under the filter.
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
        // Income filtered alone has no spending to forecast.
        let onlyIncome = filter.map { isIncome(CategoryCode($0.category)) } ?? false
        guard gone >= MonthPlan.minimumDays, !onlyIncome else {
            self.init(planned: planned, income: income, forecast: nil)
            return
        }
        // A fixed cost is not variable spending, whether its posting counts or was merged into another source's line.
        let postings = Set(costs.due(in: period).map { $0.cost.itemID(on: $0.date) })
        let fixed = postings.union(items.compactMap { postings.contains($0.id) ? $0.details.merged : nil })
        let variable = items.reduce(Yen.zero) {
            $1.counts && (filter?.matches($1) ?? true) && !fixed.contains($1.id) && !isIncome($1.category) ? $0 + $1.price : $0
        }
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
