import KakeiboValues

/// A month's total and breakdown without its list of items: all a neighbouring month contributes to a comparison.
public struct MonthTotals: Hashable, Sendable {
    public let month: YearMonth
    public let total: Yen
    public let count: Int
    public let breakdown: [BreakdownRow]

    /// Sums the month's items as `MonthReport` does: only items dated in the month and matching the filter, broken
    /// down by category (by the filter's subcategories with a filter).
    public init(month: YearMonth, items: [Item], filter: CategoryFilter?, taxonomy: Taxonomy) {
        self.init(summary: MonthSummary(month: month, items: items), filter: filter, taxonomy: taxonomy)
    }

    /// The same from the month's summary, which the store keeps beside each month file: a neighbour costs a read
    /// of its file, not the decoding of its items.
    public init(summary: MonthSummary, filter: CategoryFilter?, taxonomy: Taxonomy) {
        let selected = summary.sums(matching: filter).filter { !taxonomy.isIncome($0.key) }
        let sum = selected.values.reduce(MonthSummary.Sum.zero, +)
        self.month = summary.month
        self.total = sum.total
        self.count = sum.count
        self.breakdown = KakeiboReports.breakdown(
            of: selected, by: filter.map { .subcategory(of: $0.category) } ?? .category, taxonomy: taxonomy)
    }
}

/// The months either side of a month, as the app's month screen swipes to them, under the same category filter.
public struct Neighbours: Hashable, Sendable {
    /// The month before; nil before year 1 (or when its file could not be read).
    public let previous: MonthTotals?
    /// The month after; nil after year 9999 (or when its file could not be read).
    public let next: MonthTotals?

    public init(previous: MonthTotals?, next: MonthTotals?) {
        self.previous = previous
        self.next = next
    }
}

/// One line of the comparison with the neighbouring months: a slice of the breakdown (or the total) in the previous
/// month, this one and the next, and the change from the previous month.
public struct NeighbourRow: Hashable, Sendable {
    /// The slice, as the breakdown keys it; nil for the total.
    public let code: CategoryCode?
    /// nil when there is no previous month to compare with.
    public let previous: Yen?
    public let current: Yen
    public let next: Yen?

    /// This month less the previous one.
    public var change: Yen? { previous.map { current - $0 } }

    /// The change as a part of the previous month (0.178 for +17.8%); nil when the previous amount is zero or
    /// negative, where a percentage means nothing.
    public var ratio: Double? {
        guard let previous, previous.amount > 0, let change else { return nil }
        return Double(change.amount) / Double(previous.amount)
    }
}

extension MonthReport {
    /// The comparison with the neighbouring months: each slice that appears in any of the three months, in the
    /// breakdown's order, then the total. Empty when the neighbours were not read or all three months are empty.
    public func neighbourRows(taxonomy: Taxonomy) -> [NeighbourRow] {
        guard let neighbours else { return [] }
        let around = [neighbours.previous, neighbours.next].compactMap { $0 }
        guard count > 0 || around.contains(where: { $0.count > 0 }) else { return [] }
        var codes = Set(breakdown.map(\.code))
        for month in around { codes.formUnion(month.breakdown.map(\.code)) }
        func amount(_ rows: [BreakdownRow], _ code: CategoryCode) -> Yen { rows.first { $0.code == code }?.total ?? .zero }
        var rows = codes.sorted { taxonomy.order(of: $0) < taxonomy.order(of: $1) }.map { code in
            NeighbourRow(
                code: code, previous: neighbours.previous.map { amount($0.breakdown, code) },
                current: amount(breakdown, code), next: neighbours.next.map { amount($0.breakdown, code) })
        }
        rows.append(NeighbourRow(code: nil, previous: neighbours.previous?.total, current: total, next: neighbours.next?.total))
        return rows
    }

    /// The month's largest purchases, dearest first; ties by date, then name, then id, so every run agrees.
    /// Refunds are not purchases and never appear.
    public func largestItems(_ count: Int = 3) -> [Item] {
        let purchases = items.filter { $0.price.amount > 0 }
        // Only items priced at least the count-th largest price can be among the largest: sort just those (a month
        // of thousands of items has a handful), not the whole month.
        guard count > 0, let threshold = purchases.map(\.price.amount).sorted(by: >).prefix(count).last else { return [] }
        return Array(ItemOrder(key: .price, descending: true).sorted(purchases.filter { $0.price.amount >= threshold }).prefix(count))
    }
}
