/// A month's sums day by day: what a period that starts on another day than the 1st (a month from payday) takes from
/// a month file it only partly covers, without reading the file's items. Kept in the month's summary file beside the
/// month's own sums, and held to them: the days must add up to exactly the month.
public struct DaySums: Hashable, Sendable {
    /// The sums of each day that has items, by day of the month (1…31).
    public private(set) var days: [Int: [CategoryCode: MonthSummary.Sum]]

    public init(days: [Int: [CategoryCode: MonthSummary.Sum]] = [:]) { self.days = days }

    /// Sums the items dated in `month`, day by day (any others are not the month's, as in the month report).
    public init(month: YearMonth, items: [Item]) {
        var slots = Slots()
        for item in items where item.counts && month.contains(item.date) {
            slots.add(MonthSummary.Sum(total: item.price, count: 1), day: item.date.day, code: item.category)
        }
        self = slots.sums
    }

    /// Day sums being gathered: a slot for each day (0…31) with room made ahead, since growing 31 small dictionaries
    /// an entry at a time cost more than the sums themselves.
    public struct Slots: Sendable {
        private var slots = [[CategoryCode: MonthSummary.Sum]](repeating: [:], count: 32)

        public init() {}

        /// Adds a sum to a day's (`day` in 0…31).
        public mutating func add(_ sum: MonthSummary.Sum, day: Int, code: CategoryCode) {
            if slots[day].isEmpty { slots[day].reserveCapacity(16) }
            slots[day][code, default: .zero] += sum
        }

        /// Sets a day's sum for a code; false when the day had one for it already.
        public mutating func set(_ sum: MonthSummary.Sum, day: Int, code: CategoryCode) -> Bool {
            if slots[day].isEmpty { slots[day].reserveCapacity(16) }
            return slots[day].updateValue(sum, forKey: code) == nil
        }

        /// The days that have sums.
        public var sums: DaySums {
            var days = [Int: [CategoryCode: MonthSummary.Sum]](minimumCapacity: 32)
            for (day, sums) in slots.enumerated() where !sums.isEmpty { days[day] = sums }
            return DaySums(days: days)
        }
    }

    /// The sums of the days in `range`.
    public func sums(in range: ClosedRange<Int>) -> [CategoryCode: MonthSummary.Sum] {
        var sums = [CategoryCode: MonthSummary.Sum](minimumCapacity: 32)
        for (day, daySums) in days where range.contains(day) {
            for (code, sum) in daySums { sums[code, default: .zero] += sum }
        }
        return sums
    }

    /// Whether these days are days of `summary`'s month, each with items, and add up to exactly its sums.
    public func addUp(to summary: MonthSummary) -> Bool {
        var total = [CategoryCode: MonthSummary.Sum](minimumCapacity: summary.sums.count)
        for (day, daySums) in days {
            guard (1...summary.month.days).contains(day), !daySums.isEmpty else { return false }
            for (code, sum) in daySums {
                guard sum.count > 0 else { return false }
                let (amount, o1) = (total[code]?.total.amount ?? 0).addingReportingOverflow(sum.total.amount)
                let (count, o2) = (total[code]?.count ?? 0).addingReportingOverflow(sum.count)
                guard !o1, !o2 else { return false }
                total[code] = MonthSummary.Sum(total: Yen(amount), count: count)
            }
        }
        return total == summary.sums
    }
}
