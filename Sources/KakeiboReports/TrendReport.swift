import KakeiboValues

/// Monthly totals over a run of consecutive months — the data of a line chart — with their average and extremes.
/// Every month in the run is there; a month without items is a point at 0.
public struct TrendReport: Hashable, Sendable {
    public struct Point: Hashable, Sendable {
        public let month: YearMonth
        public let total: Yen
        public let count: Int
    }

    public let filter: CategoryFilter?
    /// One per month, oldest first, never empty.
    public let points: [Point]
    public let total: Yen
    public let count: Int
    /// The mean of the monthly totals (empty months count as 0), rounded to the yen, halves away from zero.
    public let average: Yen
    /// The month with the largest total; the earliest when several share it.
    public let highest: Point
    /// The month with the smallest total; the earliest when several share it.
    public let lowest: Point
    /// The day its months start on (see `MonthPeriod`).
    public let start: MonthStart

    /// The `length` months ending with `end`, oldest first; nil if they would start before year 1 or `length` < 1.
    public static func months(ending end: YearMonth, length: Int) -> [YearMonth]? {
        guard length >= 1, let start = end.adding(months: -(length - 1)) else { return nil }
        return (0..<length).compactMap { start.adding(months: $0) }
    }

    /// Sums each month's items (only those dated in it and matching the filter). `months` must not be empty.
    public init(months: [YearMonth], items: [YearMonth: [Item]], filter: CategoryFilter?, start: MonthStart = .calendar) {
        var summaries: [YearMonth: MonthSummary] = [:]
        for (month, list) in items { summaries[month] = MonthSummary(month: month, items: list) }
        self.init(months: months, summaries: summaries, filter: filter, start: start)
    }

    /// The same from each month's summary, which the store keeps beside each month file. Without a filter the
    /// trend is of spending: the `income` category codes are left out (a filter names what it shows).
    public init(
        months: [YearMonth], summaries: [YearMonth: MonthSummary], filter: CategoryFilter?, income: Set<Int> = [], start: MonthStart = .calendar
    ) {
        precondition(!months.isEmpty, "a trend needs at least one month")
        points = months.map { month in
            let sums = summaries[month]?.sums(matching: filter) ?? [:]
            let sum = sums.filter { filter != nil || !income.contains($0.key.category) }.values.reduce(MonthSummary.Sum.zero, +)
            return Point(month: month, total: sum.total, count: sum.count)
        }
        self.filter = filter
        total = points.reduce(.zero) { $0 + $1.total }
        count = points.reduce(0) { $0 + $1.count }
        average = Yen(divideRoundingHalfAway(total.amount, points.count))
        highest = points.dropFirst().reduce(points[0]) { $1.total > $0.total ? $1 : $0 }
        lowest = points.dropFirst().reduce(points[0]) { $1.total < $0.total ? $1 : $0 }
        self.start = start
    }

    public var first: YearMonth { points[0].month }
    public var last: YearMonth { points[points.count - 1].month }
}
