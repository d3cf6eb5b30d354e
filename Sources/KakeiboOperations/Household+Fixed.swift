import KakeiboStore
import KakeiboValues

extension Household {
    /// Adds a fixed cost (or replaces the one of the same name); returns every fixed cost as they now stand.
    public func addFixedCost(_ cost: FixedCost) throws -> FixedCosts {
        try store.update(.fixedCosts) { costs in
            costs.add(cost)
            return costs
        }
    }

    /// Removes the fixed cost with this name, id or start of an id; returns it. Items it posted stay.
    public func removeFixedCost(_ key: String) throws -> FixedCost {
        guard store.exists else { throw FixedCostError.notFound(key) }
        return try store.update(.fixedCosts) { costs in try costs.remove(key) }
    }

    /// Records the period's fixed costs due on or before `today` as items, each once: an item's id comes from the
    /// rule and the month (`FixedCost.item(on:)`), and one already stored (posted before, here or on another machine
    /// and pulled) is left alone. Looked up and written under the store's lock, so two posts at once record each
    /// cost once.
    public func postFixedCosts(_ period: MonthPeriod, today: CalendarDate) throws -> FixedPosted {
        let due = try store.read(.fixedCosts).due(in: period).filter { $0.date <= today }
        guard !due.isEmpty else { return FixedPosted(posted: [], already: 0) }
        return try change { index in
            var posted: [Item] = []
            var already = 0
            for (cost, date) in due {
                let wire = cost.item(on: date)
                if try index.find(wire.id).contains(where: { $0.item.id == wire.id }) {
                    already += 1
                    continue
                }
                let item = wire.item(added: now, sync: .pending)
                try index.insert(item)
                posted.append(item)
            }
            return FixedPosted(posted: posted, already: already, matched: try match(index.touched, in: &index, accounts: try accounts()))
        }.result
    }
}

/// What `fixed post` did: the items it recorded and how many were already there.
public struct FixedPosted: Sendable, Equatable {
    public let posted: [Item]
    public let already: Int
    /// What matching the months did: a posted cost the bank's line has already is one item.
    public let matched: MatchOutcome

    public init(posted: [Item], already: Int, matched: MatchOutcome = MatchOutcome()) {
        self.posted = posted
        self.already = already
        self.matched = matched
    }
}
