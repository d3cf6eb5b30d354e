import KakeiboStore
import KakeiboValues

/// What `Household.add` stored: the items as recorded (stamped, pending).
public struct ItemsAdded: Sendable, Equatable {
    public var items: [Item]
    /// What matching their months did.
    public var matched = MatchOutcome()
    /// The months the items went to, oldest first.
    public var months: [YearMonth] { Set(items.map(\.date.yearMonth)).sorted() }
}

/// What `Household.edit` changed: the item before and after.
public struct ItemEdited: Sendable, Equatable {
    public var before: Item
    public var after: Item
    /// Whether the new date took the item to another month.
    public var moved: Bool { before.date.yearMonth != after.date.yearMonth }
    /// Whether anything the server would see changed.
    public var changed: Bool { WireItem(before) != WireItem(after) }
    /// The months written: the item's, and its old one if it moved.
    public var months: [YearMonth] { Set([before.date.yearMonth, after.date.yearMonth]).sorted() }
}

/// What `Household.delete` removed.
public struct ItemDeleted: Sendable, Equatable {
    public var item: Item
    /// The lines merged into it, gone with it.
    public var lines: [Item] = []
    public var months: [YearMonth] { [item.date.yearMonth] }
}

/// What merging a batch of items did (an import): each given item was added, updated (in place or moved to its
/// new month) or found unchanged.
public struct MergeOutcome: Sendable, Equatable {
    /// The items given.
    public var imported = 0
    public var added = 0
    /// Updated items, including those moved.
    public var updated = 0
    /// Updated items whose new date took them to another month.
    public var moved = 0
    public var unchanged = 0
    /// The months written, oldest first.
    public var months: [YearMonth] = []
    /// What matching the months did: lines merged with other sources' lines, transfers found.
    public var matched = MatchOutcome()

    public init() {}
}

/// What applying the household server's answers did.
public struct SyncOutcome: Sendable, Equatable {
    /// Items here the server confirmed having: now synced.
    public var synced = 0
    /// Items changed here after the server got them: kept as they are here, marked edited.
    public var edited: [Item] = []
    /// The months whose items changed, oldest first.
    public var changed: [YearMonth] = []
    /// Items the server doesn't have in this version (pending and edited), after the write.
    public var unsent: [Item] = []
    /// What matching the months that changed did.
    public var matched = MatchOutcome()

    public init() {}
}
