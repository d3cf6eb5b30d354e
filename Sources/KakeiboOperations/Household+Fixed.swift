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
    /// and pulled) is left alone, as is a month the cost is skipped in (its posting deleted, or `fixed skip`). Looked
    /// up and written under the store's lock, so two posts at once record each cost once.
    public func postFixedCosts(_ period: MonthPeriod, today: CalendarDate) throws -> FixedPosted {
        let costs = try store.read(.fixedCosts)
        let skipped = costs.all.flatMap { cost in
            cost.dueDates(in: period).filter { $0 <= today && costs.skipped.contains(FixedSkip(cost: cost.id, month: $0.yearMonth)) }
        }.count
        let due = costs.due(in: period).filter { $0.date <= today }
        guard !due.isEmpty else { return FixedPosted(posted: [], already: 0, skipped: skipped) }
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
            let matched = try match(index.touched, in: &index, accounts: try accounts())
            return FixedPosted(posted: posted, already: already, skipped: skipped, matched: matched)
        }.result
    }

    /// Keeps a fixed cost from being posted in a month (`fixed skip`), before or after it was: a posting already
    /// there is deleted in the same change (as `delete` would). Returns the cost and the posting deleted, if any.
    public func skipFixedCost(_ key: String, in month: YearMonth, syncs: Bool = false) throws -> FixedSkipped {
        let cost = try store.read(.fixedCosts).cost(key)
        guard let date = cost.due(in: month) else { throw FixedCostError.notDue(cost.name, month) }
        let id = cost.itemID(on: date)
        return try change { index in
            let posted = try index.find(id).first { $0.item.id == id }
            if let posted {
                try index.load(posted.month)
                try delete(posted.item, syncs: syncs, in: &index)
            }
            var costs = try index.read(.fixedCosts)
            let added = costs.skip(FixedSkip(cost: cost.id, month: month))
            if added { try index.write(.fixedCosts, costs) }
            return FixedSkipped(cost: cost, month: month, deleted: posted?.item, already: !added)
        }.result
    }

    /// Records in this change that a posting's cost is skipped in its month; the cost, or nil when fixed.json has no
    /// such cost (removed since: nothing would post it again).
    func skip(_ skip: FixedSkip, in index: inout ItemIndex) throws -> FixedCost? {
        var costs = try index.read(.fixedCosts)
        guard let cost = costs.all.first(where: { $0.id == skip.cost }) else { return nil }
        if costs.skip(skip) { try index.write(.fixedCosts, costs) }
        return cost
    }
}

/// What `fixed post` did: the items it recorded, how many were already there, and how many are skipped this month.
public struct FixedPosted: Sendable, Equatable {
    public let posted: [Item]
    public let already: Int
    public let skipped: Int
    /// What matching the months did: a posted cost the bank's line has already is one item.
    public let matched: MatchOutcome

    public init(posted: [Item], already: Int, skipped: Int = 0, matched: MatchOutcome = MatchOutcome()) {
        self.posted = posted
        self.already = already
        self.skipped = skipped
        self.matched = matched
    }
}

/// What `fixed skip` did: the cost, the month, the posting it deleted (nil: not posted yet), and whether the month
/// was skipped already.
public struct FixedSkipped: Sendable, Equatable {
    public let cost: FixedCost
    public let month: YearMonth
    public let deleted: Item?
    public let already: Bool
}
