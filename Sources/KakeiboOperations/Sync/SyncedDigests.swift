import KakeiboStore
import KakeiboValues

/// What this store last synced of each item, as a hash (`digests` in sync-state.json), so that a change nothing
/// records — a month file edited by hand, a copy put back — is seen: `check` names such an item, and the next write
/// that holds the journal (every sync does) queues it to be sent rather than letting a pull put the server's version
/// back over it. Called from `changeWithJournal`: `queueDivergent` before its body, `recordSynced` after.
extension SyncJournal {
    /// The hash of an item's content as the server has it (what `WireItem` holds: not the sync state, nor when it
    /// was added here): FNV-1a over its fields, each text ended by a byte UTF-8 never holds, so no two items'
    /// fields run together alike. Every write that holds the journal hashes every synced item, so it allocates nothing.
    public static func digest(_ item: Item) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        func add(_ number: Int) { withUnsafeBytes(of: number.littleEndian) { for byte in $0 { add(byte) } } }
        func add(_ text: String?) {
            guard let text else { return add(0xFE) }
            for byte in text.utf8 { add(byte) }
            add(0xFF)
        }
        add(item.id)
        add(item.date.year * 10_000 + item.date.month * 100 + item.date.day)
        add(item.name)
        add(item.price.amount)
        add(item.category.category)
        add(item.category.subcategory ?? -1)
        for field in DetailField.allCases { add(item.details[field]) }
        add(item.details.personal ? 1 : 0)
        add(item.details.reimbursed?.amount ?? -1)
        for tag in item.details.tags { add(tag) }
        return hash
    }

    /// The items marked synced whose content is not what was last synced, with nothing waiting to send them.
    public func divergent(_ items: [Item]) -> [Item] {
        guard changeProtocol else { return [] }
        return items.filter { item in
            item.sync == .synced && !isHeld(item.id) && digests[item.id].map { $0 != SyncJournal.digest(item) } == true
        }
    }

    /// Marks every divergent item edited, so the next sync sends it (based on the revision last synced) and no
    /// row of the server's replaces it unseen; returns their ids.
    @discardableResult
    mutating func queueDivergent(_ index: inout ItemIndex) -> [String] {
        let ids = divergent(index.all).map(\.id)
        for id in ids { index.mark(id, .edited) }
        return ids
    }

    /// Records the hash of every item the server holds in this very version (marked synced, at a known revision);
    /// forgets those of items no longer synced at a revision.
    mutating func recordSynced(_ index: ItemIndex) {
        guard changeProtocol else {
            digests = [:]
            return
        }
        // An item edited or deleted here keeps the hash of what was synced, until its change is answered.
        var recorded = digests.filter { revisions[$0.key] != nil }
        for item in index.all where item.sync == .synced && revisions[item.id] != nil { recorded[item.id] = SyncJournal.digest(item) }
        digests = recorded
        refused = refused.filter { index.item($0.key) != nil } // a refused item deleted here is no more a warning
    }

    /// Remembers why the server refused the change of `id` (its code and message), until a change of it is taken.
    mutating func noteRefused(_ id: String, code: String, message: String?) {
        refused[id] = message.map { code + ": " + $0 } ?? code
    }
}
