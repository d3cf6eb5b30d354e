import KakeiboValues

/// The household server's rows the last pull set aside (`.sync/set-aside.json`), so `kakeibo check` can list them
/// until a later look at their month no longer sees them. A report, not data: an unreadable file reads as empty.
public struct SetAsideFile: Sendable {
    public let store: LedgerStore

    public init(store: LedgerStore) { self.store = store }

    /// One row set aside: its id (if it has one), the month it came with, and why, in both languages.
    public struct Entry: Sendable, Equatable {
        public var id: String?
        public var month: YearMonth
        public var reason: LocalizedText

        public init(id: String?, month: YearMonth, reason: LocalizedText) {
            self.id = id
            self.month = month
            self.reason = reason
        }
    }

    public var path: String { FileSystem.join(FileSystem.join(store.root, ".sync"), "set-aside.json") }

    public func read() -> [Entry] {
        guard FileSystem.kind(FileSystem.parentDirectory(path)) != .symbolicLink, let bytes = (try? FileSystem.read(path)) ?? nil,
            let value = try? JSONValue.parse(bytes),
            let rows = value["rows"]?.arrayValue
        else { return [] }
        return rows.compactMap { row in
            guard let month = row["month"]?.stringValue.flatMap(YearMonth.parseISO), let en = row["reason"]?.stringValue else {
                return nil
            }
            return Entry(id: row["id"]?.stringValue, month: month, reason: LocalizedText(en: en, ja: row["reason_ja"]?.stringValue ?? en))
        }
    }

    /// Replaces the entries of the months just read from the server with what they set aside now; the other
    /// months' entries stay. Written atomically under the store's lock.
    public func replace(months: [YearMonth], with entries: [Entry]) throws(StoreError) {
        guard store.exists else { return }
        let lock = try StoreLock(writing: store)
        defer { lock.release() }
        let seen = Set(months)
        let kept = read().filter { !seen.contains($0.month) } + entries
        if kept.isEmpty {
            if FileSystem.exists(path) { unlink(path) }
            return
        }
        let rows: [JSONValue] = kept.map { entry in
            .object([
                ("id", entry.id.map(JSONValue.string) ?? .null), ("month", .string(entry.month.iso)),
                ("reason", .string(entry.reason.en)), ("reason_ja", .string(entry.reason.ja)),
            ])
        }
        var writer = JSONWriter()
        JSONValue.object([("schema", .integer(1)), ("rows", .array(rows))]).write(to: &writer)
        writer.raw("\n")
        try FileSystem.makeStoreDirectory(FileSystem.join(store.root, ".sync"))
        try FileSystem.replaceAtomically(path, writer.bytes)
    }
}
