#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The household ledger on disk: a directory with one JSON file per month (`2024-12.json`).
///
/// A month query reads only that month's file. Writes happen in a `StoreTransaction` under an exclusive lock and
/// rewrite only the months they change; several months change all together or not at all (see `commit`).
/// A file that can't be read is reported and never overwritten.
public struct LedgerStore: Sendable {
    public let root: String

    public init(root: String) { self.root = root }

    /// Whether the store directory exists yet (it is created by the first write).
    public var exists: Bool { FileSystem.isDirectory(root) }

    public static func fileName(_ month: YearMonth) -> String { month.iso + ".json" }

    public func path(_ month: YearMonth) -> String { FileSystem.join(root, LedgerStore.fileName(month)) }

    var lockPath: String { FileSystem.join(root, ".lock") }
    var journalDirectory: String { FileSystem.join(root, ".tx") }
    var commitPath: String { FileSystem.join(journalDirectory, "COMMIT") }

    // MARK: Reading

    /// The items of one month, in stored order; none if the month (or the store) has no file.
    public func items(in month: YearMonth) throws(StoreError) -> [Item] {
        try finishInterruptedCommit()
        return try readMonth(month)
    }

    /// The items of each month of a year (months without a file are empty).
    public func items(inYear year: Int) throws(StoreError) -> [YearMonth: [Item]] {
        try finishInterruptedCommit()
        var result: [YearMonth: [Item]] = [:]
        for month in 1...12 {
            let key = YearMonth(uncheckedYear: year, month: month)
            result[key] = try readMonth(key)
        }
        return result
    }

    /// Every month that has a file, oldest first.
    public func months() throws(StoreError) -> [YearMonth] {
        guard let names = try FileSystem.list(root) else { return [] }
        return names.compactMap(LedgerStore.month(fileName:)).sorted()
    }

    /// The month a file name stands for ("2024-12.json"), or nil for any other file.
    public static func month(fileName: String) -> YearMonth? {
        guard fileName.hasSuffix(".json"), fileName.utf8.count == 12 else { return nil }
        return YearMonth.parseISO(String(fileName.dropLast(5)))
    }

    /// Finds the items whose id is `text`, or failing that starts with it, by scanning the raw bytes of every month
    /// file first and parsing only the files that contain it.
    public func find(id text: String) throws(StoreError) -> [(month: YearMonth, item: Item)] {
        try finishInterruptedCommit()
        return try scan(for: text)
    }

    /// `find` without the recovery check, for use under the lock (which has already recovered).
    func scan(for text: String) throws(StoreError) -> [(month: YearMonth, item: Item)] {
        var needle = JSONWriter()
        needle.string(text)
        let prefixBytes = Array(needle.bytes.dropLast())  // the opening quote and the id, escaped as we write it
        var exact: [(YearMonth, Item)] = []
        var prefixed: [(YearMonth, Item)] = []
        for month in try months() {
            guard let bytes = try FileSystem.read(path(month)), contains(bytes, prefixBytes) else { continue }
            for item in try decode(bytes, month) {
                if item.id == text { exact.append((month, item)) } else if item.id.hasPrefix(text) { prefixed.append((month, item)) }
            }
        }
        return exact.isEmpty ? prefixed : exact
    }

    func readMonth(_ month: YearMonth) throws(StoreError) -> [Item] {
        guard let bytes = try FileSystem.read(path(month)) else { return [] }
        return try decode(bytes, month)
    }

