import KakeiboValues

/// What a breakdown splits by: categories, or the subcategories of one category.
public enum Grouping: Hashable, Sendable {
    case category
    case subcategory(of: Int)
}

/// One slice of the pie: a category (or subcategory) with its total, item count and share of the whole.
public struct BreakdownRow: Hashable, Sendable {
    public let category: Int
    /// The subcategory when grouping by subcategory (nil there means "none"); always nil when grouping by category.
    public let subcategory: Int?
    public let total: Yen
    public let count: Int
    /// This row's part of the whole, 0…1. With refunds a row can be negative; shares are taken over the rows whose
    /// total is positive (a pie can't draw a negative slice), and a row that isn't positive has share 0.
    public let share: Double

    public var code: CategoryCode { CategoryCode(category, subcategory) }

    package init(category: Int, subcategory: Int? = nil, total: Yen, count: Int, share: Double) {
        self.category = category
        self.subcategory = subcategory
        self.total = total
        self.count = count
        self.share = share
    }
}

/// The pie chart's data: items grouped and summed, in taxonomy order with unknown codes after and "none" last.
public func breakdown(of items: some Sequence<Item>, by grouping: Grouping, taxonomy: Taxonomy) -> [BreakdownRow] {
    breakdown(of: MonthSummary.sums(of: items), by: grouping, taxonomy: taxonomy)
}

/// The same from totals already summed by category code (a month's summary).
public func breakdown(of codes: [CategoryCode: MonthSummary.Sum], by grouping: Grouping, taxonomy: Taxonomy) -> [BreakdownRow] {
    var sums: [CategoryCode: MonthSummary.Sum] = [:]
    for (code, sum) in codes {
        let key: CategoryCode
        switch grouping {
        case .category: key = CategoryCode(code.category)
        case .subcategory: key = code
        }
        sums[key, default: .zero] += sum
    }
    let positive = sums.values.reduce(0) { $0 + max($1.total.amount, 0) }
    return sums.map { code, sum in
        BreakdownRow(
            category: code.category, subcategory: code.subcategory, total: sum.total, count: sum.count,
            share: positive > 0 && sum.total.amount > 0 ? Double(sum.total.amount) / Double(positive) : 0)
    }
    .sorted { taxonomy.order(of: $0.code) < taxonomy.order(of: $1.code) }
}
