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
    /// Bank withdrawals found to be a card's bill (`CardBills`), and those that equal more than one (said, not decided).
    public var bills: [BillFound] = []
    public var unsureBills: [BillUnsure] = []

    public init() {}

    public var isEmpty: Bool { merged.isEmpty && split.isEmpty && transfers.isEmpty && members == 0 && bills.isEmpty && unsureBills.isEmpty }

    /// The ids of the items matching changed (a member filled in aside).
    public var touchedIDs: [String] {
        merged.map(\.line.id) + merged.map(\.into.id) + split.map(\.id) + transfers.map(\.id) + bills.map(\.line.id)
    }

    public static func + (a: MatchOutcome, b: MatchOutcome) -> MatchOutcome {
        var sum = a
        sum += b
        return sum
    }

    public static func += (a: inout MatchOutcome, b: MatchOutcome) {
        a.merged += b.merged
        a.split += b.split
        a.transfers += b.transfers
        a.members += b.members
        a.bills += b.bills
        a.unsureBills += b.unsureBills
    }
}

extension Household {
    /// The matching this household's accounts and taxonomy make.
    func matching(_ accounts: Accounts) -> Matching {
        let taxonomy = self.taxonomy
        return Matching(accounts: accounts, isIncome: { taxonomy.isIncome($0) })
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
        let plan = MatchPlan(items: items, months: months, matching: matching(accounts))
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
        let matching = matching(accounts)
        let alone = added.allSatisfy { item in
            let kind = item.source.kind
            // A settle-up payment may be the transfer a 振込 line already imported carries (`SettleLines`).
            guard kind != .statement && kind != .linked, !SettlePayment.isPayment(item) else { return false }
            let month = item.date.yearMonth
            let day = item.date.dayNumber
            guard day - month.first.dayNumber >= Matching.cardWindow, month.last.dayNumber - day >= Matching.cardWindow else { return false }
            let line = matching.line(item, at: 0)
            return !index.items(in: month).contains { other in
                other.price == item.price && other.id != item.id && !other.details.apart && matching.matches(line, matching.line(other, at: 0))
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
        return MatchPlan(items: items + incoming, months: months, matching: matching(accounts)).outcome
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

    /// The transfer a line is when its other side names one of the household's accounts (other than its own), whole or
    /// as one of its words: a statement's counterpart (kept as its shop) or MoneyForward's 内容. Money out of the line's account goes to the
    /// named one; money in (income, a refund) comes from it.
    static func transfer(_ item: Item, accounts: Accounts, isIncome: (CategoryCode) -> Bool) -> Item? {
        let text = item.source.kind == .linked ? item.name : item.details.shop
        guard let other = accounts.counterpart(among: text), let own = accounts.resolve(item.details.payment) else { return nil }
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
            var split: [Item] = []
            for line in lines {
                var alone = line
                alone.details.merged = nil
                alone.details.apart = true
                alone.sync = line.sync.afterLocalChange
                try index.replace(alone)
                split.append(alone)
            }
            let months = Set(split.map(\.date.yearMonth) + [from.date.yearMonth])
            let matched = try match(months, in: &index, accounts: try accounts())
            return Unmerged(lines: split, from: index.item(from.id) ?? from, matched: matched)
        }.result
    }
}
