import KakeiboValues

/// The month's balance (収支) against the household's savings goal.
public struct SavingsStatus: Hashable, Sendable {
    public let goal: Yen
    public let balance: Yen
    /// Whether the month is over: only a finished month can fall short (one in progress may still get there).
    public let finished: Bool

    public init(goal: Yen, balance: Yen, finished: Bool) {
        self.goal = goal
        self.balance = balance
        self.finished = finished
    }

    /// How much more the balance needs to reach the goal; zero or negative once it has.
    public var remaining: Yen { goal - balance }
    public var isMet: Bool { balance >= goal }
    /// A finished month whose balance is below the goal.
    public var isShort: Bool { finished && !isMet }

    /// The month's status when a goal is set; nil without one. `today` decides whether the month is finished.
    public static func month(_ report: MonthReport, budgets: Budgets, today: CalendarDate) -> SavingsStatus? {
        guard let goal = budgets.savings else { return nil }
        return SavingsStatus(goal: goal, balance: report.balance, finished: report.month < today.yearMonth)
    }
}
