import KakeiboStore
import KakeiboValues

extension Household {
    /// The matching this household's accounts, member rules and taxonomy make.
    /// `rules`: the rules as a change has them (else the store's).
    func matching(_ accounts: Accounts, rules: FilingRules? = nil) throws -> Matching {
        let taxonomy = self.taxonomy
        let rules = try rules ?? (store.exists ? try store.read(.rules) : FilingRules())
        // Only who a statement's 利用者 is matters to matching.
        return Matching(
            accounts: accounts, members: FilingRules(members: rules.members, accountMembers: rules.accountMembers),
            isIncome: {
                taxonomy.isIncome($0)
            })
    }

    /// Matches the lines of `months` again in the index (with those a month either side, for the windows), and
    /// writes what `MatchPlan` decides.
    func match(_ months: Set<YearMonth>, in index: inout ItemIndex, accounts: Accounts) throws -> MatchOutcome {
        guard !months.isEmpty else { return MatchOutcome() }
        let stored = Set(try index.transaction.months())
        var items: [Item] = []
        for month in Household.span(months) where stored.contains(month) || months.contains(month) {
            // A damaged month beside the ones decided is left as it is (check names it): it blocks no write to
            // another month, and its lines simply take no part in the window.
            guard try Household.loadWindow(month, decided: months.contains(month), into: &index) else { continue }
            items += index.items(in: month)
        }
        let plan = MatchPlan(items: items, months: months, matching: try matching(accounts, rules: try index.read(.rules)))
        for item in plan.changed { try index.replace(item) }
        return plan.outcome
    }

    /// Matches the months of lines just added. When every one of them is a line a person typed (or a fixed cost's),
    /// dated far enough inside its month that its window holds no other month's day, and its month holds no line it
    /// matches (`Matching.matches`: pairs are all that groups are made of), it joins no group and changes
    /// none, so nothing is matched again and no other month is read: `add` on a store of many years costs what it
    /// costs on one month (scripts/bench). Otherwise the months are matched (`match`).
    func matchAdded(_ added: [Item], in index: inout ItemIndex) throws -> MatchOutcome {
        let accounts = try accounts()
        let matching = try matching(accounts, rules: try index.read(.rules))
        let alone = added.allSatisfy { item in
            let kind = item.source.kind
            // A settle-up payment may be the transfer a 振込 line already imported carries (`SettleLines`), and a
            // charge typed as paid from another account the transfer of the card's own record.
            guard kind != .statement && kind != .linked, !SettlePayment.isPayment(item), Household.charge(item, accounts: accounts) == nil
            else { return false }
            let month = item.date.yearMonth
            let day = item.date.dayNumber
            guard day - month.first.dayNumber >= Matching.cardWindow, month.last.dayNumber - day >= Matching.cardWindow else { return false }
            let line = matching.line(item, at: 0)
            return !index.items(in: month).contains { other in
                other.ownPart == item.ownPart && other.id != item.id && !other.details.apart && matching.matches(line, matching.line(other, at: 0))
            }
        }
        return alone ? MatchOutcome() : try match(index.touched, in: &index, accounts: accounts)
    }

    /// Loads a month for matching: false (nothing loaded) when it is a neighbour of the decided months whose file
    /// kakeibo can't read; a decided month's failure is the command's.
    static func loadWindow(_ month: YearMonth, decided: Bool, into index: inout ItemIndex) throws(StoreError) -> Bool {
        do {
            try index.load(month)
            return true
        } catch {
            if decided || !error.isDamagedFile { throw error }
            return false
        }
    }

    /// What matching would do if `incoming` were stored (a dry run): read without the lock, nothing written.
    /// `stated`: what the files' statements state, as `recordStated` would record it (their bills found too).
    public func previewMatch(adding incoming: [Item], stated: [StatedAccount] = []) throws -> MatchOutcome {
        let (accounts, billMonths) = try accounts().stating(stated)
        let months = Set(incoming.map(\.date.yearMonth)).union(billMonths)
        guard !months.isEmpty else { return MatchOutcome() }
        let stored = store.exists ? Set(try store.months()) : []
        let ids = Set(incoming.map(\.id))
        var items: [Item] = []
        for month in Household.span(months) where stored.contains(month) {
            items += try store.items(in: month).filter { !ids.contains($0.id) }
        }
        return MatchPlan(items: items + incoming, months: months, matching: try matching(accounts)).outcome
    }

    /// The months from the one before the first to the one after the last.
    static func span(_ months: Set<YearMonth>) -> [YearMonth] {
        guard let first = months.min(), let last = months.max() else { return [] }
        var span: [YearMonth] = []
        var month: YearMonth? = first.previous ?? first
        while let current = month, current <= (last.next ?? last) {
            span.append(current)
            month = current.next
        }
        return span
    }

