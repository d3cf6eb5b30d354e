import KakeiboValues

/// The items a change added, removed and edited (what `backups` and `undo` name), found by comparing the months it
/// touched as it kept them with the months as it left them. An item it only marked (sent, synced) is not among them.
public struct ChangedItems: Sendable, Equatable {
    /// An item as the change found it and as it left it.
    public struct Edit: Sendable, Equatable {
        public let before: Item
        public let after: Item
    }

    /// Each by date, then name.
    public let added: [Item]
    public let removed: [Item]
    public let edited: [Edit]

    public var count: Int { added.count + removed.count + edited.count }

    /// From every item of the touched months before and after the change, by id.
    public init(before: [String: Item], after: [String: Item]) {
        func order(_ a: Item, _ b: Item) -> Bool { a.date != b.date ? a.date < b.date : a.name != b.name ? a.name < b.name : a.id < b.id }
        added = after.values.filter { before[$0.id] == nil }.sorted(by: order)
        removed = before.values.filter { after[$0.id] == nil }.sorted(by: order)
        edited = after.values.compactMap { item in
            guard let old = before[item.id], WireItem(old) != WireItem(item) else { return nil }
            return Edit(before: old, after: item)
        }.sorted { order($0.after, $1.after) }
    }
}

extension BackupHistory {
    /// Every item of the months a change touched, as it found them and as it left them, by id (an item the change
    /// moved to another month is in one month before and another after). Throws when a month can no longer be had
    /// as it was or as the change left it (see `leftBy`).
    package func items(of entry: Entry, _ backups: Backups) throws -> (before: [String: Item], after: [String: Item]) {
        var before: [String: Item] = [:]
        var after: [String: Item] = [:]
        for record in entry.months {
            for item in try backups.kept(record, of: entry).map({ try MonthFileCodec.decode($0, month: record.month) }) ?? [] {
                before[item.id] = before[item.id] ?? item
            }
            for item in try leftBy(entry, record, backups).map({ try MonthFileCodec.decode($0, month: record.month) }) ?? [] {
                after[item.id] = after[item.id] ?? item
            }
        }
        return (before, after)
    }

    /// What a change did to items; nil when a month it touched can't be had as it was or as it left it any more (a
    /// file changed by something the backups don't hold).
    public func changedItems(_ entry: Entry, _ backups: Backups) -> ChangedItems? {
        guard let items = try? items(of: entry, backups) else { return nil }
        return ChangedItems(before: items.before, after: items.after)
    }
}
