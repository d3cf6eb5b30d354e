import KakeiboStore
import KakeiboValues

extension Household {
    /// Sets statements beside the store as an import would merge them, writing nothing: `items` are the lines as the
    /// import would store them (by id). The lines the store has already are seen as they are stored.
    public func reconcile(_ lines: [StatementLine], items: [String: WireItem]) throws -> Reconciliation {
        let months = Set(Household.months(Reconciliation.span(of: lines)))
        var stored: [Item] = []
        if store.exists {
            let held = Set(try store.months())
            for month in months.sorted() where held.contains(month) { stored += try store.items(in: month) }
        }
        let storedIDs = Set(stored.map(\.id))
        let incoming = lines.compactMap { items[$0.id] }.filter { !storedIDs.contains($0.id) }.map { $0.item(added: now, sync: .pending) }
        let accounts = try accounts()
        let plan = MatchPlan(items: stored + incoming, months: Set(incoming.map(\.date.yearMonth)), matching: try matching(accounts))
        let after = Dictionary((stored + incoming).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            .merging(plan.changed.map { ($0.id, $0) }, uniquingKeysWith: { _, new in new })
        return Reconciliation(lines: lines, items: Array(after.values), stored: storedIDs, accounts: accounts)
    }

    /// Every month a span of days touches, in order.
    static func months(_ span: ClosedRange<CalendarDate>?) -> [YearMonth] {
        guard let span else { return [] }
        var months: [YearMonth] = []
        var month: YearMonth? = span.lowerBound.yearMonth
        while let current = month, current <= span.upperBound.yearMonth {
            months.append(current)
            month = current.next
        }
        return months
    }
}
