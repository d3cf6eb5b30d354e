import KakeiboStore
import KakeiboValues

/// Every item one write can see, by id: one lookup per id, whichever month the item is in.
///
/// Months are read when first needed (`load`), or all at once (`loadAll`) for a change that can reach any month
/// (an import, a pull: an id may come back with a new date). An item that moves or goes leaves a hole (nil) in its
/// month, dropped when the months are written, so every remembered place stays valid and no lookup scans a month.
struct ItemIndex {
    private(set) var transaction: StoreTransaction
    private var months: [YearMonth: [Item?]] = [:]
    private var places: [String: Place] = [:]
    /// The months something was put into or taken out of.
    private(set) var touched: Set<YearMonth> = []

    private struct Place {
        var month: YearMonth
        var index: Int
    }

    init(_ transaction: StoreTransaction) { self.transaction = transaction }

    /// Reads a month into the index (once).
    mutating func load(_ month: YearMonth) throws(StoreError) {
        guard months[month] == nil else { return }
        let items = try transaction.items(in: month)
        months[month] = items
        for (index, item) in items.enumerated() { places[item.id] = Place(month: month, index: index) }
    }

    /// Reads every month of the store.
    mutating func loadAll() throws(StoreError) {
        for month in try transaction.months() { try load(month) }
    }

    /// Makes room for this many more ids, so a big import doesn't rehash every id it has placed each time the
    /// table doubles.
    mutating func reserve(_ count: Int) { places.reserveCapacity(places.count + count) }

    /// The items whose id is `text` or, failing that, starts with it, from a scan of every month file's bytes
    /// (only the files that hold the text are parsed); the months they are in are not loaded.
    mutating func find(_ text: String) throws(StoreError) -> [(month: YearMonth, item: Item)] {
        try transaction.find(id: text)
    }

    /// The stored item with exactly this id, among the months loaded.
    func item(_ id: String) -> Item? {
        guard let place = places[id] else { return nil }
        return months[place.month]?[place.index] ?? nil
    }

    /// The items of a loaded month, in stored order.
    func items(in month: YearMonth) -> [Item] { (months[month] ?? []).compactMap { $0 } }

    /// Every loaded item, oldest month first, in stored order.
    var all: [Item] { months.keys.sorted().flatMap { items(in: $0) } }

    /// Adds an item at the end of its date's month.
    mutating func insert(_ item: Item) throws(StoreError) {
        let month = item.date.yearMonth
        try load(month)
        months[month, default: []].append(item)
        places[item.id] = Place(month: month, index: months[month, default: []].count - 1)
        touched.insert(month)
    }

    /// Puts a new version of a stored item where the old one was, or at the end of its new month if its date moved
    /// it; an id not stored is inserted.
    mutating func replace(_ item: Item) throws(StoreError) {
        guard let place = places[item.id], months[place.month]?[place.index] != nil else { return try insert(item) }
        touched.insert(place.month)
        if place.month == item.date.yearMonth {
            months[place.month]?[place.index] = item
        } else {
            months[place.month]?[place.index] = nil
            try insert(item)
        }
    }

    /// Sets a stored item's sync state where it is.
    mutating func mark(_ id: String, _ state: SyncState) {
        guard let place = places[id], months[place.month]?[place.index] != nil else { return }
        months[place.month]?[place.index]?.sync = state
        touched.insert(place.month)
    }

    /// Takes an item out of its month.
    @discardableResult
    mutating func remove(_ id: String) -> Item? {
        guard let place = places.removeValue(forKey: id), let item = months[place.month]?[place.index] ?? nil else { return nil }
        months[place.month]?[place.index] = nil
        touched.insert(place.month)
        return item
    }

    /// Takes the items of a loaded month that match out of it; returns them by id.
    mutating func removeAll(in month: YearMonth, where matches: (Item) -> Bool) -> [String: Item] {
        guard var items = months[month] else { return [:] }
        var removed: [String: Item] = [:]
        for index in items.indices {
            guard let item = items[index], matches(item) else { continue }
            removed[item.id] = item
            items[index] = nil
            places[item.id] = nil
        }
        if !removed.isEmpty {
            months[month] = items
            touched.insert(month)
        }
        return removed
    }

    /// One of the store's own files beside the months, as it stands in this change (nil: none).
    mutating func file(_ name: String) throws(StoreError) -> [UInt8]? { try transaction.file(name) }

    /// Replaces one of the store's own files in the same commit as the months (nil: removes it).
    mutating func setFile(_ name: String, _ bytes: [UInt8]?) throws(StoreError) { try transaction.setFile(name, bytes) }

    /// Writes the touched months into the transaction and hands it back, with the months whose items changed.
    consuming func finish() throws(StoreError) -> (transaction: StoreTransaction, changed: [YearMonth]) {
        var changed: [YearMonth] = []
        for month in touched.sorted() {
            // Each month leaves the index as it goes into the transaction, so the items are held once, not twice
            // (an import of a million items peaks ~30% lower).
            let items = (months.removeValue(forKey: month) ?? []).compactMap { $0 }
            if try transaction.items(in: month) != items { changed.append(month) }
            try transaction.setItems(items, in: month)
        }
        return (transaction, changed)
    }
}
