import KakeiboValues

/// How the month's items are listed.
public struct ItemOrder: Hashable, Sendable {
    public enum Key: String, Sendable, CaseIterable {
        case date, price
    }

    public let key: Key
    public let descending: Bool

    public init(key: Key = .date, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    /// Sorts without touching the caller's array. Ties are broken by date, then name, then id (always ascending),
    /// so the output is the same on every run.
    public func sorted(_ items: [Item]) -> [Item] {
        // Names are compared by their place among the month's distinct names: comparing Japanese Strings is slow
        // (they are normalised first), and a month repeats a few dozen names thousands of times.
        var rank: [String: Int] = [:]
        for name in Set(items.map(\.name)).sorted() { rank[name] = rank.count }
        let names = items.map { rank[$0.name] ?? 0 }
        // The keys in arrays of their own: comparing through whole items copied (and retained) every item's strings
        // at each of the n log n comparisons.
        let dates = items.map(\.date)
        let prices = items.map(\.price)
        let order = items.indices.sorted { i, j in
            switch key {
            case .price where prices[i] != prices[j]:
                return descending ? prices[i] > prices[j] : prices[i] < prices[j]
            case .date where dates[i] != dates[j]:
                return descending ? dates[i] > dates[j] : dates[i] < dates[j]
            default:
                if dates[i] != dates[j] { return dates[i] < dates[j] }
                if names[i] != names[j] { return names[i] < names[j] }
                return items[i].id < items[j].id
            }
        }
        return order.map { items[$0] }
    }
}

/// A month as the app's month screen shows it: the total, the pie chart's slices and the sorted list.
public struct MonthReport: Hashable, Sendable {
    public let month: YearMonth
    public let filter: CategoryFilter?
    public let total: Yen
    public let count: Int
    public let grouping: Grouping
    public let breakdown: [BreakdownRow]
    public let items: [Item]
    /// The months either side, for the comparison (see `Neighbours`); nil when the caller doesn't compare.
    public let neighbours: Neighbours?
    /// What came in: never part of `total`, `breakdown` or `items`, which are spending.
    public let income: IncomeSummary
    /// Money moved between the household's accounts (a card's bill, a charge): neither spending nor income. None
    /// with a category filter.
    public let transfers: TransferSummary

    /// 収支: income less spending.
    public var balance: Yen { income.total - total }
    /// The balance as a part of income; nil without income.
    public var savingsRate: Double? { income.savingsRate(balance: balance) }
    /// The days the month covers: the calendar month, or from the household's start day (`MonthPeriod`).
    public let period: MonthPeriod
    /// Fixed costs still to come and the forecast (see `MonthPlan`); nil when the caller doesn't plan.
    public let plan: MonthPlan?

    /// Builds the report from the month's items and, for the comparison, its neighbours' totals (read from the
    /// same filter by the caller). Items dated outside the month are not counted; with a filter, only that
    /// category's items are, broken down by its subcategories. With fixed costs, the plan is made for `today`.
    public init(
        month: YearMonth, items: [Item], filter: CategoryFilter?, order: ItemOrder, taxonomy: Taxonomy, neighbours: Neighbours? = nil,
        period: MonthPeriod? = nil, fixedCosts: FixedCosts? = nil, today: CalendarDate? = nil
    ) {
        let period = period ?? MonthPeriod(month)
        let inPeriod = items.filter { period.contains($0.date) }
        let matching = inPeriod.filter { $0.counts && (filter?.matches($0) ?? true) }
        self.transfers = TransferSummary(items: filter == nil ? inPeriod.filter { $0.isTransfer && !$0.isMerged } : [])
        let selected = matching.filter { !taxonomy.isIncome($0.category) }
        self.income = IncomeSummary(items: matching.filter { taxonomy.isIncome($0.category) }, order: order, taxonomy: taxonomy)
        self.month = month
        self.period = period
        self.filter = filter
        self.total = selected.reduce(.zero) { $0 + $1.price }
        self.count = selected.count
        self.grouping = filter.map { .subcategory(of: $0.category) } ?? .category
        self.breakdown = KakeiboReports.breakdown(of: selected, by: grouping, taxonomy: taxonomy)
        self.items = order.sorted(selected)
        self.neighbours = neighbours
        if let fixedCosts, let today {
            plan = MonthPlan(
                period: period, items: inPeriod, recorded: total, costs: fixedCosts, filter: filter, today: today, isIncome: taxonomy.isIncome)
        } else {
            plan = nil
        }
    }
}

/// A period's income: its total, by subcategory of the income categories, and the items.
public struct IncomeSummary: Hashable, Sendable {
    public let total: Yen
    public let count: Int
    /// By income category and subcategory, in taxonomy order.
    public let breakdown: [BreakdownRow]
    public let items: [Item]

    public init(items: [Item], order: ItemOrder, taxonomy: Taxonomy) {
        self.init(sums: MonthSummary.sums(of: items), items: order.sorted(items), taxonomy: taxonomy)
    }

    /// From sums by category code (a month's summary); only the income codes count, and `items` stays empty.
    public init(sums: [CategoryCode: MonthSummary.Sum], taxonomy: Taxonomy) {
        self.init(sums: sums, items: [], taxonomy: taxonomy)
    }

    private init(sums: [CategoryCode: MonthSummary.Sum], items: [Item], taxonomy: Taxonomy) {
        let income = sums.filter { taxonomy.isIncome($0.key) }
        let sum = income.values.reduce(MonthSummary.Sum.zero, +)
        total = sum.total
        count = sum.count
        breakdown = KakeiboReports.breakdown(
            of: income, by: .subcategory(of: income.keys.first?.category ?? 0), taxonomy: taxonomy)
        self.items = items
    }

    /// The balance as a part of income (0.25 when a quarter was saved); nil without income, where it means nothing.
    public func savingsRate(balance: Yen) -> Double? {
        guard total.amount > 0 else { return nil }
        return Double(balance.amount) / Double(total.amount)
    }
}

/// A period's transfers: money moved between the household's accounts, in date order.
public struct TransferSummary: Hashable, Sendable {
    public let total: Yen
    public let count: Int
    public let items: [Item]

    public init(items: [Item]) {
        self.items = items.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        total = items.reduce(.zero) { $0 + $1.price }
        count = items.count
    }
}
