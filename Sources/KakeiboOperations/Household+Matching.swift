import KakeiboStore
import KakeiboValues

/// A line merged into an item: the line, and the item it went into (as it is after the merge).
public struct MergedLine: Sendable, Equatable {
    public var line: Item
    public var into: Item

    public init(line: Item, into: Item) {
        self.line = line
        self.into = into
    }
}

/// What matching changed in one write.
public struct MatchOutcome: Sendable, Equatable {
    /// Lines merged into another item now.
    public var merged: [MergedLine] = []
    /// Lines no longer merged (their group came apart).
    public var split: [Item] = []
    /// Lines that became transfers: their other side names one of the household's accounts.
    public var transfers: [Item] = []
    /// Lines that took their account's member.
    public var members = 0

    public init() {}

    public var isEmpty: Bool { merged.isEmpty && split.isEmpty && transfers.isEmpty && members == 0 }

    public static func += (a: inout MatchOutcome, b: MatchOutcome) {
        a.merged += b.merged
        a.split += b.split
        a.transfers += b.transfers
        a.members += b.members
    }
}

extension Household {
    /// The matching this household's accounts and taxonomy make.
    func matching(_ accounts: Accounts) -> Matching {
        let taxonomy = self.taxonomy
        return Matching(accounts: accounts, isIncome: { taxonomy.isIncome($0) })
    }

    /// Matches the lines of `months` again (with those a month either side, for the windows), in the index: the
    /// groups `Matching` finds are what the store holds afterwards, whatever it held before. A line joining or leaving
    /// a group makes its leader the best of the group again (`Matching.compose`); a group that is as it was is left
    /// alone, so an edit of a merged item holds. Before matching, lines of statements and MoneyForward take their
    /// account's member where they have none, and those whose other side names one of the household's accounts (a
    /// card's bill, a charge) become transfers.
    func match(_ months: Set<YearMonth>, in index: inout ItemIndex, accounts: Accounts) throws -> MatchOutcome {
        var outcome = MatchOutcome()
        guard let first = months.min(), let last = months.max() else { return outcome }
        let stored = Set(try index.transaction.months())
        var span: [YearMonth] = []
        var month: YearMonth? = first.previous ?? first
        while let current = month, current <= (last.next ?? last) {
            if stored.contains(current) || months.contains(current) {
                try index.load(current)
                span.append(current)
            }
            month = current.next
        }
        let matching = matching(accounts)
        if !accounts.isEmpty { try resolve(span, months, in: &index, accounts: accounts, &outcome) }
        let items = span.flatMap { index.items(in: $0) }
        let groups = matching.groups(items)

        // What is decided now: the lines of `months`, the groups they are in, and the lines merged into those.
        var decided = Set(items.indices.filter { months.contains(items[$0].date.yearMonth) })
        for group in groups where group.contains(where: decided.contains) { decided.formUnion(group) }
        let decidedIDs = Set(decided.map { items[$0].id })
        for (position, item) in items.enumerated() {
            if let target = item.details.merged, decidedIDs.contains(target) { decided.insert(position) }
        }

        var grouped = Set<Int>()
        for group in groups where group.contains(where: decided.contains) {
            grouped.formUnion(group)
            let leader = items[group[0]]
            let lines = group.dropFirst().map { items[$0] }
            let pointing = items.filter { $0.details.merged == leader.id }.map(\.id)
            let unchanged = leader.details.merged == nil && Set(pointing) == Set(lines.map(\.id))
                && lines.allSatisfy { $0.details.merged == leader.id }
            guard !unchanged else { continue }
            let composed = Matching.compose(leader, group.map { items[$0] })
            try put(composed, over: leader, in: &index)
            for line in lines where line.details.merged != leader.id {
                var absorbed = line
                absorbed.details.merged = leader.id
                try put(absorbed, over: line, in: &index)
                outcome.merged.append(MergedLine(line: absorbed, into: composed))
            }
        }
        for position in decided where !grouped.contains(position) && items[position].details.merged != nil {
            var alone = items[position]
            alone.details.merged = nil
            try put(alone, over: items[position], in: &index)
            outcome.split.append(alone)
        }
        return outcome
    }

    /// Replaces an item with a changed version, marked as changed here when anything the server sees changed.
    private func put(_ item: Item, over old: Item, in index: inout ItemIndex) throws {
        guard WireItem(item) != WireItem(old) else { return }
        var item = item
        item.sync = old.sync.afterLocalChange
        try index.replace(item)
    }

    /// The account-dependent part of matching: a statement's or MoneyForward's line without a member takes its
    /// account's; one whose other side (a bank line's description, MoneyForward's 内容) names another of the
    /// household's accounts becomes a transfer between the two.
    private func resolve(
        _ span: [YearMonth], _ months: Set<YearMonth>, in index: inout ItemIndex, accounts: Accounts, _ outcome: inout MatchOutcome
    ) throws {
        for month in span where months.contains(month) {
            for item in index.items(in: month) {
                let kind = item.source.kind
                guard kind == .statement || kind == .linked, !item.isMerged else { continue }
                var changed = item
                if changed.details.member == nil, let member = accounts.account(for: item.details.payment)?.member {
                    changed.details.member = member
                    outcome.members += 1
                }
                if !item.isTransfer, let transfer = Household.transfer(item, accounts: accounts, isIncome: taxonomy.isIncome) {
                    changed = transfer
                    outcome.transfers.append(changed)
                }
                try put(changed, over: item, in: &index)
            }
        }
    }

    /// The transfer a line is when its other side names one of the household's accounts (other than its own): a
    /// statement's counterpart (kept as its shop) or MoneyForward's 内容. Money out of the line's account goes to the
    /// named one; money in (income, a refund) comes from it.
    static func transfer(_ item: Item, accounts: Accounts, isIncome: (CategoryCode) -> Bool) -> Item? {
        let text = item.source.kind == .linked ? item.name : item.details.shop
        guard let other = accounts.counterpart(for: text) else { return nil }
        let own = accounts.account(for: item.details.payment)
        guard own?.name != other.name else { return nil }
        var transfer = item
        let inward = isIncome(item.category) || item.price.amount < 0
        let ownName = own?.name ?? item.details.payment
        transfer.price = Yen(abs(item.price.amount))
        transfer.details.payment = inward ? other.name : ownName
        transfer.details.transfer = inward ? (ownName ?? other.name) : other.name
        return transfer
    }
}
