import KakeiboOperations
import KakeiboValues

/// The merged items of a period (`kakeibo merges`): each with the lines of every source it holds, and the near misses
/// — lines that look alike (the same shop and amount) but were not merged, a few days too far apart or on another
/// account — which are shown, never merged.
public struct MergesReport: Sendable {
    public struct Merge: Sendable, Equatable {
        /// The item as counted (its leader line, with the best of the others).
        public let item: Item
        /// Every line of it, the leader first, then by source.
        public let lines: [Item]
    }

    public let period: ClosedRange<CalendarDate>?
    public let merges: [Merge]
    public let nearMisses: [(Item, Item)]
    /// Lines split apart by `unmerge` (never merged again).
    public let apart: [Item]

    /// `items`: the store's items over the period and a month either side (a merge may reach across a month's end).
    public init(items: [Item], period: ClosedRange<CalendarDate>?, matching: Matching) {
        self.period = period
        func inPeriod(_ item: Item) -> Bool { period.map { $0.contains(item.date) } ?? true }
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var lines: [String: [Item]] = [:]
        for item in items {
            guard let into = item.details.merged, byID[into] != nil else { continue }
            lines[into, default: []].append(item)
        }
        merges = lines.compactMap { id, members -> Merge? in
            guard let leader = byID[id], inPeriod(leader) else { return nil }
            let ordered = members.sorted { ($0.source.dateRank, $0.id) < ($1.source.dateRank, $1.id) }
            return Merge(item: leader, lines: [leader] + ordered)
        }
        .sorted { ($0.item.date, $0.item.id) < ($1.item.date, $1.item.id) }
        let counted = items.filter { !$0.isMerged }
        nearMisses = matching.nearMisses(counted, groups: []).filter { inPeriod($0.0) || inPeriod($0.1) }
        apart = items.filter { $0.details.apart && inPeriod($0) }.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    }
}
