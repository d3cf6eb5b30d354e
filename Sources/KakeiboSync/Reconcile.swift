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
}

/// The whole store, by id, as one transaction sees it: sync decisions need every month, since the server may list
/// an item under another month than the one it lives in here (moved by an edit here, or redated on the server).
public struct Ledger {
    public private(set) var months: [YearMonth: [Item]] = [:]
    private var original: [YearMonth: [Item]] = [:]
    private var location: [String: YearMonth] = [:]

    public init(_ transaction: inout StoreTransaction) throws {
        var months: [YearMonth: [Item]] = [:]
        for month in try transaction.months() { months[month] = try transaction.items(in: month) }
        self.init(months)
    }

    /// Reads the store without taking its lock: for deciding what to send, before the write that re-checks it all.
    public init(reading store: LedgerStore) throws {
        var months: [YearMonth: [Item]] = [:]
        for month in try store.months() { months[month] = try store.items(in: month) }
        self.init(months)
    }

    init(_ months: [YearMonth: [Item]]) {
        self.months = months
        original = months
        for (month, items) in months {
            for item in items { location[item.id] = month }
        }
    }

    public func item(_ id: String) -> Item? {
        location[id].flatMap { month in months[month]?.first { $0.id == id } }
    }

    /// Items the server doesn't have in this version: pending and edited ones, oldest month first, in stored order.
    public var unsent: [Item] { months.keys.sorted().flatMap { months[$0] ?? [] }.filter { $0.sync != .synced } }

    mutating func setState(_ id: String, _ state: SyncState) {
        guard let month = location[id], let index = months[month]?.firstIndex(where: { $0.id == id }) else { return }
        months[month]?[index].sync = state
    }

    @discardableResult
    mutating func remove(_ id: String) -> Item? {
        guard let month = location.removeValue(forKey: id), let index = months[month]?.firstIndex(where: { $0.id == id }) else { return nil }
        return months[month]?.remove(at: index)
    }

    /// Adds the item to its own date's month.
    mutating func append(_ item: Item) {
        months[item.date.yearMonth, default: []].append(item)
        location[item.id] = item.date.yearMonth
    }

    /// Removes a month's synced items (the server's copies replace them); returns them by id.
    mutating func removeSynced(in month: YearMonth) -> [String: Item] {
        var removed: [String: Item] = [:]
        months[month]?.removeAll { item in
            guard item.sync == .synced else { return false }
            removed[item.id] = item
            location[item.id] = nil
            return true
        }
        return removed
    }

    /// Writes the months whose items changed, and returns them.
    @discardableResult
    public func write(to transaction: inout StoreTransaction) throws -> [YearMonth] {
        let changed = Set(months.keys).union(original.keys).filter { (months[$0] ?? []) != (original[$0] ?? []) }.sorted()
        for month in changed { try transaction.setItems(months[month] ?? [], in: month) }
        return changed
    }
}

/// How the server's answers change the store. Local first: what the server doesn't have is never dropped.
public enum Reconcile {
    /// What applying the server's answers did.
    public struct Effect: Sendable, Equatable {
        /// Items that became synced.
        public var synced = 0
        /// Items changed here after the server got them: kept, now marked edited.
        public var edited: [Item] = []
    }

    /// The server has these items: a pending or edited one that matches becomes synced; a pending one that differs
    /// was changed here after it was sent, so it is kept and marked edited (the server only appends; it can't take
    /// the change).
    public static func confirm(_ server: [WireItem], in ledger: inout Ledger) -> Effect {
        var effect = Effect()
        for copy in server { confirm(copy, in: &ledger, &effect) }
        return effect
    }

    private static func confirm(_ copy: WireItem, in ledger: inout Ledger, _ effect: inout Effect) {
        guard let local = ledger.item(copy.id), local.sync != .synced else { return }
        if WireItem(local) == copy {
            ledger.setState(copy.id, .synced)
            effect.synced += 1
        } else if local.sync == .pending {
            ledger.setState(copy.id, .edited)
            effect.edited.append(local)
        }
    }

    /// Replaces the synced items of the fetched months with the server's. What the server doesn't have in this
    /// version (pending and edited items) is kept; an item the server lists under another month moves there.
    public static func pull(_ pulled: PulledMonths, in ledger: inout Ledger, now: Timestamp) -> Effect {
        var effect = Effect()
        var previous: [String: Item] = [:]
        for month in pulled.months { previous.merge(ledger.removeSynced(in: month)) { first, _ in first } }
        for copy in pulled.items {
            if let local = ledger.item(copy.id) {
                if local.sync != .synced {
                    confirm(copy, in: &ledger, &effect)
                    continue
                }
                previous[copy.id] = ledger.remove(copy.id) // synced in a month not fetched: the server moved it
            }
            ledger.append(copy.item(added: previous[copy.id]?.added ?? now, sync: .synced))
        }
        return effect
    }
}
