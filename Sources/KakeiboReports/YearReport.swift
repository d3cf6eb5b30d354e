import KakeiboValues

/// A year as the app's year screen shows it: the total, its breakdown, and each of the 12 months.
public struct YearReport: Hashable, Sendable {
    public struct Month: Hashable, Sendable {
        public let month: Int
        public let total: Yen
        public let count: Int
        public let breakdown: [BreakdownRow]
        /// What came in this month; not part of `total`.
        public let income: Yen
        /// 収支: income less spending.
        public var balance: Yen { income - total }
    }

    public let year: Int
    public let filter: CategoryFilter?
    public let total: Yen
    public let count: Int
    public let grouping: Grouping
    public let breakdown: [BreakdownRow]
    /// Always twelve, January first; a month without items has total 0 and no rows.
    public let months: [Month]
    /// The year's income, by income subcategory; never part of `total` or `breakdown`.
    public let income: IncomeSummary

    /// 収支: income less spending.
    public var balance: Yen { income.total - total }
    /// The balance as a part of income; nil without income.
    public var savingsRate: Double? { income.savingsRate(balance: balance) }
    /// The day its months start on (the calendar month unless the household chose another); the year then runs
    /// from January's first day to December's last (`MonthPeriod`).
    public let start: MonthStart

    public init(year: Int, items: [YearMonth: [Item]], filter: CategoryFilter?, taxonomy: Taxonomy, start: MonthStart = .calendar) {
        var summaries: [YearMonth: MonthSummary] = [:]
        for (month, list) in items { summaries[month] = MonthSummary(month: month, items: list) }
        self.init(year: year, summaries: summaries, filter: filter, taxonomy: taxonomy, start: start)
    }

    /// Builds the report from each month's totals by category code (what the store keeps beside each month file).
    public init(
        year: Int, summaries: [YearMonth: MonthSummary], filter: CategoryFilter?, taxonomy: Taxonomy, start: MonthStart = .calendar
    ) {
        let grouping: Grouping = filter.map { .subcategory(of: $0.category) } ?? .category
        var all: [CategoryCode: MonthSummary.Sum] = [:]
        var allIncome: [CategoryCode: MonthSummary.Sum] = [:]
        var months: [Month] = []
        for number in 1...12 {
            let month = YearMonth(uncheckedYear: year, month: number)
            let matching = summaries[month]?.sums(matching: filter) ?? [:]
            let selected = matching.filter { !taxonomy.isIncome($0.key) }
            let income = matching.filter { taxonomy.isIncome($0.key) }
            let sum = selected.values.reduce(MonthSummary.Sum.zero, +)
            all.merge(selected, uniquingKeysWith: +)
            allIncome.merge(income, uniquingKeysWith: +)
            months.append(
                Month(
                    month: number, total: sum.total, count: sum.count,
                    breakdown: KakeiboReports.breakdown(of: selected, by: grouping, taxonomy: taxonomy),
                    income: income.values.reduce(MonthSummary.Sum.zero, +).total))
        }
        self.income = IncomeSummary(sums: allIncome, taxonomy: taxonomy)
        self.year = year
        self.filter = filter
        self.total = months.reduce(.zero) { $0 + $1.total }
        self.count = months.reduce(0) { $0 + $1.count }
        self.grouping = grouping
        self.breakdown = KakeiboReports.breakdown(of: all, by: grouping, taxonomy: taxonomy)
        self.months = months
        self.start = start
    }
}
