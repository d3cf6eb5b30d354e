import KakeiboValues

/// What an edit sets on an item: each field given replaces the stored one, the rest stay.
public struct ItemChanges: Sendable, Equatable {
    public var name: String?
    public var price: Yen?
    public var date: CalendarDate?
    public var category: CategoryCode?
    /// Text details to set (a value) or clear (nil); those not named stay.
    public var details: [DetailField: String?]
    /// Whether the item becomes personal (true) or shared (false); nil leaves it.
    public var personal: Bool?
    /// The reimbursed amount to set (a value) or clear (nil); nil leaves it.
    public var reimbursed: Yen??
    /// Tags to add (after those kept), tags to take off (in any spelling), and whether every tag goes first.
    public var tags: TagChanges

    /// An edit of an item's tags: `--no-tags` first, then `--untag`, then `--tag`.
    public struct TagChanges: Sendable, Equatable {
        public var added: [String]
        public var removed: [String]
        public var clearAll: Bool

        public init(added: [String] = [], removed: [String] = [], clearAll: Bool = false) {
            self.added = added
            self.removed = removed
            self.clearAll = clearAll
        }

        /// The tags an item has after the edit.
        public func applied(to tags: [String]) -> [String] {
            Tags.adding(added, to: Tags.removing(removed, from: clearAll ? [] : tags))
        }
    }

    public init(
        name: String? = nil, price: Yen? = nil, date: CalendarDate? = nil, category: CategoryCode? = nil,
        details: [DetailField: String?] = [:], personal: Bool? = nil, reimbursed: Yen?? = nil, tags: TagChanges = TagChanges()
    ) {
        self.reimbursed = reimbursed
        self.tags = tags
        self.name = name
        self.price = price
        self.date = date
        self.category = category
        self.details = details
        self.personal = personal
    }

    /// Whether no field is set (an edit that would change nothing).
    public var isEmpty: Bool { self == ItemChanges() }

    /// The item with these fields set; its sync state is the caller's to decide.
    func applied(to item: Item) -> Item {
        var changed = item
        if let name { changed.name = name }
        if let price { changed.price = price }
        if let date { changed.date = date }
        if let category { changed.category = category }
        for (field, value) in details { changed.details[field] = value }
        // A member set (or cleared) by hand is the user's: no account changes it.
        if details.keys.contains(.member) { changed.details.memberFrom = nil }
        if let personal { changed.details.personal = personal }
        if let reimbursed { changed.details.reimbursed = reimbursed }
        if tags != TagChanges() { changed.details.tags = tags.applied(to: item.details.tags) }
        // A price its legs no longer fit (as much as they are, or less) is the whole purchase's on its payment.
        if price != nil, (try? PaymentLeg.validate(changed.details.legs, price: changed.price, entry: false)) == nil { changed.details.legs = [] }
        return changed
    }
}
