import KakeiboValues

/// The household ledger on disk: a directory with one JSON file per month (`2024-12.json`).
///
/// A month query reads only that month's file. Writes happen in a `StoreTransaction` under an exclusive lock and
/// rewrite only the months they change; several months change all together or not at all (see `commit`).
/// A file that can't be read is reported and never overwritten.
///
/// Beside each month file the store keeps its summary (`.summary/2024-12.json`: totals by category code), written
/// in the same commit and stamped with the month file's fingerprint. A year, a trend or a month's neighbours use a
/// summary only while the month file has exactly those bytes; otherwise they read the month. Summaries are derived: losing one costs time,
/// never an item or a wrong total.
public struct LedgerStore: Sendable {
    public let root: String
    /// What the writes through this value are, for their backups (see `Backups`).
    public var operation: StoreOperation?
    /// How to wait when another process holds the store's lock (for ever, silently, unless told otherwise).
    public var lockWait: LockWait

    public init(root: String, operation: StoreOperation? = nil, lockWait: LockWait = .forever) {
        self.root = root
        self.operation = operation
        self.lockWait = lockWait
    }

    /// Whether the store directory exists yet (it is created by the first write).
    public var exists: Bool { FileSystem.isDirectory(root) }

    public static func fileName(_ month: YearMonth) -> String { month.iso + ".json" }

    public func path(_ month: YearMonth) -> String { FileSystem.join(root, LedgerStore.fileName(month)) }

    public func summaryPath(_ month: YearMonth) -> String { FileSystem.join(summaryDirectory, LedgerStore.fileName(month)) }

    var summaryDirectory: String { FileSystem.join(root, ".summary") }
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

    /// Each month of a year reduced to its totals by category code (months without a file are empty): what a year
    /// report needs, without decoding twelve months of items when their summaries are current.
    public func summaries(inYear year: Int) throws(StoreError) -> [YearMonth: MonthSummary] {
        try summaries(of: (1...12).map { YearMonth(uncheckedYear: year, month: $0) })
    }

    /// The summaries of any months (a trend's run, a month's neighbours).
    public func summaries(of months: [YearMonth]) throws(StoreError) -> [YearMonth: MonthSummary] {
        try finishInterruptedCommit()
        var result: [YearMonth: MonthSummary] = [:]
        var magnitude = MonthSummary.Magnitude()
        for month in months {
            let summary = try readSummary(month)
            guard magnitude.add(summary) else { throw .tooLarge(path: path(month)) }
            result[month] = summary
        }
        return result
    }

    /// One month's summary.
    public func summary(of month: YearMonth) throws(StoreError) -> MonthSummary {
        try finishInterruptedCommit()
        return try readSummary(month)
    }

    /// The month's sums day by day, for periods that cover part of it (a month from payday): the summary file's days
    /// when it was made from exactly the month file's current bytes, else worked out from the month's items.
    public func daySums(of month: YearMonth) throws(StoreError) -> DaySums {
        try finishInterruptedCommit()
        return try kept(
            month, empty: DaySums(), stored: { SummaryFileCodec.decodeWithDays($0, month: month).map { ($0.summary, $0.source, $0.days) } },
            worked: { (MonthSummary(month: month, items: $0), DaySums(month: month, items: $0)) })
    }

    /// The month's summary file if it was made from exactly the month file's current bytes, else a summary worked out
    /// from the month's items. A summary that is missing, unreadable, malformed or stale is passed over, not reported:
    /// the month file is the record, and it is read (and any problem with it reported) instead.
    func readSummary(_ month: YearMonth) throws(StoreError) -> MonthSummary {
        try kept(
            month, empty: MonthSummary(month: month),
            stored: { SummaryFileCodec.decode($0, month: month).map { ($0.summary, $0.source, $0.summary) } },
            worked: { items in
                let summary = MonthSummary(month: month, items: items)
                return (summary, summary)
            })
    }

