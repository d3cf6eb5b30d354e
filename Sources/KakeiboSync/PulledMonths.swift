import KakeiboKit

/// Months fetched from the server, checked as a whole before anything is written: an id the server lists in two
/// months refuses them all. Each item is filed under its own date's month, which may not be the one it came with.
public struct PulledMonths: Sendable {
    /// The months fetched, oldest first.
    public let months: [YearMonth]
    /// Every item, by fetched month, in the server's order.
    public let items: [WireItem]
    /// Items dated outside the month they came with.
    public let misfiled: [Misfiled]

    public struct Misfiled: Sendable, Equatable {
        public var item: WireItem
        public var cameWith: YearMonth
    }

    public init(_ fetched: [YearMonth: [WireItem]]) throws(SyncError) {
        months = fetched.keys.sorted()
        var items: [WireItem] = []
        var misfiled: [Misfiled] = []
        var seen: [String: YearMonth] = [:]
        for month in months {
            for item in fetched[month] ?? [] {
                if let first = seen[item.id] { throw .sameID(item.id, first, month) }
                seen[item.id] = month
                if !month.contains(item.date) { misfiled.append(Misfiled(item: item, cameWith: month)) }
                items.append(item)
            }
        }
        self.items = items
        self.misfiled = misfiled
    }

    /// What the operations layer applies (`Household.applyServer`).
    public var server: ServerMonths { ServerMonths(months: months, items: items) }
}
