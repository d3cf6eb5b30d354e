import KakeiboStore
import KakeiboValues

/// One item added as typed: what the add did, and how it was filed when the household's rules or history filed it
/// (with the rules, to say which one).
public struct ItemAdded: Sendable {
    public let added: ItemsAdded
    public let filing: (filed: Filed, rules: FilingRules)?

    /// The item as stored.
    public var item: Item { added.items[0] }
}

/// What `Household.add` stored: the items as recorded (stamped, pending).
public struct ItemsAdded: Sendable, Equatable {
    public let items: [Item]
    /// What matching their months did.
    public let matched: MatchOutcome

    public init(items: [Item], matched: MatchOutcome = MatchOutcome()) {
        self.items = items
        self.matched = matched
    }

    /// The months the items went to, oldest first.
    public var months: [YearMonth] { Set(items.map(\.date.yearMonth)).sorted() }
}

/// What `Household.edit` changed: the item before and after.
public struct ItemEdited: Sendable, Equatable {
    public let before: Item
    public let after: Item
    /// Whether the new date took the item to another month.
    public var moved: Bool { before.date.yearMonth != after.date.yearMonth }
    /// Whether anything the server would see changed.
    public var changed: Bool { WireItem(before) != WireItem(after) }
    /// The months written: the item's, and its old one if it moved.
    public var months: [YearMonth] { Set([before.date.yearMonth, after.date.yearMonth]).sorted() }
}

/// What `Household.delete` removed.
public struct ItemDeleted: Sendable, Equatable {
    public let item: Item
    /// The fixed cost whose posting it was, now skipped in its month (`fixed post` leaves it out); nil for any other item.
    public let skipped: FixedCost?
    /// The lines merged into it, gone with it.
    public let lines: [Item]

    public init(item: Item, skipped: FixedCost? = nil, lines: [Item] = []) {
        self.item = item
        self.skipped = skipped
        self.lines = lines
    }

    public var months: [YearMonth] { [item.date.yearMonth] }
}

/// What merging a batch of items did (an import): each given item was added, updated (in place or moved to its
/// new month) or found unchanged.
public struct MergeOutcome: Sendable, Equatable {
    /// The items given.
    public let imported: Int
    public let added: Int
    /// Updated items, including those moved.
    public let updated: Int
    /// Updated items whose new date took them to another month.
    public let moved: Int
    public let unchanged: Int
    /// The months written, oldest first.
    public let months: [YearMonth]
    /// What matching the months did: lines merged with other sources' lines, transfers found.
    public let matched: MatchOutcome
    /// Lines here that the file gives otherwise, kept as they are here (an import of files changes nothing the user
    /// changed; `updated` is kakeibo's own JSON's).
    public let kept: [KeptLine]
    /// Lines the user deleted or moved to another month, not brought back.
    public let removedHere: Int

    public init(
        imported: Int, added: Int, updated: Int, moved: Int, unchanged: Int, months: [YearMonth], matched: MatchOutcome = MatchOutcome(),
        kept: [KeptLine] = [], removedHere: Int = 0
    ) {
        self.kept = kept
        self.removedHere = removedHere
        self.imported = imported
        self.added = added
        self.updated = updated
        self.moved = moved
        self.unchanged = unchanged
        self.months = months
        self.matched = matched
    }
}
