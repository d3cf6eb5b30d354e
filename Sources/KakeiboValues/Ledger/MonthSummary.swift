/// A month's items reduced to what a year report needs: the total and the count of each category code.
/// The store keeps one beside each month file so `kakeibo year` need not decode twelve months of items.
public struct MonthSummary: Hashable, Sendable {
    public struct Sum: Hashable, Sendable {
        public var total: Yen
        public var count: Int

        public init(total: Yen, count: Int) {
            self.total = total
            self.count = count
        }

        public static let zero = Sum(total: .zero, count: 0)

        public static func + (a: Sum, b: Sum) -> Sum { Sum(total: a.total + b.total, count: a.count + b.count) }
        public static func += (a: inout Sum, b: Sum) { a = a + b }
    }

    public var month: YearMonth
    /// Only codes that have items; an empty month has none.
    public var sums: [CategoryCode: Sum]

    public init(month: YearMonth, sums: [CategoryCode: Sum] = [:]) {
        self.month = month
        self.sums = sums
    }

    /// Sums the items dated in `month` (any others are not the month's, as in the month report).
    public init(month: YearMonth, items: [Item]) {
        self.init(month: month, sums: MonthSummary.sums(of: items.lazy.filter { month.contains($0.date) }))
    }

    /// Whether a month file of `byteCount` bytes could hold items adding up to these sums: each total within its count
    /// times the largest price, and no more items than bytes. A summary file that fails this was not made by kakeibo
    /// from that month file, whatever fingerprint it carries.
    public func isPossible(fromBytes byteCount: Int) -> Bool {
        var items = 0
        for sum in sums.values {
            let (most, overflow) = sum.count.multipliedReportingOverflow(by: Yen.limit)
            guard sum.count > 0, !overflow, sum.total.amount.magnitude <= most.magnitude else { return false }
            items += sum.count
            guard items <= byteCount else { return false }
        }
        return true
    }

    /// The sizes of summaries taken together, for reports that add them up: as long as the magnitudes of all their
    /// totals (and their counts) add up without overflow, so does any sum a report makes of some of them.
    public struct Magnitude: Sendable {
        public private(set) var total: UInt = 0
        public private(set) var count = 0

        public init() {}

        /// Adds a summary's sums; false, and unchanged, when the result would not fit in an Int.
        public mutating func add(_ summary: MonthSummary) -> Bool {
            var total = self.total
            var count = self.count
            for sum in summary.sums.values {
                let (newTotal, o1) = total.addingReportingOverflow(sum.total.amount.magnitude)
                let (newCount, o2) = count.addingReportingOverflow(sum.count)
                guard !o1, !o2, newTotal <= UInt(Int.max / 2) else { return false }
                (total, count) = (newTotal, newCount)
            }
            (self.total, self.count) = (total, count)
            return true
        }
    }

    /// The total and count of each category code among the items.
    public static func sums(of items: some Sequence<Item>) -> [CategoryCode: Sum] {
        var sums: [CategoryCode: Sum] = [:]
        // Only what counts: a transfer, or a line merged into another item, is in no sum.
        for item in items where item.counts { sums[item.category, default: .zero] += Sum(total: item.price, count: 1) }
        return sums
    }
}
