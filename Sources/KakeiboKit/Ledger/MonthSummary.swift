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
    public init(month: YearMonth, items: some Sequence<Item>) {
        self.init(month: month, sums: MonthSummary.sums(of: items.lazy.filter { month.contains($0.date) }))
    }

    /// The total and count of each category code among the items.
    public static func sums(of items: some Sequence<Item>) -> [CategoryCode: Sum] {
        var sums: [CategoryCode: Sum] = [:]
        for item in items { sums[item.category, default: .zero] += Sum(total: item.price, count: 1) }
        return sums
    }
}
