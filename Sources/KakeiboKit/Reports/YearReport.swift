/// A year as the app's year screen shows it: the total, its breakdown, and each of the 12 months.
public struct YearReport: Hashable, Sendable {
    public struct Month: Hashable, Sendable {
        public var month: Int
        public var total: Yen
        public var count: Int
        public var breakdown: [BreakdownRow]
    }

    public var year: Int
    public var filter: CategoryFilter?
    public var total: Yen
    public var count: Int
    public var grouping: Grouping
    public var breakdown: [BreakdownRow]
    /// Always twelve, January first; a month without items has total 0 and no rows.
    public var months: [Month]

    public init(year: Int, items: [YearMonth: [Item]], filter: CategoryFilter?, taxonomy: Taxonomy) {
        let grouping: Grouping = filter.map { .subcategory(of: $0.category) } ?? .category
        var all: [Item] = []
        var months: [Month] = []
        for number in 1...12 {
            let month = YearMonth(uncheckedYear: year, month: number)
            let selected = (items[month] ?? []).filter { month.contains($0.date) && (filter?.matches($0) ?? true) }
            all.append(contentsOf: selected)
            months.append(
                Month(
                    month: number, total: selected.reduce(.zero) { $0 + $1.price }, count: selected.count,
                    breakdown: KakeiboKit.breakdown(of: selected, by: grouping, taxonomy: taxonomy)))
        }
        self.year = year
        self.filter = filter
        self.total = months.reduce(.zero) { $0 + $1.total }
        self.count = all.count
        self.grouping = grouping
        self.breakdown = KakeiboKit.breakdown(of: all, by: grouping, taxonomy: taxonomy)
        self.months = months
    }
}
