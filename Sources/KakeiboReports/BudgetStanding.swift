import KakeiboValues

/// One month of a rolled budget: its own amount, what the months before carried into it (negative when they
/// overspent), and what it spent; what is left carries into the next month.
public struct RolloverMonth: Hashable, Sendable {
    public let month: YearMonth
    public let budget: Yen
    public let carried: Yen
    public let spent: Yen

    /// What the month may spend: its budget and what was carried in.
    public var available: Yen { budget + carried }
    /// What carries into the next month (negative when over).
    public var left: Yen { available - spent }

    /// Each month from the first step's through `last` (none when `last` is before it), with `spent` each month's
    /// spending (a month not in it spent nothing). The balance starts at zero in the first step's month and is never
    /// reset: a later step changes only the monthly amount from its month on.
    public static func months(_ steps: [RolloverStep], through last: YearMonth, spent: [YearMonth: Yen]) -> [RolloverMonth] {
        guard var month = steps.first?.from else { return [] }
        var months: [RolloverMonth] = []
        var carried = Yen.zero
        while month <= last {
            let budget = steps.last { $0.from <= month }?.amount ?? .zero
            let this = RolloverMonth(month: month, budget: budget, carried: carried, spent: spent[month] ?? .zero)
            months.append(this)
            carried = this.left
            guard let next = month.next else { break }
            month = next
        }
        return months
    }
}

/// A yearly fund (特別費) in one year: the year's amount against what was spent in the months counted so far.
///
/// On course to be overspent means spent more than the year's share to date plus a quarter of the fund (three
/// months' share): 特別費 is lumpy — New Year's gifts, a holiday, an appliance — and a month's share alone would
/// cry wolf at the first trip. The limit never goes past the fund itself, so from October on it is the fund.
public struct YearlyFund: Hashable, Sendable {
    public let year: Int
    public let amount: Yen
    /// The months of the year counted (0–12): all of a past year, up to the month in question of this one.
    public let through: Int
    /// Each month's spending, January first (twelve); the months after `through` are not counted.
    public let monthly: [Yen]

    public init(year: Int, amount: Yen, through: Int, monthly: [Yen]) {
        self.year = year
        self.amount = amount
        self.through = max(0, min(12, through))
        self.monthly = monthly
    }

    /// Spent in the months counted.
    public var spent: Yen { monthly.prefix(through).reduce(.zero, +) }
    public var left: Yen { amount - spent }
    /// The year's share of the months counted: amount × months ÷ 12, rounded down.
    public var shareToDate: Yen { Yen(amount.amount * through / 12) }
    /// How far past the share to date spending may run before it is on course to overspend: a quarter of the year.
    public var margin: Yen { Yen(amount.amount / 4) }
    /// What spending so far may reach: the share to date and the margin, never more than the fund.
    public var limitToDate: Yen { Yen(min(amount.amount, shareToDate.amount + margin.amount)) }
    public var isOver: Bool { spent > amount }
    /// Not yet over the fund, but past the limit to date.
    public var isAhead: Bool { !isOver && spent > limitToDate }
}
