import KakeiboValues

/// The store's backups: before a change replaces month files, the exact bytes they had (and which of them did not
/// exist) are kept in `backups/000042/`, with a `manifest.json` saying what the change was and the fingerprint of
/// each file before and after it. The last 20 changes are kept; `kakeibo undo` puts one back. A kept file is a hard
/// link to the month file it was (a copy where links aren't possible), so keeping it costs no copying.
///
/// The store's own other files — `budgets.json`, `fixed.json`, `notes.json` — are kept the same way whenever one
/// is replaced (see `LedgerStore.updateFile`), under the same numbers, so `undo` puts back the newest change
/// whatever file it touched. Settings (`config set`) live outside the store and are not backed up.
///
/// Every change of month files is backed up — add and edit too — so undoing is always "the last change", never an
/// older one behind a newer change's back. A backup is written (and flushed) before the change's commit point, and
/// removed again if the change fails before it, so a failed command leaves the store byte-for-byte as it was.
public struct Backups: Sendable {
    /// How many changes are kept; older backups are removed, oldest first, after each change.
    public static let kept = 20
    public static let directoryName = "backups"
    static let manifestName = "manifest.json"
    static let schemaVersion = 3

    public let store: LedgerStore

    public init(store: LedgerStore) { self.store = store }

    public var directory: String { FileSystem.join(store.root, Backups.directoryName) }

    func entryDirectory(_ number: Int) -> String { FileSystem.join(directory, Backups.directoryLabel(number)) }

    /// A backup's directory name: its number with at least six digits ("000042").
    static func directoryLabel(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// A month file as a backup records it: its exact bytes' fingerprint and how many items it held.
    public struct FileRecord: Sendable, Equatable {
        public var fingerprint: Fingerprint
        public var items: Int
    }

    /// One month a change touched: the file before it and after it (nil where there was no file).
    public struct MonthRecord: Sendable, Equatable {
        public var month: YearMonth
        public var before: FileRecord?
        public var after: FileRecord?
    }

    /// One of the store's own files beside the months (`budgets.json`…) a change touched: its fingerprint before
    /// and after (nil where there was no file).
    public struct StoreFileRecord: Sendable, Equatable {
        public var name: String
        public var before: Fingerprint?
        public var after: Fingerprint?
    }

    /// One backed-up change.
    public struct Entry: Sendable, Equatable {
        public var number: Int
        public var operation: StoreOperation
        public var months: [MonthRecord]
        /// The store's other files it touched (none before schema 3).
        public var files: [StoreFileRecord] = []

        /// Every file it touched, by name in the store's directory: months and others alike.
        var slots: [(name: String, before: Fingerprint?, after: Fingerprint?)] {
            months.map { (LedgerStore.fileName($0.month), $0.before?.fingerprint, $0.after?.fingerprint) }
                + files.map { ($0.name, $0.before, $0.after) }
        }
    }

    /// Whether `name` can be one of the store's own files a backup keeps: a plain `.json` name in the store's
    /// directory that is not a month's (so a manifest can never name a file elsewhere).
    static func isStoreFileName(_ name: String) -> Bool {
        name.hasSuffix(".json") && !name.hasPrefix(".") && !name.contains("/") && name != manifestName
            && LedgerStore.month(fileName: name) == nil
    }

    // MARK: Reading

    /// Every complete backup, oldest first. A manifest that can't be read is passed over (`check` reports it).
    public func entries() throws(StoreError) -> [Entry] { try scan().entries }

    /// Every complete backup, oldest first, and the numbers of those whose manifest exists but can't be read or
    /// isn't one this kakeibo writes. (A backup without a manifest never finished: it is neither.)
    func scan() throws(StoreError) -> (entries: [Entry], unreadable: [Int]) {
        var entries: [Entry] = []
        var unreadable: [Int] = []
        for number in try numbers().sorted() {
            let bytes: [UInt8]
            do {
                guard let read = try FileSystem.read(manifestPath(number)) else { continue }
                bytes = read
            } catch {
                unreadable.append(number)
                continue
            }
            guard let entry = BackupManifest.decode(bytes), entry.number == number else {
                unreadable.append(number)
                continue
            }
            entries.append(entry)
        }
        return (entries, unreadable)
    }

    func manifestPath(_ number: Int) -> String { FileSystem.join(entryDirectory(number), Backups.manifestName) }

    /// Where each backup stands now, and which one `undo` would put back. Reads the months the backups touch.
    public func history() throws(StoreError) -> BackupHistory {
        let (entries, unreadable) = try scan()
        var current: [String: Fingerprint?] = [:]
        for name in Set(entries.flatMap { $0.slots.map(\.name) }) {
            // A file that can't be read now (a link, a FIFO: refused) matches no backup: a change of it can't be
            // undone, but one of the other files still can.
            do { current[name] = try FileSystem.read(FileSystem.join(store.root, name)).map(Fingerprint.init(of:)) } catch {
                switch error {
                case .notAFile, .fileTooLarge: current[name] = .some(Fingerprint(byteCount: -1, hash: 0))
                default: throw error
                }
            }
        }
        return BackupHistory(store: store, entries: entries, current: current, unreadable: unreadable.map { ($0, manifestPath($0)) })
    }

    /// `history()` under the store's lock, so that no change is half-way through.
    public func readHistory() throws -> BackupHistory { try store.readingLocked { try history() } }

    /// The bytes a backup kept of one of the store's other files, checked against its record.
    package func kept(_ record: StoreFileRecord, of entry: Entry) throws -> [UInt8]? {
        guard let before = record.before else { return nil }
        let path = FileSystem.join(entryDirectory(entry.number), record.name)
        guard let bytes = try FileSystem.read(path), Fingerprint(of: bytes) == before else {
            throw UndoError.damaged(number: entry.number, path: path)
        }
        return bytes
    }

    /// The bytes a backup kept of a month, checked against its record.
    package func kept(_ record: MonthRecord, of entry: Entry) throws -> [UInt8]? {
        guard let before = record.before else { return nil }
        let path = FileSystem.join(entryDirectory(entry.number), LedgerStore.fileName(record.month))
        guard let bytes = try FileSystem.read(path), Fingerprint(of: bytes) == before.fingerprint else {
            throw UndoError.damaged(number: entry.number, path: path)
        }
        return bytes
    }
}
