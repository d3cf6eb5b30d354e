import KakeiboStore
import KakeiboValues

/// Months fetched from the server, read as a whole before anything is written: a row repeated exactly (in one
/// month or two) is pulled once; rows that can't be understood, and an id listed with different contents, are set
/// aside and reported, and the rest is pulled. Each item is filed under its own date's month, which may not be the
/// one it came with.
public struct PulledMonths: Sendable {
    /// The months fetched, oldest first.
    public let months: [YearMonth]
    /// Every item to pull, each id once, by fetched month, in the server's order.
    public let items: [WireItem]
    /// Items dated outside the month they came with.
    public let misfiled: [Misfiled]
    /// Rows not pulled, with the month they came with and why.
    public let setAside: [SetAsideRow]
    /// Rows that repeated another exactly, pulled once.
    public let folded: Int

    public struct Misfiled: Sendable, Equatable {
        public var item: WireItem
        public var cameWith: YearMonth
    }

    public init(rows fetched: [YearMonth: ServerRows]) {
        months = fetched.keys.sorted()
        let read = ServerRead(months.map { ($0, fetched[$0] ?? ServerRows(items: [])) })
        items = read.items
        misfiled = read.items.compactMap { item in
            guard let month = read.cameWith[item.id], !month.contains(item.date) else { return nil }
            return Misfiled(item: item, cameWith: month)
        }
        setAside = read.setAside
        folded = read.folded
    }

    /// Months of rows that were all understood.
    public init(_ fetched: [YearMonth: [WireItem]]) {
        self.init(rows: fetched.mapValues { ServerRows(items: $0) })
    }

    /// What the operations layer applies (`Household.applyServer`).
    public var server: ServerMonths { ServerMonths(months: months, items: items) }

    /// Ids the server holds in rows that were set aside: a push never appends them again.
    public var setAsideIDs: Set<String> { Set(setAside.compactMap(\.id)) }
}
