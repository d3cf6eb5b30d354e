import KakeiboValues

/// A statement set beside what was typed: which lines were typed too, which only the statement has, and which typed
/// items the statement doesn't have.
///
/// A line **matches** a typed item with the same price whose date is within `window` days and whose payment is the
/// line's or unset; each item matches one line at most, names may differ entirely. Lines are taken by date, and
/// each takes the nearest date, then an item with the line's payment over one without, then the earliest recorded.
public struct Reconciliation: Sendable {
    /// A statement line and the typed item it matched.
    public struct Match: Sendable, Hashable {
        public let line: StatementLine
        public let item: Item
    }

    public static let window = 3

    public let period: ClosedRange<CalendarDate>?
    public let matched: [Match]
    public let statementOnly: [StatementLine]
    /// Typed items in the period with one of the statement's payments that no line matched.
    public let typedOnly: [Item]
    /// The ids of the statement-only lines the store already has (added before).
    public let stored: Set<String>

    public var matchedTotal: Yen { Yen(matched.reduce(0) { $0 + $1.line.price.amount }) }
    public var statementOnlyTotal: Yen { Yen(statementOnly.reduce(0) { $0 + $1.price.amount }) }
    public var typedOnlyTotal: Yen { Yen(typedOnly.reduce(0) { $0 + $1.price.amount }) }

    /// The days whose items can match some line: the period widened by the window on each side.
    public static func span(of lines: [StatementLine]) -> ClosedRange<CalendarDate>? {
        guard let first = lines.map(\.date).min(), let last = lines.map(\.date).max() else { return nil }
        return (first.adding(days: -window) ?? first)...(last.adding(days: window) ?? last)
    }

    /// `items`: the store's items over `span(of: lines)` (more do no harm). Items that are lines of this statement
    /// (added before) are not typed items: they are what an earlier `reconcile --add` or import recorded.
    public init(lines: [StatementLine], items: [Item]) {
        let lineIDs = Set(lines.map(\.id))
        let storedIDs = Set(items.map(\.id))
        let ordered = lines.sorted { ($0.date, $0.row, $0.id) < ($1.date, $1.row, $1.id) }
        var candidates = items.filter { !lineIDs.contains($0.id) }
        var matched: [Match] = []
        var only: [StatementLine] = []
        for line in ordered {
            let payment = TextFold.fold(line.payment)
            var best: (index: Int, rank: (Int, Int, Timestamp))?
            for (index, item) in candidates.enumerated() where item.price == line.price {
                let distance = abs(item.date.dayNumber - line.date.dayNumber)
                guard distance <= Reconciliation.window else { continue }
                let own = item.details.payment.map { TextFold.fold($0) }
                guard own == nil || own == payment else { continue }
                let rank = (distance, own == nil ? 1 : 0, item.added)
                if best.map({ rank < $0.rank }) ?? true { best = (index, rank) }
            }
            if let best {
                matched.append(Match(line: line, item: candidates.remove(at: best.index)))
            } else {
                only.append(line)
            }
        }
        let payments = Set(lines.map { TextFold.fold($0.payment) })
        let period = lines.map(\.date).min().flatMap { first in lines.map(\.date).max().map { first...$0 } }
        self.period = period
        self.matched = matched
        statementOnly = only
        stored = Set(only.map(\.id)).intersection(storedIDs)
        typedOnly = candidates.filter { item in
            guard let period, period.contains(item.date), let own = item.details.payment else { return false }
            return payments.contains(TextFold.fold(own))
        }.sorted { ($0.date, $0.added) < ($1.date, $1.added) }
    }
}
