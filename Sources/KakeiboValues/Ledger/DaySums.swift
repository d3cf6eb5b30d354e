/// A month's sums day by day: what a period that starts on another day than the 1st (a month from payday) takes from
/// a month file it only partly covers, without reading the file's items. Kept in the month's summary file beside the
/// month's own sums, and held to them: the days must add up to exactly the month.
public struct DaySums: Hashable, Sendable {
    /// One day's sum for one category code.
    public struct Row: Hashable, Sendable {
        public let day: Int
        public let code: CategoryCode
        public let sum: MonthSummary.Sum

        public init(day: Int, code: CategoryCode, sum: MonthSummary.Sum) {
            self.day = day
            self.code = code
            self.sum = sum
        }

        /// Whether it comes before `other` in a day's order: by day, then by code.
        public func precedes(_ other: Row) -> Bool { day != other.day ? day < other.day : code < other.code }
    }

    /// By day, then by code: no day and code twice. A flat list rather than a table of tables, since a summary's
    /// days are read far more often than they are looked up.
    public private(set) var rows: [Row]

    public init() { rows = [] }

    /// The sums of each day that has items, by day of the month (1…31).
    public init(days: [Int: [CategoryCode: MonthSummary.Sum]]) {
        rows = days.flatMap { day, sums in sums.map { Row(day: day, code: $0.key, sum: $0.value) } }.sorted { $0.precedes($1) }
    }

    /// Rows already in order; nil when one doesn't come after the one before (out of order, or a day and code twice).
    public init?(ordered rows: [Row]) {
        for index in rows.indices.dropFirst() where !rows[index - 1].precedes(rows[index]) { return nil }
        self.rows = rows
    }

    /// Sums the items dated in `month`, day by day (any others are not the month's, as in the month report).
    public init(month: YearMonth, items: [Item]) {
        var slots = [[CategoryCode: MonthSummary.Sum]](repeating: [:], count: 32)
        for item in items where item.counts && month.contains(item.date) {
            slots[item.date.day][item.category, default: .zero] += MonthSummary.Sum(total: item.price, count: 1)
        }
        rows = slots.enumerated().flatMap { day, sums in sums.sorted { $0.key < $1.key }.map { Row(day: day, code: $0.key, sum: $0.value) } }
    }

    /// The sums of each day that has items, by day of the month.
    public var days: [Int: [CategoryCode: MonthSummary.Sum]] {
        var days: [Int: [CategoryCode: MonthSummary.Sum]] = [:]
        for row in rows { days[row.day, default: [:]][row.code] = row.sum }
        return days
    }

    /// The sums of the days in `range`.
    public func sums(in range: ClosedRange<Int>) -> [CategoryCode: MonthSummary.Sum] {
        var sums = [CategoryCode: MonthSummary.Sum](minimumCapacity: 32)
        for row in rows where range.contains(row.day) { sums[row.code, default: .zero] += row.sum }
        return sums
    }

    /// Whether these days are days of `summary`'s month, each sum of at least one item, and add up to exactly its sums.
    public func addUp(to summary: MonthSummary) -> Bool {
        var total = [CategoryCode: MonthSummary.Sum](minimumCapacity: summary.sums.count)
        for row in rows {
            guard (1...summary.month.days).contains(row.day), row.sum.count > 0 else { return false }
            let before = total[row.code] ?? .zero
            let (amount, o1) = before.total.amount.addingReportingOverflow(row.sum.total.amount)
            let (count, o2) = before.count.addingReportingOverflow(row.sum.count)
            guard !o1, !o2 else { return false }
            total[row.code] = MonthSummary.Sum(total: Yen(amount), count: count)
        }
        return total == summary.sums
    }
}
