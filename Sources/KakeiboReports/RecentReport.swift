import KakeiboValues

/// The items most recently recorded in the store — by when they were added here, not by purchase date — across
/// months, newest first.
public struct RecentReport: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public let item: Item
        /// When it was added, on the user's clock.
        public let added: LocalDateTime
    }

    /// How many were asked for; `entries` may hold fewer.
    public let limit: Int
    public let entries: [Entry]

    /// Keeps the `limit` newest of `items`. `localTime` turns a UTC instant into the user's wall-clock time.
    public init(items: some Sequence<Item>, limit: Int, localTime: (Timestamp) -> LocalDateTime) {
        self.limit = limit
        entries = items.filter(\.counts).sorted(by: RecentReport.newestFirst).prefix(max(limit, 0)).map {
            Entry(item: $0, added: localTime($0.added))
        }
    }

    /// Newest `added` first; equal times by id, so the order is the same on every run.
    public static func newestFirst(_ a: Item, _ b: Item) -> Bool {
        a.added != b.added ? a.added > b.added : a.id < b.id
    }
}
