import KakeiboValues

/// The months a write reads and changes, held under the store's lock until it commits.
public struct StoreTransaction {
    public let store: LedgerStore
    fileprivate(set) var cache: [YearMonth: [Item]] = [:]
    fileprivate(set) var changed: Set<YearMonth> = []
    /// Each month's file as first read here (nil: there was none), for the backup: under the lock, these are the
    /// very bytes the commit replaces.
    fileprivate(set) var original: [YearMonth: [UInt8]?] = [:]
    /// How many items each month had when first read here, for the backup's record.
    fileprivate(set) var counts: [YearMonth: Int] = [:]
    /// Months put back to exact earlier bytes (by `undo`), written as they are rather than encoded again.
    fileprivate(set) var restored: [YearMonth: [UInt8]] = [:]
    /// The store's other files (`ic-cards.json`…) this change replaces, by name (nil: removes the file), and each as
    /// first read here: committed with the months, in one backup, so a change of items and of such a file is one.
    fileprivate(set) var files: [String: [UInt8]?] = [:]
    fileprivate(set) var originalFiles: [String: [UInt8]?] = [:]

    /// What this change is, for its backup (the store's operation unless set otherwise).
    public var operation: StoreOperation?

    init(store: LedgerStore) {
        self.store = store
        self.operation = store.operation
    }

    /// The month's items as they stand in this transaction.
    public mutating func items(in month: YearMonth) throws(StoreError) -> [Item] {
        if let items = cache[month] { return items }
        let bytes = try FileSystem.read(store.path(month))
        let items = try bytes.map { bytes throws(StoreError) in try store.decode(bytes, month) } ?? []
        cache[month] = items
        original[month] = .some(bytes)
        counts[month] = items.count
        return items
    }

    /// Replaces the month's items; written on commit (an empty month's file is removed).
    public mutating func setItems(_ items: [Item], in month: YearMonth) throws(StoreError) {
        _ = try self.items(in: month) // a month that can't be read is never overwritten
        try FileSystem.refuseSymbolicLink(store.path(month))
        cache[month] = items
        changed.insert(month)
        restored[month] = nil
    }

    /// Puts a month back to exactly these bytes (nil: no file), which must be a month file this kakeibo can read.
    public mutating func restore(_ bytes: [UInt8]?, in month: YearMonth) throws(StoreError) {
        guard let bytes else { return try setItems([], in: month) }
        let items = try store.decode(bytes, month)
        try setItems(items, in: month)
        restored[month] = bytes
    }

    /// One of the store's own files beside the months, as it stands in this transaction (nil: there is none).
    public mutating func file(_ name: String) throws(StoreError) -> [UInt8]? {
        if let bytes = files[name] { return bytes }
        if let bytes = originalFiles[name] { return bytes }
        let bytes = try FileSystem.read(FileSystem.join(store.root, name))
        originalFiles[name] = .some(bytes)
        return bytes
    }

    /// Replaces one of the store's own files beside the months (nil: removes it), in the same commit as the months.
    public mutating func setFile(_ name: String, _ bytes: [UInt8]?) throws(StoreError) {
        precondition(Backups.isStoreFileName(name), "not one of the store's own files: \(name)")
        _ = try file(name)
        try FileSystem.refuseSymbolicLink(FileSystem.join(store.root, name))
        files[name] = .some(bytes)
    }

    /// Every month with a file in the store, oldest first.
    public func months() throws(StoreError) -> [YearMonth] { try store.months() }

    /// The items an id names (see `LedgerStore.find(id:)`), as they stand in this transaction.
    public mutating func find(id text: String) throws(StoreError) -> [(month: YearMonth, item: Item)] {
        var found: [(match: TypedID, value: (month: YearMonth, item: Item))] = []
        var months: Set<YearMonth> = []
        for (month, _) in try store.scan(for: text) where months.insert(month).inserted {
            for item in try items(in: month) {
                if let match = TypedID.match(text, item.id) { found.append((match, (month, item))) }
            }
        }
        return TypedID.best(found)
    }
}

extension LedgerStore {
    /// A transaction over the store as it stands that is never committed: a dry run reads through it, and what it
    /// changes stays in memory.
    public func preview() -> StoreTransaction { StoreTransaction(store: self) }
}
