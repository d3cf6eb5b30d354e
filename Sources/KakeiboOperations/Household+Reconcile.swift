import KakeiboStore
import KakeiboValues

/// What `reconcile` found, and with `--add` what it wrote.
public struct ReconcileOutcome: Sendable {
    public let reconciliation: Reconciliation
    /// The statement-only lines added now (none without `--add`, and none the second time).
    public let added: [Item]
    /// Typed items that now carry their line's payment and shop (the record of a match).
    public let recorded: Int
}

extension Household {
    /// Sets a statement beside the store (see `Reconciliation`). With `filed` (`--add`), in one change: adds each
    /// statement-only line the store doesn't have yet, as `filed` files it, and records each match on its typed
    /// item — the line's payment and shop where the item has none — so the spending is counted once and a match
    /// holds the next time. Running it again adds nothing and changes nothing.
    public func reconcile(_ lines: [StatementLine], filed: [String: WireItem]?) throws -> ReconcileOutcome {
        let months = Household.months(Reconciliation.span(of: lines))
        guard let filed else {
            var items: [Item] = []
            for month in months { items += try store.items(in: month) }
            return ReconcileOutcome(reconciliation: Reconciliation(lines: lines, items: items), added: [], recorded: 0)
        }
        return try change { index in
            for month in months { try index.load(month) }
            let reconciliation = Reconciliation(lines: lines, items: months.flatMap { index.items(in: $0) })
            var added: [Item] = []
            for line in reconciliation.statementOnly where index.item(line.id) == nil {
                guard let wire = filed[line.id] else { continue }
                let item = wire.item(added: now, sync: .pending)
                try index.insert(item)
                added.append(item)
            }
            var recorded = 0
            for match in reconciliation.matched {
                var item = match.item
                if item.details.payment == nil { item.details.payment = match.line.payment }
                if item.details.shop == nil { item.details.shop = match.line.name }
                guard item != match.item else { continue }
                item.sync = match.item.sync.afterLocalChange
                try index.replace(item)
                recorded += 1
            }
            return ReconcileOutcome(reconciliation: reconciliation, added: added, recorded: recorded)
        }.result
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
