/// What a monthly budget limits: the whole month, or one category, or one subcategory of a category, or one
/// member's allowance (お小遣い): the spending marked as that member's personal.
public enum BudgetTarget: Hashable, Sendable {
    case total
    case category(CategoryCode)
    case allowance(String)

    /// Whether an item counts against this budget.
    public func covers(_ item: Item) -> Bool {
        switch self {
        case .total: return true
        case .allowance(let member): return item.details.personal && item.details.member == member
        case .category(let code):
            return item.category.category == code.category && (code.subcategory == nil || item.category.subcategory == code.subcategory)
        }
    }

    /// Whether spending in a category counts against this budget; nil for an allowance (it depends on the item).
    public func covers(_ code: CategoryCode) -> Bool? {
        switch self {
        case .total: return true
        case .allowance: return nil
        case .category(let mine): return code.category == mine.category && (mine.subcategory == nil || code.subcategory == mine.subcategory)
        }
    }

    /// Whether a month's totals by category are enough to count it (not for an allowance: it depends on the item).
    public var countsByCategory: Bool {
        if case .allowance = self { return false }
        return true
    }

    /// The whole month's name as people see it: "Total" / "合計".
    public static let totalName = LocalizedText(en: "Total", ja: "合計")
    /// What a person types for an allowance (with `--member`), and its name: "Allowance" / "お小遣い".
    public static let allowanceKey = "allowance"
    public static let allowanceName = LocalizedText(en: "Allowance", ja: "お小遣い")

    /// Whether typed text names an allowance rather than a category.
    public static func isAllowance(_ text: String) -> Bool {
        let folded = trimWhitespace(text).lowercased()
        return folded == allowanceKey || folded == allowanceName.ja || folded == "小遣い"
    }

    /// "total", "food" or "food/drink": what a person types, and what JSON and messages show.
    public func key(_ taxonomy: Taxonomy) -> String {
        switch self {
        case .total: return "total"
        case .category(let code):
            let main = taxonomy.key(category: code.category)
            return code.subcategory.map { main + "/" + taxonomy.key(category: code.category, subcategory: $0) } ?? main
        case .allowance(let member): return BudgetTarget.allowanceKey + "/" + member
        }
    }

    /// "Total" / "合計", "Food › Drink" / "食費 › 飲料".
    public func label(_ taxonomy: Taxonomy, _ language: Language) -> String {
        switch self {
        case .total: return BudgetTarget.totalName(language)
        case .category(let code): return taxonomy.label(code, language)
        case .allowance(let member): return BudgetTarget.allowanceName(language) + " › " + terminalSafe(member)
        }
    }

    /// Resolves what a person typed: `total` (or 合計), else a category as `Taxonomy.resolve` reads it.
    public static func resolve(_ text: String, _ taxonomy: Taxonomy) throws(ValueError) -> BudgetTarget {
        let folded = trimWhitespace(text).lowercased()
        if folded == "total" || folded == BudgetTarget.totalName.ja { return .total }
        return .category(try taxonomy.resolve(text))
    }

    /// Total first, then the taxonomy's order, a category before its subcategories, then allowances by member.
    func precedes(_ other: BudgetTarget, _ taxonomy: Taxonomy) -> Bool {
        switch (self, other) {
        case (.total, _): return other != .total
        case (.allowance(let a), .allowance(let b)): return a < b
        case (.allowance, _): return false
        case (_, .allowance): return true
        case (.category, .total): return false
        case (.category(let a), .category(let b)):
            let (x, y) = (taxonomy.order(of: a), taxonomy.order(of: b))
            if (x.0, x.1) != (y.0, y.1) { return (x.0, x.1) < (y.0, y.1) }
            if a.subcategory == nil || b.subcategory == nil { return a.subcategory == nil && b.subcategory != nil }
            return x < y
        }
    }
}

/// A limit on spending: a month's (the usual), a year's fund (特別費), or a month's that rolls over.
public struct Budget: Hashable, Sendable {
    public var target: BudgetTarget
    /// A month's amount; a yearly fund's is the year's; a rolled budget's is its latest step's.
    public var amount: Yen
    public var cadence: BudgetCadence

    public init(target: BudgetTarget, amount: Yen, cadence: BudgetCadence = .monthly) {
        self.target = target
        self.amount = amount
        self.cadence = cadence
    }

    /// Parses a budget typed by a person: whole yen more than zero, `30000` or `30,000`.
    public static func parseAmount(_ text: String) throws(BudgetError) -> Yen {
        guard let amount = try? Yen.parsePrice(text), amount.amount > 0 else { throw .amount(text) }
        return amount
    }

    /// Whether it needs budgets.json schema 4 (a yearly fund or a rolled budget).
    package var isPlain: Bool { cadence == .monthly }
}

/// How a budget counts its money.
public enum BudgetCadence: Hashable, Sendable {
    /// Each month on its own.
    case monthly
    /// One amount for the calendar year of the household's months (January to December), spent whenever.
    case yearly
    /// Each month's amount plus what the months before it left (less what they overspent), counted from the first
    /// step's month and never reset by itself; each step sets the monthly amount from its month on.
    case rollover([RolloverStep])

    /// The rolled budget's steps, else empty.
    public var steps: [RolloverStep] {
        if case .rollover(let steps) = self { return steps }
        return []
    }
}

/// From this month on, a rolled budget allows this much a month.
public struct RolloverStep: Hashable, Sendable {
    public var from: YearMonth
    public var amount: Yen

    public init(from: YearMonth, amount: Yen) {
        self.from = from
        self.amount = amount
    }
}

/// The household's monthly budgets, at most one per target.
public struct Budgets: Hashable, Sendable {
    public private(set) var entries: [Budget] = []
    /// The savings goal: a monthly target for the balance (income less spending), not a limit on spending.
    public var savings: Yen?

    /// What a person types for the savings goal: `savings` or 貯蓄.
    public static let savingsKey = "savings"
    public static let savingsName = LocalizedText(en: "Savings goal", ja: "貯蓄目標")

    /// Whether typed text names the savings goal rather than a budget.
    public static func isSavings(_ text: String) -> Bool {
        let folded = trimWhitespace(text).lowercased()
        return folded == savingsKey || folded == "貯蓄" || folded == savingsName.ja
    }

    public init(_ entries: [Budget] = []) {
        for entry in entries { set(entry) }
    }

    public var isEmpty: Bool { entries.isEmpty && savings == nil }

    public func amount(for target: BudgetTarget) -> Yen? { entries.first { $0.target == target }?.amount }

    public func budget(for target: BudgetTarget) -> Budget? { entries.first { $0.target == target } }

    /// Sets (or replaces) a monthly budget for a target.
    public mutating func set(_ target: BudgetTarget, _ amount: Yen) { set(Budget(target: target, amount: amount)) }

    /// Sets (or replaces) the budget for its target.
    public mutating func set(_ budget: Budget) {
        if let index = entries.firstIndex(where: { $0.target == budget.target }) {
            entries[index] = budget
        } else {
            entries.append(budget)
        }
    }

    /// Removes a target's budget; false if it had none.
    @discardableResult
    public mutating func unset(_ target: BudgetTarget) -> Bool {
        guard let index = entries.firstIndex(where: { $0.target == target }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// The entries in display order: the total first, then categories as the taxonomy orders them.
    public func sorted(_ taxonomy: Taxonomy) -> [Budget] {
        entries.sorted { $0.target.precedes($1.target, taxonomy) }
    }
}
