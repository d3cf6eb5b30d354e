import KakeiboStore
import KakeiboValues

/// What matching decides over the lines of some months (and those a month either side, for the windows): the groups
/// `Matching` finds are what the store holds afterwards, whatever it held before. A line joining or leaving a group
/// makes its leader the best of the group again (`Matching.compose`); a group that is as it was is left alone, so an
/// edit of a merged item holds. Before matching, lines of statements and MoneyForward take their account's member
/// where they have none, and those whose other side names one of the household's accounts (a card's bill, a charge)
/// or that carry a recorded settle-up payment (`SettleLines`) become transfers. Pure: a write and a dry run decide alike.
struct MatchPlan {
    /// The items to store in place of those with their ids.
    private(set) var changed: [Item] = []
    private(set) var outcome = MatchOutcome()

    init(items: [Item], months: Set<YearMonth>, matching: Matching) {
        var items = items
        var changedAt = Set<Int>()
        func put(_ item: Item, at position: Int) { MatchPlan.put(item, at: position, in: &items, &changedAt) }
        MatchPlan.resolve(&items, &changedAt, months: months, matching: matching, &outcome)
        let groups = matching.groups(items)

        // What is decided now: the lines of `months`, the groups they are in, and the lines merged into those.
        var decided = Set(items.indices.filter { months.contains(items[$0].date.yearMonth) })
        for group in groups where group.contains(where: decided.contains) { decided.formUnion(group) }
        let decidedIDs = Set(decided.map { items[$0].id })
        var pointing: [String: [Int]] = [:]
        for (position, item) in items.enumerated() {
            guard let target = item.details.merged else { continue }
            pointing[target, default: []].append(position)
            if decidedIDs.contains(target) { decided.insert(position) }
        }

        var grouped = Set<Int>()
        for group in groups where group.contains(where: decided.contains) {
            grouped.formUnion(group)
            let leader = items[group[0]]
            let lines = group.dropFirst()
            let unchanged = leader.details.merged == nil && Set(pointing[leader.id] ?? []) == Set(lines)
            guard !unchanged else {
                if let refreshed = MatchPlan.refreshMember(leader, group.map { items[$0] }) { put(refreshed, at: group[0]) }
                continue
            }
            let composed = Matching.compose(leader, group.map { items[$0] })
            put(composed, at: group[0])
            for position in lines where items[position].details.merged != leader.id {
                var absorbed = items[position]
                absorbed.details.merged = leader.id
                put(absorbed, at: position)
                outcome.merged.append(MergedLine(line: items[position], into: items[group[0]]))
            }
        }
        for position in decided where !grouped.contains(position) && items[position].details.merged != nil {
            var alone = items[position]
            alone.details.merged = nil
            put(alone, at: position)
            outcome.split.append(items[position])
        }
        changed = changedAt.sorted().map { items[$0] }
    }

    /// Stores `item` at `position` when it is not what is there, changed here as far as the server is concerned.
    private static func put(_ item: Item, at position: Int, in items: inout [Item], _ changedAt: inout Set<Int>) {
        // Where a member came from is this store's own (`WireItem` leaves it out): a change of only that is kept
        // here and is nothing the server is sent.
        let sent = WireItem(item) != WireItem(items[position])
        guard sent || item.details.memberFrom != items[position].details.memberFrom else { return }
        var item = item
        item.sync = sent ? items[position].sync.afterLocalChange : items[position].sync
        items[position] = item
        changedAt.insert(position)
    }