    func decode(_ bytes: [UInt8], _ month: YearMonth) throws(StoreError) -> [Item] {
        do { return try MonthFileCodec.decode(bytes, month: month) } catch {
            throw .unreadable(path: path(month), problem: error)
        }
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var index = 0
                let last = hay.count - pin.count
                while index <= last {
                    guard let found = memchr(hay.baseAddress! + index, Int32(first), last - index + 1) else { return false }
                    let at = hay.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(hay.baseAddress! + at, pin.baseAddress!, pin.count) == 0 { return true }
                    index = at + 1
                }
                return false
            }
        }
    }

    // MARK: Writing

    /// Runs `body` with the store locked, then commits the months it changed. If `body` throws, nothing is written.
    public func write<T>(_ body: (inout StoreTransaction) throws -> T) throws -> T {
        try FileSystem.makeDirectories(root)
        let lock = try FileLock(path: lockPath)
        defer { lock.release() }
        try recover()
        var transaction = StoreTransaction(store: self)
        let result = try body(&transaction)
        try commit(transaction)
        return result
    }

    /// If a multi-month commit was interrupted (the process was killed), completes it before anyone reads.
    func finishInterruptedCommit() throws(StoreError) {
        guard FileSystem.exists(commitPath) else { return }
        // Waiting for the lock also waits for a commit that is still under way.
        let lock = try FileLock(path: lockPath)
        defer { lock.release() }
        try recover()
    }

    /// Rolls a committed journal forward, and throws away the temporary files of one that never committed.
    private func recover() throws(StoreError) {
        guard let names = try FileSystem.list(journalDirectory) else { return }
        if let journal = try FileSystem.read(commitPath) {
            for line in String(decoding: journal, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, LedgerStore.month(fileName: String(parts[1])) != nil else { continue }
                let name = String(parts[1])
                let staged = FileSystem.join(journalDirectory, name)
                if parts[0] == "put", FileSystem.exists(staged) {
                    guard rename(staged, FileSystem.join(root, name)) == 0 else {
                        throw .io(path: FileSystem.join(root, name), operation: .rename, code: errno)
                    }
                } else if parts[0] == "delete" {
                    if unlink(FileSystem.join(root, name)) != 0 && errno != ENOENT {
                        throw .io(path: FileSystem.join(root, name), operation: .remove, code: errno)
                    }
                }
            }
            try FileSystem.syncDirectory(root)
        }
        for name in names where name != "COMMIT" { unlink(FileSystem.join(journalDirectory, name)) }
        if unlink(commitPath) == 0 { try FileSystem.syncDirectory(journalDirectory) }
    }

    /// Writes the changed months.
    ///
    /// One month: a temporary file, fsync, rename over the old one, fsync of the directory.
    /// Several: each is staged complete in `.tx/`, then a journal naming them is written and flushed — the commit
    /// point — and only then are they renamed into place. A crash before the journal leaves every month as it was;
    /// a crash after it is rolled forward by the next command, so either all the months change or none does.
    private func commit(_ transaction: StoreTransaction) throws(StoreError) {
        var changes: [(YearMonth, [UInt8]?)] = []
        for month in transaction.changed.sorted() {
            let items = transaction.cache[month] ?? []
            changes.append((month, items.isEmpty ? nil : MonthFileCodec.encode(items, month: month)))
        }
        guard !changes.isEmpty else { return }
        if changes.count == 1, let (month, bytes) = changes.first {
            if let bytes {
                try FileSystem.replaceAtomically(path(month), bytes)
            } else {
                guard unlink(path(month)) == 0 || errno == ENOENT else {
                    throw .io(path: path(month), operation: .remove, code: errno)
                }
                try FileSystem.syncDirectory(root)
            }
            return
        }
        try FileSystem.makeDirectories(journalDirectory)
        var journal = ""
        do {
            for (month, bytes) in changes {
                let name = LedgerStore.fileName(month)
                if let bytes {
                    try FileSystem.writeNewFile(FileSystem.join(journalDirectory, name), bytes)
                    journal += "put \(name)\n"
                } else {
                    journal += "delete \(name)\n"
                }
            }
            try FileSystem.syncDirectory(journalDirectory)
            try FileSystem.replaceAtomically(commitPath, Array(journal.utf8))
        } catch {
            // Nothing has been committed: throw the staged files away and leave every month as it was.
            if let names = try? FileSystem.list(journalDirectory) {
                for name in names { unlink(FileSystem.join(journalDirectory, name)) }
            }
            throw error
        }
        try recover()
    }
}

/// The months a write reads and changes, held under the store's lock until it commits.
public struct StoreTransaction {
    public let store: LedgerStore
    fileprivate(set) var cache: [YearMonth: [Item]] = [:]
    fileprivate(set) var changed: Set<YearMonth> = []

    init(store: LedgerStore) { self.store = store }

    /// The month's items as they stand in this transaction.
    public mutating func items(in month: YearMonth) throws(StoreError) -> [Item] {
        if let items = cache[month] { return items }
        let items = try store.readMonth(month)
        cache[month] = items
        return items
    }

    /// Replaces the month's items; written on commit (an empty month's file is removed).
    public mutating func setItems(_ items: [Item], in month: YearMonth) throws(StoreError) {
        _ = try self.items(in: month)  // a month that can't be read is never overwritten
        cache[month] = items
        changed.insert(month)
    }

    /// Every month with a file in the store, oldest first.
    public func months() throws(StoreError) -> [YearMonth] { try store.months() }

    /// The items whose id is `text` (or, failing that, starts with it), as they stand in this transaction.
    public mutating func find(id text: String) throws(StoreError) -> [(month: YearMonth, item: Item)] {
        var found: [(month: YearMonth, item: Item)] = []
        for (month, _) in try store.scan(for: text) where !found.contains(where: { $0.month == month }) {
            for item in try items(in: month) where item.id == text || item.id.hasPrefix(text) { found.append((month, item)) }
        }
        let exact = found.filter { $0.item.id == text }
        return exact.isEmpty ? found : exact
    }
}
