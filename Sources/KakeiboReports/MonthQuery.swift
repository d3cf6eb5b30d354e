import KakeiboOperations
import KakeiboStore
import KakeiboValues

/// A question about one month, as `kakeibo month` asks it: the period, the category filter, the order and the
/// details filter. `view` reads what the answer needs from the store and builds it whole.
public struct MonthQuery: Sendable {
    public let period: MonthPeriod
    public let filter: CategoryFilter?
    public let order: ItemOrder
    public let details: DetailFilter

    public init(period: MonthPeriod, filter: CategoryFilter?, order: ItemOrder, details: DetailFilter) {
        self.period = period
        self.filter = filter
        self.order = order
        self.details = details
    }

    /// What a view holds beyond the month itself: each costs a read or two more.
    public struct Parts: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The months either side, from their summaries (not with a details filter: summaries know categories only).
        public static let neighbours = Parts(rawValue: 1)
        /// The fixed costs still to come and the forecast.
        public static let plan = Parts(rawValue: 2)
        /// The budgets and the savings goal.
        public static let budgets = Parts(rawValue: 4)
    }

    /// The month's spending broken down by one detail (`--by payment`, `--by tag`), income left out as in every
    /// spending report.
    public func breakdown(_ store: LedgerStore, by grouping: DetailGrouping, taxonomy: Taxonomy) throws -> DetailBreakdown {
        let files = try store.files(of: period)
        let accounts = try store.read(.accounts)
        let details = self.details.resolving(accounts)
        let selected = files.all.filter {
            $0.counts && period.contains($0.date) && (filter?.matches($0) ?? true) && details.matches($0) && !taxonomy.isIncome($0.category)
                && !$0.isYearOnly
        }
        return DetailBreakdown(selected, by: grouping, accounts: accounts)
    }

    /// The month as `kakeibo month` shows it. A neighbour whose file can't be read is left out of the comparison and
    /// named in `unreadable`; the month itself still shows.
    public func view(_ store: LedgerStore, taxonomy: Taxonomy, today: CalendarDate, parts: Parts) throws -> MonthView {
        let files = try store.files(of: period)
        let details = self.details.values[.payment] == nil ? self.details : self.details.resolving(try store.read(.accounts))
        // An item counted only in its year (Zaim's 年の集計にのみ含める) is no part of the month's spending or budgets.
        let items = files.all.filter { !$0.isYearOnly }
        var unreadable: [StoreError] = []
        var around: Neighbours?
        if parts.contains(.neighbours) && details.isEmpty {
            func totals(_ neighbour: YearMonth?) -> MonthTotals? {
                guard let neighbour else { return nil }
                do {
                    let summary = try store.summaries(of: [neighbour], start: period.start, known: files.days)[neighbour]
                    return summary.map { MonthTotals(summary: $0, filter: filter, taxonomy: taxonomy) }
                } catch {
                    unreadable.append(error)
                    return nil
                }
            }
            around = Neighbours(previous: totals(period.month.previous), next: totals(period.month.next))
        }
        let costs = parts.contains(.plan) ? try store.read(.fixedCosts) : FixedCosts()
        let report = MonthReport(
            month: period.month, items: details.isEmpty ? items : items.filter(details.matches), filter: filter, order: order,
            taxonomy: taxonomy, neighbours: around, period: period, fixedCosts: costs.all.isEmpty ? nil : costs, today: today)
        guard parts.contains(.budgets) else { return MonthView(report: report, budgets: [], savings: nil, unreadable: unreadable) }
        let budgets = try store.read(.budgets)
        let history = try BudgetHistory.spending(budgets, through: period.month, start: period.start, store: store, taxonomy: taxonomy, known: files)
        let statuses = BudgetStatus.month(
            period.month, items: items, budgets: budgets, filter: filter, taxonomy: taxonomy, period: period, history: history)
        // The goal is for the whole month's balance: a report of one category doesn't judge it.
        let savings = filter == nil ? SavingsStatus.month(report, budgets: budgets, today: today) : nil
        return MonthView(report: report, budgets: statuses, savings: savings, unreadable: unreadable)
    }
}

/// Everything `kakeibo month` shows of a month, built in one place (`MonthQuery.view`).
public struct MonthView: Sendable {
    public let report: MonthReport
    /// Each budget beside what was spent (empty when not asked for, or none is set).
    public let budgets: [BudgetStatus]
    public let savings: SavingsStatus?
    /// Why a neighbour is missing from the comparison.
    public let unreadable: [StoreError]
}
