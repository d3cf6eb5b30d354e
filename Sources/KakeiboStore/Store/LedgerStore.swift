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
            month, empty: DaySums(), stored: { LedgerStore.storedDays($0, month) },
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
        guard let (bytes, current) = try read(month, stored: stored) else { return empty }
        let (summary, value): (MonthSummary, Value)
        if let current { (summary, value) = current } else { (summary, value) = worked(try decode(bytes, month)) }
        _ = try LedgerStore.checked(summary, path: path(month))
        return value
    }

    /// A month file's bytes, and what its summary file gives (`stored`) when the summary was made from exactly those
    /// bytes; nil for a month without a file. A summary is a shortcut: one that can't be read, or whose directory is
    /// a link, is passed over.
    private func read<Value>(_ month: YearMonth, stored: ([UInt8]) -> (MonthSummary, Fingerprint, Value)?) throws(StoreError) -> (
        bytes: [UInt8], current: (MonthSummary, Value)?
    )? {
        guard let bytes = try FileSystem.read(path(month)) else { return nil }
        guard FileSystem.kind(summaryDirectory) != .symbolicLink, let file = (try? FileSystem.read(summaryPath(month))) ?? nil,
            let (summary, source, value) = stored(file), source == Fingerprint(of: bytes)
        else { return (bytes, nil) }
        return (bytes, (summary, value))
    }

    /// The items of a month dated on `days`, and the month's sums day by day: what a period that covers part of the
    /// month (a month from payday) reads of it. When the month's summary was made from exactly the file's current
    /// bytes, the items on other days are stepped over unbuilt — kakeibo wrote and checked them, and the summary holds
    /// their sums; else every item is read and checked, as `items(in:)` does.
    public func items(in month: YearMonth, days: ClosedRange<Int>) throws(StoreError) -> (items: [Item], sums: DaySums) {
        try finishInterruptedCommit()
        guard let (bytes, current) = try read(month, stored: { LedgerStore.storedDays($0, month) }) else { return ([], DaySums()) }
        guard let (summary, sums) = current else {
            let items = try decode(bytes, month)
            _ = try LedgerStore.checked(MonthSummary(month: month, items: items), path: path(month))
            return (items.filter { days.contains($0.date.day) }, DaySums(month: month, items: items))
        }
        _ = try LedgerStore.checked(summary, path: path(month))
        do { return (try MonthFileCodec.decode(bytes, month: month, days: days), sums) } catch {
            throw .unreadable(path: path(month), problem: error)
        }
    }

    /// A summary file's sums, the fingerprint of the month file it was made from, and its days (nil for one without).
    private static func storedDays(_ file: [UInt8], _ month: YearMonth) -> (MonthSummary, Fingerprint, DaySums)? {
        SummaryFileCodec.decodeWithDays(file, month: month).map { ($0.summary, $0.source, $0.days) }
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

    /// Finds the items whose id is `text`, or failing that starts with it, or is or starts with it after a source's
    /// prefix (`TypedID`), by scanning the raw bytes of every month file first and parsing only the files that
    /// contain it.
    public func find(id text: String) throws(StoreError) -> [(month: YearMonth, item: Item)] {
        try finishInterruptedCommit()
        return try scan(for: text)
    }

    /// `find` without the recovery check, for use under the lock (which has already recovered).
    func scan(for text: String) throws(StoreError) -> [(month: YearMonth, item: Item)] {
        var needle = JSONWriter()
        needle.string(text)
        let escaped = Array(needle.bytes.dropFirst().dropLast()) // the id, escaped as we write it
        // The id's start follows the opening quote; after a source's prefix, its colon.
        let starts = [[UInt8(ascii: "\"")] + escaped, [UInt8(ascii: ":")] + escaped]
        var found: [(match: TypedID, value: (month: YearMonth, item: Item))] = []
        for month in try months() {
            guard let bytes = try FileSystem.read(path(month)), starts.contains(where: { contains(bytes, $0) }) else { continue }
            for item in try decode(bytes, month) {
                if let match = TypedID.match(text, item.id) { found.append((match, (month, item))) }
            }
        }
        return TypedID.best(found)
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
}
