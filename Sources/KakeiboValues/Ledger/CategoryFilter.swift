/// Which items a report covers: all, one category, or one subcategory (or "none") of a category.
public struct CategoryFilter: Hashable, Sendable {
    public var category: Int
    /// nil: the whole category; .some(nil): only its items without a subcategory.
    public var subcategory: Int??

    public init(category: Int, subcategory: Int?? = nil) {
        self.category = category
        self.subcategory = subcategory
    }

    public init(_ code: CategoryCode) {
        self.init(category: code.category, subcategory: code.subcategory.map { .some($0) })
    }

    public func matches(_ item: Item) -> Bool { matches(item.category) }

    public func matches(_ code: CategoryCode) -> Bool {
        guard code.category == category else { return false }
        guard case .some(let sub) = subcategory else { return true }
        return code.subcategory == sub
    }

    public var code: CategoryCode {
        CategoryCode(category, subcategory ?? nil)
    }
}

extension MonthSummary {
    /// The sums of the codes a filter keeps (all of them without one).
    public func sums(matching filter: CategoryFilter?) -> [CategoryCode: Sum] {
        guard let filter else { return sums }
        return sums.filter { filter.matches($0.key) }
    }

    /// The total and count of the items a filter keeps.
    public func sum(matching filter: CategoryFilter?) -> Sum {
        sums(matching: filter).values.reduce(Sum.zero, +)
    }
}
