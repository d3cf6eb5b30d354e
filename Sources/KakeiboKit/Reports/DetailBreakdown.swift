/// Which items a report covers by their details: `--payment`, `--member`, `--shop` (each exactly, after trimming).
public struct DetailFilter: Hashable, Sendable {
    public var values: [DetailField: String]

    public init(_ values: [DetailField: String] = [:]) { self.values = values }

    public var isEmpty: Bool { values.isEmpty }

    public func matches(_ item: Item) -> Bool {
        values.allSatisfy { field, value in item.details[field] == value }
    }
}

/// A breakdown of items by one detail (`--by payment|member|shop`): one row per value, items without it in a row
/// of their own ("(none)" / "(なし)"), largest total first, ties by value.
public struct DetailBreakdown: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        /// The detail's value; nil for items without it.
        public var value: String?
        public var total: Yen
        public var count: Int
        /// The row's share of the positive spending (0 for a row that is a refund overall).
        public var share: Double
    }

    public var field: DetailField
    public var total: Yen
    public var count: Int
    public var rows: [Row]

    public init(_ items: some Sequence<Item>, by field: DetailField) {
        var sums: [String?: (total: Int, count: Int)] = [:]
        for item in items {
            sums[item.details[field], default: (0, 0)].total += item.price.amount
            sums[item.details[field], default: (0, 0)].count += 1
        }
        let positive = sums.values.reduce(0) { $0 + max($1.total, 0) }
        self.field = field
        total = Yen(sums.values.reduce(0) { $0 + $1.total })
        count = sums.values.reduce(0) { $0 + $1.count }
        rows = sums.map { value, sum in
            Row(value: value, total: Yen(sum.total), count: sum.count, share: positive > 0 ? Double(max(sum.total, 0)) / Double(positive) : 0)
        }
        .sorted { a, b in
            if a.total != b.total { return a.total > b.total }
            if (a.value == nil) != (b.value == nil) { return b.value == nil }
            return (a.value ?? "") < (b.value ?? "")
        }
    }

    /// The row's label: its value, or "(none)" / "(なし)".
    public static func label(_ row: Row, _ language: Language) -> String { row.value ?? language.pick("(none)", "(なし)") }
}