    /// The transfer a line typed by a person (here, in an app, Zaim) is when it is a charge of one of the household's
    /// accounts from another: its name holds チャージ (or charge) and, without it, names an account other than the one
    /// its payment names (`Suicaチャージ` paid with 現金 is cash → Suica). The card's own record of the charge (an IC
    /// card's dump) is a transfer into it too, and the two are one transfer.
    static func charge(_ item: Item, accounts: Accounts) -> Item? {
        guard !item.isTransfer, item.price.amount > 0, !accounts.isEmpty else { return nil }
        let name = WidthFold.fold(item.name)
        guard let word = ["チャージ", "Charge", "charge", "CHARGE"].first(where: { name.includes($0) }),
            let other = accounts.counterpart(for: trimWhitespace(name.replacingEvery(word, with: " "))),
            let own = accounts.account(for: item.details.payment), own.id != other.id
        else { return nil }
        var transfer = item
        transfer.details.payment = own.name
        transfer.details.transfer = other.name
        return transfer
    }

    /// What names a line's other side: a statement's counterpart (kept as its shop), MoneyForward's 内容 (its name).
    static func otherSide(_ item: Item) -> String? { item.source.kind == .linked ? item.name : item.details.shop }

    /// The transfer a line is when its other side names one of the household's accounts (other than its own), whole or
    /// as one of its words: a statement's counterpart (kept as its shop) or MoneyForward's 内容. Money out of the line's account goes to the
    /// named one; money in (income, a refund) comes from it.
    static func transfer(_ item: Item, accounts: Accounts, isIncome: (CategoryCode) -> Bool) -> Item? {
        let text = otherSide(item)
        guard let other = accounts.counterpart(for: text), let own = accounts.resolve(item.details.payment) else { return nil }
        guard accounts.account(for: item.details.payment)?.id != other.id, AccountKey.fold(own) != AccountKey.fold(other.name) else { return nil }
        var transfer = item
        let inward = isIncome(item.category) || item.price.amount < 0
        transfer.price = Yen(abs(item.price.amount))
        transfer.details.payment = inward ? other.name : own
        transfer.details.transfer = inward ? own : other.name
        return transfer
    }
}

/// What `unmerge` split: the lines now counted on their own (kept apart from then on), and the item they left.
public struct Unmerged: Sendable, Equatable {
    public var lines: [Item]
    public var from: Item
    /// What matching the months again did.
    public var matched: MatchOutcome
    /// The card whose bill the line was no longer is, when it was a withdrawal found to be a bill (`unbill`).
    public var unbilled: String? = nil
}

/// Why an item can't be split.
public enum UnmergeError: KakeiboFailure, Equatable {
    /// The item is not merged, and no line is merged into it.
    case notMerged(String)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .notMerged(let id):
            return language.pick(
                "\(terminalSafe(id)) is not merged with anything ('kakeibo merges' lists what is)",
                "\(terminalSafe(id)) はほかの記録とまとめられていません（まとめた記録は 'kakeibo merges' で一覧）")
        }
    }
}

extension Household {
    /// Splits a merge: a line merged into an item (by the line's id) is counted on its own again, or every line of a
    /// merged item (by the item's id). A split line is kept apart: matching never merges it again. The months are
    /// then matched again (the others may still be one purchase).
    public func unmerge(_ id: String) throws -> Unmerged {
        try change { index in
            let found = try find(id, in: &index)
            for month in Household.span([found.date.yearMonth]) where try index.transaction.months().contains(month) { try index.load(month) }
            if let unbilled = try unbill(found, in: &index) { return unbilled }
            let leaderID = found.details.merged ?? found.id
            var leader = index.item(leaderID)
            if leader == nil, let month = try index.find(leaderID).first(where: { $0.item.id == leaderID })?.month {
                try index.load(month)
                leader = index.item(leaderID)
            }
            let lines = found.isMerged ? [found] : index.all.filter { $0.details.merged == found.id }
            guard let from = leader, !lines.isEmpty else { throw UnmergeError.notMerged(found.id) }
            // A bank's 振込 that carried a settle-up payment (`SettleLines`) split from it is spending again: it was a
            // transfer only as that payment. Kept apart, it is never found to carry one again.
            let settled = ([from] + lines).contains(where: SettlePayment.isPayment)
            var split: [Item] = []
            // A leader that took its whole price and legs from a line split off now (`Matching.compose`) is its own
            // account's part again, unless a line it keeps has them.
            if !from.details.legs.isEmpty,
                lines.contains(where: { $0.price == from.price && $0.details.legs == from.details.legs && $0.id != from.id }),
                !index.all.contains(where: { $0.details.merged == from.id && !$0.details.legs.isEmpty && !lines.map(\.id).contains($0.id) })
            {
                var own = from
                (own.price, own.details.legs) = (from.ownPart, [])
                own.sync = from.sync.afterLocalChange
                try index.replace(own)
            }
            for line in lines {
                var alone = line
                alone.details.merged = nil
                alone.details.apart = true
                if settled, SettleLines.carried(alone) { alone.details.transfer = nil }
                alone.sync = line.sync.afterLocalChange
                try index.replace(alone)
                split.append(alone)
            }
            if settled, let current = index.item(from.id), SettleLines.carried(current) {
                var alone = current
                alone.details.transfer = nil
                alone.details.apart = true
                alone.sync = current.sync.afterLocalChange
                try index.replace(alone)
                split.append(alone)
            }
            let months = Set(split.map(\.date.yearMonth) + [from.date.yearMonth])
            let matched = try match(months, in: &index, accounts: try accounts())
            return Unmerged(lines: split, from: index.item(from.id) ?? from, matched: matched)
        }.result
    }
}
