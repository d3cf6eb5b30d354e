import KakeiboValues

/// The monthly review (振り返り): the kakeibo method's four questions answered with a month's figures — how much
/// came in, the savings goal against the balance, spending by category against budgets and the month before, and
/// the household's own note.
public struct ReviewReport: Hashable, Sendable {
    /// One category's spending this month beside its budget and the month before.
    public struct Row: Hashable, Sendable {
        /// The category; nil for the whole month's spending.
        public let category: Int?
        public let spent: Yen
        public let previous: Yen
        /// The category's monthly budget (the total budget for the whole month), when one is set.
        public let budget: Yen?

        /// This month less the month before.
        public var change: Yen { spent - previous }
        public var isOver: Bool { budget.map { spent > $0 } ?? false }
    }

    public let month: YearMonth
    /// The days the month covers (from the household's start day, when it chose one).
    public let period: MonthPeriod
    /// (1) What came in.
    public let income: IncomeSummary
    public let spending: Yen
    public let count: Int
    /// (2) The balance (収支) and, when the household set one, the savings goal against it.
    public var balance: Yen { income.total - spending }
    public var savingsRate: Double? { income.savingsRate(balance: balance) }
    public let savings: SavingsStatus?
    /// (3) Each category with spending this month or the one before, or a budget: the largest changes first
    /// (by size, then taxonomy order).
    public let categories: [Row]
    /// The whole month's spending against the total budget and the month before.
    public let total: Row
    /// (4) The household's note on the month; nil when none was written.
    public let note: String?

    /// Builds the review from the month's report, the previous month's totals, the budgets and the note.
    public init(
        _ report: MonthReport, previous: MonthTotals?, budgets: Budgets, note: String?, today: CalendarDate, taxonomy: Taxonomy
    ) {
        month = report.month
        period = report.period
        income = report.income
        spending = report.total
        count = report.count
        savings = SavingsStatus.month(report, budgets: budgets, today: today)
        func amount(_ rows: [BreakdownRow]?, _ code: Int) -> Yen { rows?.first { $0.category == code }?.total ?? .zero }
        var codes = Set(report.breakdown.map(\.category)).union(previous?.breakdown.map(\.category) ?? [])
        for budget in budgets.entries {
            if case .category(let code) = budget.target, code.subcategory == nil { codes.insert(code.category) }
        }
        categories = codes.map { code in
            Row(
                category: code, spent: amount(report.breakdown, code), previous: amount(previous?.breakdown, code),
                budget: budgets.amount(for: .category(CategoryCode(code))))
        }
        .sorted { a, b in
            let (x, y) = (abs(a.change.amount), abs(b.change.amount))
            if x != y { return x > y }
            return taxonomy.order(of: CategoryCode(a.category ?? 0)) < taxonomy.order(of: CategoryCode(b.category ?? 0))
        }
        total = Row(category: nil, spent: report.total, previous: previous?.total ?? .zero, budget: budgets.amount(for: .total))
        self.note = note
    }
}