    /// What is decided before the groups: lines take their account's member, lines whose other side is an account,
    /// a card's bill, or a settle-up payment's 振込 become transfers.
    private static func resolve(
        _ items: inout [Item], _ changedAt: inout Set<Int>, months: Set<YearMonth>, matching: Matching, _ outcome: inout MatchOutcome
    ) {
        if !matching.accounts.isEmpty || !matching.members.members.isEmpty || items.contains(where: { $0.details.memberFrom == .rule }) {
            for (position, item) in items.enumerated() where months.contains(item.date.yearMonth) {
                if let resolved = MatchPlan.resolved(item, matching, &outcome) { put(resolved, at: position, in: &items, &changedAt) }
            }
            let bills = CardBills.find(items, months: months, matching: matching)
            for found in bills.found { put(found.bill.line, at: found.position, in: &items, &changedAt) }
            // A line merged into another is the same withdrawal: said once, by the line it is merged into.
            outcome.bills = bills.found.map(\.bill).filter { !$0.line.isMerged }
            outcome.unsureBills = bills.unsure.filter { !$0.line.isMerged }
        }
        // A bank's 振込 that carries a recorded settle-up payment is that transfer, merged with it by the groups.
        for found in SettleLines.find(items, months: months, isIncome: matching.isIncome) {
            put(found.line, at: found.position, in: &items, &changedAt)
            outcome.transfers.append(found.line)
        }
    }

    /// A group's leader with the member its lines now give (`Matching.member`), when its own was derived or none
    /// and a line's changed (its account named a member since); nil when it stays. A member edited stays.
    static func refreshMember(_ leader: Item, _ lines: [Item]) -> Item? {
        guard leader.details.member == nil || leader.details.memberFrom != nil else { return nil }
        let member = Matching.member(lines)
        guard member.member != leader.details.member || member.from != leader.details.memberFrom else { return nil }
        var refreshed = leader
        refreshed.details.member = member.member
        refreshed.details.memberFrom = member.from
        return refreshed
    }

    /// The member a line takes from the household's member rules and accounts, and where it came from, when that
    /// changes it: a line with no member, or one not given by a person (from the account, this machine or a member
    /// rule, `memberFrom`), takes the member rule's for the 利用者 it kept (`ItemDetails.user`; the account's own
    /// rule before the household's), else the member its account names — none for a joint account, but then only in
    /// place of a derived one; a rule's member whose rule is gone, on a payment that names no account, is none. Nil
    /// when the line keeps its member: a given one (`import --member`, a filing rule, an edit), or one nothing
    /// derives now.
    static func derivedMember(_ item: Item, _ matching: Matching) -> (member: String?, from: MemberOrigin?)? {
        guard item.details.member == nil || item.details.memberFrom != nil else { return nil }
        let account = matching.accounts.account(for: item.details.payment)
        let derived: (member: String?, from: MemberOrigin?)
        if let user = item.details.user, let member = matching.members.member(user: user, account: account?.id) {
            derived = (member, .rule)
        } else if let account {
            derived = (account.member, account.member == nil ? nil : .account)
        } else if item.details.memberFrom == .rule {
            derived = (nil, nil)
        } else {
            return nil
        }
        guard derived.member != item.details.member || derived.from != item.details.memberFrom else { return nil }
        return derived
    }

    /// A statement's (or linked) line with what the household's accounts say of it: the member whose account paid, and
    /// a transfer where its other side is one of the accounts. Nil for a line accounts don't resolve (typed, merged).
    private static func resolved(_ item: Item, _ matching: Matching, _ outcome: inout MatchOutcome) -> Item? {
        let kind = item.source.kind
        if kind == .typed || kind == .hand, !item.isMerged, let charge = Household.charge(item, accounts: matching.accounts) {
            outcome.transfers.append(charge)
            return charge
        }
        guard kind == .statement || kind == .linked else { return nil }
        var resolved = item
        if let derived = MatchPlan.derivedMember(item, matching) {
            (resolved.details.member, resolved.details.memberFrom) = derived
            outcome.members += 1
        }
        // A merged line's member counts through its item (`refreshMember`); it is no transfer of its own.
        guard !item.isMerged else { return resolved == item ? nil : resolved }
        if !item.isTransfer, let transfer = Household.transfer(resolved, accounts: matching.accounts, isIncome: matching.isIncome) {
            resolved = transfer
            outcome.transfers.append(resolved)
        }
        return resolved
    }
}
