import KakeiboValues

/// A statement set beside the store, as an import of it would merge it (see `Matching`): which lines are one
/// purchase with an item another source has (typed, an app's export, another statement), which only the statement
/// has, and which items of the statement's accounts no line matched.
public struct Reconciliation: Sendable {
    /// A statement line and the item of another source it is (or would be) one purchase with.
    public struct Match: Sendable, Hashable {
        public let line: StatementLine
        public let item: Item
    }

    public let period: ClosedRange<CalendarDate>?
    public let matched: [Match]
    public let statementOnly: [StatementLine]
    /// Items of the statement's accounts in its period that no line matched.
    public let typedOnly: [Item]
    /// The ids of the lines the store already has (imported before).
    public let stored: Set<String>

    public var matchedTotal: Yen { Yen(Set(matched.map(\.line)).reduce(0) { $0 + $1.price.amount }) }
    public var statementOnlyTotal: Yen { Yen(statementOnly.reduce(0) { $0 + $1.price.amount }) }
    public var typedOnlyTotal: Yen { Yen(typedOnly.reduce(0) { $0 + $1.price.amount }) }

    /// The days whose items a line can match: the period widened by the longest window on each side.
    public static func span(of lines: [StatementLine]) -> ClosedRange<CalendarDate>? {
        guard let first = lines.map(\.date).min(), let last = lines.map(\.date).max() else { return nil }
        return (first.adding(days: -Matching.cardWindow) ?? first)...(last.adding(days: Matching.cardWindow) ?? last)
    }

    /// `items`: the store's items around the lines, each line's as it is or would be stored (merged or not), after
    /// matching; `accounts` say which of them are on the statement's accounts.
    public init(lines: [StatementLine], items: [Item], stored: Set<String>, accounts: Accounts) {
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let lineIDs = Set(lines.map(\.id))
        var members: [String: [Item]] = [:]
        for item in items {
            guard let into = item.details.merged else { continue }
            members[into, default: []].append(item)
        }
        var matched: [Match] = []
        var only: [StatementLine] = []
        var touched = Set<String>()
        for line in lines.sorted(by: { ($0.date, $0.row, $0.id) < ($1.date, $1.row, $1.id) }) {
            guard let item = byID[line.id] else {
                only.append(line)
                continue
            }
            let leader = item.details.merged.flatMap { byID[$0] } ?? item
            let group = [leader] + (members[leader.id] ?? [])
            let others = group.filter { !lineIDs.contains($0.id) }
            if others.isEmpty { only.append(line) }
            for other in others {
                matched.append(Match(line: line, item: other))
                touched.insert(other.id)
            }
        }
        let payments = Set(lines.compactMap { accounts.resolve($0.payment).map { AccountKey.fold($0) } })
        let period = lines.map(\.date).min().flatMap { first in lines.map(\.date).max().map { first...$0 } }
        self.period = period
        self.matched = matched
        statementOnly = only
        self.stored = stored.intersection(lineIDs)
        typedOnly = items.filter { item in
            guard let period, period.contains(item.date), item.counts, !lineIDs.contains(item.id), !touched.contains(item.id),
                members[item.id] == nil, let own = accounts.resolve(item.details.payment)
            else { return false }
            return payments.contains(AccountKey.fold(own))
        }.sorted { ($0.date, $0.added) < ($1.date, $1.added) }
    }
}
