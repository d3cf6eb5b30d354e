import KakeiboValues

/// What `find` found: the matching items, newest first (by date, then the later recorded first), and their total.
public struct FindReport: Sendable {
    public let query: SearchQuery
    public let items: [Item]
    public let total: Yen
    /// The ids of the other items the search read (the whole store), which the items' short ids must not name.
    public let others: [String]

    /// Transfers and lines merged into another item are no purchases of their own: they are left out.
    public init(query: SearchQuery, items: [Item], others: [String] = []) {
        self.others = others
        self.query = query
        let items = items.filter(\.counts)
        self.items = items.sorted { a, b in
            if a.date != b.date { return a.date > b.date }
            if a.added != b.added { return a.added > b.added }
            return a.id < b.id
        }
        self.total = Yen(items.reduce(0) { $0 + $1.price.amount })
    }
}