    /// What a month's summary file gives (`stored`) when it was made from exactly the month file's current bytes,
    /// else what its items give (`worked`); `empty` for a month without a file. Either way its totals must add up.
    private func kept<Value>(
        _ month: YearMonth, empty: Value, stored: ([UInt8]) -> (MonthSummary, Fingerprint, Value)?,
        worked: ([Item]) -> (MonthSummary, Value)
    ) throws(StoreError) -> Value {
        guard let bytes = try FileSystem.read(path(month)) else { return empty }
        let summary: MonthSummary
        let value: Value
        // A summary is a shortcut: one that can't be read, or whose directory is a link, is passed over.
        if FileSystem.kind(summaryDirectory) != .symbolicLink, let file = (try? FileSystem.read(summaryPath(month))) ?? nil,
            let (read, source, readValue) = stored(file),
            source == Fingerprint(of: bytes)
        {
            (summary, value) = (read, readValue)
        } else {
            (summary, value) = worked(try decode(bytes, month))
        }
        _ = try LedgerStore.checked(summary, path: path(month))
        return value
    }

    /// The summary, if its totals can be added up without overflow; else an error naming the month file.
    package static func checked(_ summary: MonthSummary, path: String) throws(StoreError) -> MonthSummary {
        var magnitude = MonthSummary.Magnitude()
        guard magnitude.add(summary) else { throw .tooLarge(path: path) }
        return summary
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
        let prefixBytes = Array(needle.bytes.dropLast()) // the opening quote and the id, escaped as we write it
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

    /// Runs `body` with the store locked, then commits the months it changed, having first kept the files they
    /// replace (see `Backups`). If `body` throws, nothing is written.
    public func write<T>(_ body: (inout StoreTransaction) throws -> T) throws -> T {
        try FileSystem.makeDirectories(root)
        let lock = try StoreLock(writing: self)
        defer { lock.release() }
        try recover()
        removeTemporaryFiles()
        var transaction = StoreTransaction(store: self)
        let result = try body(&transaction)
        try commit(transaction)
        return result
    }

    /// Puts a month's summary in place after its month was written. If that fails the old summary no longer matches
    /// the month file, so it is removed (or, failing even that, passed over when read): the write still succeeded.
    private func writeSummary(_ bytes: [UInt8], _ month: YearMonth) {
        do {
            try FileSystem.makeStoreDirectory(summaryDirectory)
            try FileSystem.replaceAtomically(summaryPath(month), bytes, durable: false)
        } catch {
            unlink(summaryPath(month))
        }
    }

    /// Runs `body` with the store locked and any interrupted commit finished, so that it sees every file as of one
    /// moment. A store no kakeibo has written to (no lock file), or whose lock file can't be opened, is read as it
    /// stands; nothing is created unless an interrupted commit has to be finished.
    func readingLocked<T>(_ body: () throws -> T) throws -> T {
        try finishInterruptedCommit() // as every command does before reading
        guard let lock = try StoreLock(reading: self) else { return try body() }
        defer { lock.release() }
        if FileSystem.kind(commitPath) != nil { try recover() }
        return try body()
    }

    /// Whether a name in the store's directory is the temporary file of a write (`.2024-12.json.tmp-PID`).
    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".") && name.includes(".tmp-") }

    /// Removes the temporary files of writes that were killed before their rename. Only a lock holder writes here,
    /// so under the lock any such file is left over.
    private func removeTemporaryFiles() {
        for directory in [root, summaryDirectory] {
            guard let names = try? FileSystem.list(directory) else { continue }
            for name in names where LedgerStore.isTemporary(name) { unlink(FileSystem.join(directory, name)) }
        }
    }

    /// If a multi-month commit was interrupted (the process was killed), completes it before anyone reads.
    func finishInterruptedCommit() throws(StoreError) {
        guard FileSystem.kind(commitPath) != nil else { return }
        // Waiting for the lock also waits for a commit that is still under way.
        let lock = try StoreLock(writing: self)
        defer { lock.release() }
        try recover()
    }

    /// Rolls a committed journal forward, and throws away the temporary files of one that never committed.
    /// Finishing its own commit (`ownCommit`), a writer expects every file it staged to be there: one that is gone
    /// was removed behind its back, and the change, applied without it, is reported as only partly done.
    private func recover(ownCommit: Bool = false) throws(StoreError) {
        // Staged files come only from the store's own `.tx`: never through a link from elsewhere.
        try FileSystem.refuseLinkedDirectory(journalDirectory)
        guard let names = try FileSystem.list(journalDirectory) else { return }
        var gone: String?
        if let journal = try FileSystem.read(commitPath) {
            for line in String(decoding: journal, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let file = JournalFile(name: String(parts[1])) else { continue }
                let staged = FileSystem.join(journalDirectory, file.name)
                switch (parts[0], file) {
                case ("put", .month(let month)) where FileSystem.exists(staged):
                    guard rename(staged, path(month)) == 0 else { throw .io(path: path(month), operation: .rename, code: errno) }
                case ("put", .month):
                    if ownCommit && gone == nil { gone = staged }
                case ("delete", .month(let month)):
                    if unlink(path(month)) != 0 && errno != ENOENT { throw .io(path: path(month), operation: .remove, code: errno) }
                case ("put", .summary(let month)) where FileSystem.exists(staged):
                    // A summary that can't be put in place is left out: the month is read instead.
                    if (try? FileSystem.makeStoreDirectory(summaryDirectory)) == nil || rename(staged, summaryPath(month)) != 0 {
                        unlink(summaryPath(month))
                    }
                case ("delete", .summary(let month)):
                    unlink(summaryPath(month))
                case ("put", .storeFile(let name)) where FileSystem.exists(staged):
                    let path = FileSystem.join(root, name)
                    guard rename(staged, path) == 0 else { throw .io(path: path, operation: .rename, code: errno) }
                case ("put", .storeFile):
                    if ownCommit && gone == nil { gone = staged }
                case ("delete", .storeFile(let name)):
                    let path = FileSystem.join(root, name)
                    if unlink(path) != 0 && errno != ENOENT { throw .io(path: path, operation: .remove, code: errno) }
                default:
                    break
                }
            }
            try FileSystem.syncDirectory(root)
        }
        for name in names where name != "COMMIT" { unlink(FileSystem.join(journalDirectory, name)) }
        if unlink(commitPath) == 0 { try FileSystem.syncDirectory(journalDirectory) }
        if let gone { throw .stagedFileGone(path: gone) }
    }

    /// Writes the changed months.
    ///
    /// First the files they replace are kept in a backup (see `Backups`), and months whose bytes would not change
    /// are left alone. Then, one month: a temporary file, fsync, rename over the old one, fsync of the directory.
    /// Several: each is staged complete in `.tx/`, then a journal naming them is written and flushed — the commit
    /// point — and only then are they renamed into place. A crash before the journal leaves every month as it was;
    /// a crash after it is rolled forward by the next command, so either all the months change or none does.
    /// A failure before the commit point removes the backup too, so the store is byte-for-byte as it was.
    ///
    /// Each month's summary is part of the same commit: staged and named in the journal with the months, or, for a
    /// single month, written just after it (not flushed, and a failure there doesn't undo the month). A summary is
    /// used only while it matches its month file's bytes, so a crash at any point can make it unusable, never wrong.
    private func commit(_ transaction: StoreTransaction) throws(StoreError) {
        var changes: [Backups.Change] = []
        for month in transaction.changed.sorted() {
            let items = transaction.cache[month] ?? []
            let bytes = transaction.restored[month] ?? (items.isEmpty ? nil : MonthFileCodec.encode(items, month: month))
            let before = transaction.original[month] ?? nil
            // A month whose bytes would not change is left alone: nothing to write, nothing to back up.
            guard bytes != before else { continue }
            changes.append(
                Backups.Change(
                    month: month, before: before, after: bytes, beforeItems: transaction.counts[month] ?? 0, afterItems: items.count))
        }
        let fileChanges = transaction.files.keys.sorted().compactMap { name -> Backups.FileChange? in
            let after = transaction.files[name] ?? nil
            let before = transaction.originalFiles[name] ?? nil
            return after == before ? nil : Backups.FileChange(name: name, before: before, after: after)
        }
        guard !changes.isEmpty || !fileChanges.isEmpty else { return }
        let backup = try Backups(store: self).keep(changes, files: fileChanges, operation: transaction.operation)
        // Each month's summary, made from its items and stamped with the bytes it describes.
        let files = changes.map { change in
            (
                month: change.month, bytes: change.after,
                summary: change.afterFingerprint.map { fingerprint in
                    let items = transaction.cache[change.month] ?? []
                    return SummaryFileCodec.encode(
                        MonthSummary(month: change.month, items: items), source: fingerprint, days: DaySums(month: change.month, items: items))
                }
            )
        }
        var committed = false
        do { try put(files, others: fileChanges, committed: &committed) } catch {
            if !committed { backup.discard() }
            throw error
        }
        backup.pruneOlder()
    }

    private func put(
        _ changes: [(month: YearMonth, bytes: [UInt8]?, summary: [UInt8]?)], others: [Backups.FileChange], committed: inout Bool
    ) throws(StoreError) {
        if changes.isEmpty, others.count == 1, let file = others.first {
            let path = FileSystem.join(root, file.name)
            if let bytes = file.after {
                try FileSystem.replaceAtomically(path, bytes, replaced: &committed)
            } else {
                guard unlink(path) == 0 || errno == ENOENT else { throw .io(path: path, operation: .remove, code: errno) }
                committed = true
                try FileSystem.syncDirectory(root)
            }
            return
        }
        if others.isEmpty, changes.count == 1, let (month, bytes, summary) = changes.first {
            if let bytes, let summary {
                try FileSystem.replaceAtomically(path(month), bytes, replaced: &committed)
                writeSummary(summary, month)
            } else {
                guard unlink(path(month)) == 0 || errno == ENOENT else {
                    throw .io(path: path(month), operation: .remove, code: errno)
                }
                committed = true
                try FileSystem.syncDirectory(root)
                unlink(summaryPath(month))
            }
            return
        }
        try FileSystem.makeStoreDirectory(journalDirectory)
        var journal = ""
        do {
            for (month, bytes, _) in changes {
                let name = JournalFile.month(month).name
                if let bytes {
                    try FileSystem.writeNewFile(FileSystem.join(journalDirectory, name), bytes)
                    journal += "put \(name)\n"
                } else {
                    journal += "delete \(name)\n"
                }
            }
            for (month, _, summary) in changes {
                let name = JournalFile.summary(month).name
                if let summary {
                    try FileSystem.writeNewFile(FileSystem.join(journalDirectory, name), summary, durable: false)
                    journal += "put \(name)\n"
                } else {
                    journal += "delete \(name)\n"
                }
            }
            for file in others {
                if let bytes = file.after {
                    try FileSystem.writeNewFile(FileSystem.join(journalDirectory, file.name), bytes)
                    journal += "put \(file.name)\n"
                } else {
                    journal += "delete \(file.name)\n"
                }
            }
            try FileSystem.syncDirectory(journalDirectory)
            try FileSystem.replaceAtomically(commitPath, Array(journal.utf8), replaced: &committed)
        } catch {
            // Nothing has been committed: throw the staged files away and leave every month as it was.
            if !committed, let names = try? FileSystem.list(journalDirectory) {
                for name in names { unlink(FileSystem.join(journalDirectory, name)) }
            }
            throw error
        }
        try recover(ownCommit: true)
    }
}

/// A file a commit stages in `.tx/` and names in its journal: a month file (`2024-12.json`, which goes to the
/// store's root), a month's summary (`2024-12.summary.json`, which goes to `.summary/2024-12.json`) or one of the
/// store's other files (`ic-cards.json`, to the store's root). A kakeibo that predates summaries or other files
/// skips the lines it doesn't know, so its recovery still installs the months.
enum JournalFile: Equatable {
    case month(YearMonth)
    case summary(YearMonth)
    case storeFile(String)

    private static let summarySuffix = ".summary.json"

    var name: String {
        switch self {
        case .month(let month): return LedgerStore.fileName(month)
        case .summary(let month): return month.iso + JournalFile.summarySuffix
        case .storeFile(let name): return name
        }
    }

    init?(name: String) {
        if let month = LedgerStore.month(fileName: name) {
            self = .month(month)
        } else if name.hasSuffix(JournalFile.summarySuffix),
            let month = YearMonth.parseISO(String(name.dropLast(JournalFile.summarySuffix.utf8.count)))
        {
            self = .summary(month)
        } else if Backups.isStoreFileName(name) {
            self = .storeFile(name)
        } else {
            return nil
        }
    }
}

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
