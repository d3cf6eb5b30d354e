#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a change to the store is, for its backup: the command that made it and when; an undo also names the backup
/// it put back.
public struct StoreOperation: Sendable, Equatable {
    public var name: String
    public var time: Timestamp
    public var undoes: Int?

    public init(name: String, time: Timestamp, undoes: Int? = nil) {
        self.name = name
        self.time = time
        self.undoes = undoes
    }

    /// "import", or "undo of #12".
    public func describe(_ language: Language) -> String {
        undoes.map { language.pick("undo of #\($0)", "#\($0) の取り消し") } ?? name
    }
}

/// The store's backups: before a change replaces month files, the exact bytes they had (and which of them did not
/// exist) are kept in `backups/000042/`, with a `manifest.json` saying what the change was and the fingerprint of
/// each file before and after it. The last 20 changes are kept; `kakeibo undo` puts one back. A kept file is a hard
/// link to the month file it was (a copy where links aren't possible), so keeping it costs no copying.
///
/// Every change of month files is backed up — add and edit too — so undoing is always "the last change", never an
/// older one behind a newer change's back. A backup is written (and flushed) before the change's commit point, and
/// removed again if the change fails before it, so a failed command leaves the store byte-for-byte as it was.
public struct Backups: Sendable {
    /// How many changes are kept; older backups are removed, oldest first, after each change.
    public static let kept = 20
    public static let directoryName = "backups"
    static let manifestName = "manifest.json"
    static let schemaVersion = 1

    public let store: LedgerStore

    public init(store: LedgerStore) { self.store = store }

    public var directory: String { FileSystem.join(store.root, Backups.directoryName) }

    func entryDirectory(_ number: Int) -> String {
        let digits = String(number)
        return FileSystem.join(directory, String(repeating: "0", count: max(0, 6 - digits.count)) + digits)
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

    /// One backed-up change.
    public struct Entry: Sendable, Equatable {
        public var number: Int
        public var operation: StoreOperation
        public var months: [MonthRecord]
    }

    // MARK: Keeping

    /// A backup written for a change that has not committed yet.
    struct Pending {
        let backups: Backups
        let number: Int

        /// The change failed before its commit point: the backup goes too.
        func discard() {
            backups.remove(number)
            try? FileSystem.syncDirectory(backups.directory)
        }

        /// The change committed: drop the backups beyond the last `kept`.
        func pruneOlder() { backups.prune() }
    }

    /// One month a commit changes: its file's bytes before and after (nil: no file) and its item counts.
    struct Change {
        let month: YearMonth
        let before: [UInt8]?
        let after: [UInt8]?
        let beforeItems: Int
        let afterItems: Int
        /// Worked out once: the manifest records it, and the month's summary is stamped with it.
        let afterFingerprint: Fingerprint?

        init(month: YearMonth, before: [UInt8]?, after: [UInt8]?, beforeItems: Int, afterItems: Int) {
            self.month = month
            self.before = before
            self.after = after
            self.beforeItems = beforeItems
            self.afterItems = afterItems
            afterFingerprint = after.map(Fingerprint.init(of:))
        }
    }

    /// Keeps the files `changes` will replace, before anything is written. Called under the lock.
    func keep(_ changes: [Change], operation: StoreOperation?) throws(StoreError) -> Pending {
        let records = changes.map { change in
            MonthRecord(
                month: change.month, before: change.before.map { FileRecord(fingerprint: Fingerprint(of: $0), items: change.beforeItems) },
                after: change.afterFingerprint.map { FileRecord(fingerprint: $0, items: change.afterItems) })
        }
        let created = !FileSystem.isDirectory(directory)
        try FileSystem.makeDirectories(directory)
        let number = try nextNumber()
        let entry = Entry(number: number, operation: operation ?? StoreOperation(name: "write", time: .now()), months: records)
        let path = entryDirectory(number)
        do {
            try FileSystem.makeDirectories(path)
            for change in changes {
                guard let bytes = change.before else { continue }
                // A second name for the month file as it stands: kakeibo only ever replaces a month file by rename,
                // never writes into it, so these bytes stay as they are, at no cost however large the month. (An
                // editor writing into the file in place would change them: `undo` checks them before using them.)
                let kept = FileSystem.join(path, LedgerStore.fileName(change.month))
                if link(store.path(change.month), kept) != 0 { try FileSystem.writeNewFile(kept, bytes) }
            }
            // The manifest last: a backup without one was interrupted, and is never used.
            try FileSystem.writeNewFile(FileSystem.join(path, Backups.manifestName), BackupManifest.encode(entry))
            try FileSystem.syncDirectory(path)
            try FileSystem.syncDirectory(directory)
        } catch {
            remove(number)
            if created { rmdir(directory) }
            throw error
        }
        return Pending(backups: self, number: number)
    }

    /// The number the next backup gets: one more than any backup directory's, complete or not.
    func nextNumber() throws(StoreError) -> Int { (try numbers().max() ?? 0) + 1 }

    /// The numbers of the backup directories.
    private func numbers() throws(StoreError) -> [Int] {
        (try FileSystem.list(directory) ?? []).compactMap { name in
            name.utf8.count >= 6 && name.utf8.count <= 18 && name.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } ? Int(name) : nil
        }
    }

    /// Removes a backup: its manifest first, so that a removal cut short leaves a backup that is never used.
    private func remove(_ number: Int) {
        let path = entryDirectory(number)
        unlink(FileSystem.join(path, Backups.manifestName))
        for name in (try? FileSystem.list(path)) ?? [] { unlink(FileSystem.join(path, name)) }
        rmdir(path)
    }

    /// Keeps the newest `kept` backup directories and removes the rest, oldest first. (One a crash left unfinished
    /// is never used, and goes when its number comes.) Failures are ignored: a backup too many is harmless.
    private func prune() {
        guard let numbers = try? numbers().sorted(by: >), numbers.count > Backups.kept else { return }
        for number in numbers[Backups.kept...].reversed() { remove(number) }
    }

    // MARK: Reading

    /// Every complete backup, oldest first. A manifest that can't be read is passed over (`check` reports it).
    public func entries() throws(StoreError) -> [Entry] {
        var entries: [Entry] = []
        for number in try numbers().sorted() {
            guard let bytes = try? FileSystem.read(FileSystem.join(entryDirectory(number), Backups.manifestName)),
                let entry = BackupManifest.decode(bytes), entry.number == number
            else { continue }
            entries.append(entry)
        }
        return entries
    }

    /// Where each backup stands now, and which one `undo` would put back. Reads the months the backups touch.
    public func history() throws(StoreError) -> BackupHistory {
        let entries = try self.entries()
        var current: [YearMonth: Fingerprint?] = [:]
        for month in Set(entries.flatMap { $0.months.map(\.month) }) {
            current[month] = try FileSystem.read(store.path(month)).map(Fingerprint.init(of:))
        }
        return BackupHistory(store: store, entries: entries, current: current)
    }

    /// `history()` under the store's lock, so that no change is half-way through.
    public func readHistory() throws -> BackupHistory { try store.readingLocked { try history() } }

    /// The bytes a backup kept of a month, checked against its record.
    func kept(_ record: MonthRecord, of entry: Entry) throws -> [UInt8]? {
        guard let before = record.before else { return nil }
        let path = FileSystem.join(entryDirectory(entry.number), LedgerStore.fileName(record.month))
        guard let bytes = try FileSystem.read(path), Fingerprint(of: bytes) == before.fingerprint else {
            throw UndoError.damaged(number: entry.number, path: path)
        }
        return bytes
    }

    // MARK: Undoing

    /// Puts back the files a change replaced — backup `number`, or else the latest change still in effect — under
    /// the store's lock, every month or none. The undo is itself a change, backed up like any other, so it can be
    /// undone in turn (`undo N` with its number). Refused, changing nothing, if a month has changed since in a way
    /// the backups don't hold.
    public func undo(_ number: Int?, time: Timestamp) throws -> UndoOutcome {
        try store.write { transaction in
            let history = try self.history()
            let entry = try history.target(number)
            var outcome = UndoOutcome(entry: entry, backup: try nextNumber())
            outcome.passedOver = number == nil ? history.interrupted(after: entry.number) : []
            for record in entry.months {
                try transaction.restore(try kept(record, of: entry), in: record.month)
            }
            var operation = store.operation ?? StoreOperation(name: "undo", time: time)
            operation.undoes = entry.number
            transaction.operation = operation
            return outcome
        }
    }

    // MARK: Checking

    /// Backups that could not be put back: a manifest that can't be read, or a kept file that isn't what it recorded.
    func check() throws(StoreError) -> [StoreProblem] {
        var problems: [StoreProblem] = []
        let entries = try self.entries()
        for number in try numbers().sorted() where !entries.contains(where: { $0.number == number }) {
            let manifest = FileSystem.join(entryDirectory(number), Backups.manifestName)
            guard FileSystem.exists(manifest) else { continue } // never finished: removed by the next change
            problems.append(StoreProblem(.warning, manifest, .backup(.unreadable(number: number))))
        }
        for entry in entries {
            for record in entry.months {
                do { _ = try kept(record, of: entry) } catch UndoError.damaged(let number, let path) {
                    problems.append(StoreProblem(.warning, path, .backup(.damaged(number: number))))
                } catch {
                    problems.append(StoreProblem(.warning, entryDirectory(entry.number), .backup(.damaged(number: entry.number))))
                }
            }
        }
        return problems
    }
}

/// The backups and the store's months as they stand: which changes are in effect, undone or never happened.
public struct BackupHistory: Sendable {
    public enum State: Sendable, Equatable {
        /// The change happened and has not been undone.
        case inEffect
        /// A later undo (this number) put it back.
        case undone(by: Int)
        /// The command was interrupted before its commit point: the change never happened.
        case interrupted
    }

    public let store: LedgerStore
    public let entries: [Entry]
    /// The fingerprint of each month file the backups touch, now (nil: no file).
    let current: [YearMonth: Fingerprint?]
    public typealias Entry = Backups.Entry

    init(store: LedgerStore, entries: [Entry], current: [YearMonth: Fingerprint?]) {
        self.store = store
        self.entries = entries
        self.current = current
    }

    /// No backups (a store that doesn't exist yet).
    public static func empty(_ store: LedgerStore) -> BackupHistory { BackupHistory(store: store, entries: [], current: [:]) }

    /// Each backup's state, by number.
    public var states: [Int: State] {
        var states: [Int: State] = [:]
        for entry in entries.reversed() where states[entry.number] == nil {
            if neverHappened(entry) {
                states[entry.number] = .interrupted
                continue
            }
            states[entry.number] = .inEffect
            if let undone = entry.operation.undoes, entries.contains(where: { $0.number == undone }) {
                states[undone] = .undone(by: entry.number)
            }
        }
        return states
    }

    /// The backup `undo` puts back without a number: the latest change in effect that isn't itself an undo.
    public var next: Entry? {
        let states = self.states
        return entries.last { states[$0.number] == .inEffect && $0.operation.undoes == nil }
    }

    /// Whether a change never reached its commit point: each of its months was, afterwards — in the next backup
    /// that touched the month, or in the store if none did — still as it was before, not as the change left it.
    /// (A month that is neither was changed by something the backups don't hold: the change did happen.)
    func neverHappened(_ entry: Entry) -> Bool {
        entry.months.allSatisfy { record in
            let later = entries.first { $0.number > entry.number && $0.months.contains { $0.month == record.month } }
            let next = later.map { $0.months.first { $0.month == record.month }?.before?.fingerprint } ?? current[record.month] ?? nil
            return next == record.before?.fingerprint && next != record.after?.fingerprint
        }
    }

    /// The backups passed over (never happened) between `number` and the newest.
    func interrupted(after number: Int) -> [Entry] {
        let states = self.states
        return entries.filter { $0.number > number && states[$0.number] == .interrupted }
    }

    /// The backup to put back: `number`, or the next one; only if every month it touched is still as it left it.
    func target(_ number: Int?) throws(UndoError) -> Entry {
        let entry: Entry
        if let number {
            guard let found = entries.first(where: { $0.number == number }) else { throw .noSuchBackup(number) }
            switch states[number] {
            case .undone(let by): throw .alreadyUndone(number: number, by: by)
            case .interrupted: throw .interrupted(number: number)
            default: entry = found
            }
        } else {
            guard let found = next else { throw .nothingToUndo }
            entry = found
        }
        for record in entry.months where (current[record.month] ?? nil) != record.after?.fingerprint {
            let states = self.states
            let since = entries.last {
                $0.number > entry.number && states[$0.number] == .inEffect && $0.months.contains { $0.month == record.month }
            }
            throw .changedSince(number: entry.number, path: store.path(record.month), by: since.map { ($0.number, $0.operation) })
        }
        return entry
    }
}

/// What `undo` did.
public struct UndoOutcome: Sendable {
    /// The backup put back.
    public var entry: Backups.Entry
    /// The number of the undo's own backup (`undo` with it puts the change back again).
    public var backup: Int
    /// Later backups of changes that never happened (their commands were interrupted), passed over.
    public var passedOver: [Backups.Entry] = []
}

/// Why `undo` put nothing back (exit 1; the store is unchanged).
public enum UndoError: KakeiboFailure, Equatable {
    case nothingToUndo
    case noSuchBackup(Int)
    case alreadyUndone(number: Int, by: Int)
    case interrupted(number: Int)
    /// A month the change touched is no longer as the change left it; `by` is the later change that did it, if known.
    case changedSince(number: Int, path: String, by: (number: Int, operation: StoreOperation)?)
    case damaged(number: Int, path: String)

    public static func == (a: UndoError, b: UndoError) -> Bool { a.message(in: .en) == b.message(in: .en) }

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        let nothing = language.pick("nothing was restored", "何も戻していません")
        switch self {
        case .nothingToUndo:
            return language.pick(
                "no change to undo: the backups hold none still in effect", "取り消せる変更がありません")
        case .noSuchBackup(let number):
            return language.pick("no backup #\(number)", "バックアップ #\(number) はありません")
        case .alreadyUndone(let number, let by):
            return language.pick("#\(number) was already undone by #\(by)", "#\(number) は #\(by) で取り消し済みです")
        case .interrupted(let number):
            return language.pick(
                "#\(number) never happened (its command was interrupted before changing anything): \(nothing)",
                "#\(number) は実行されていません（コマンドが変更前に中断されました）。\(nothing)")
        case .changedSince(let number, let path, let by):
            if let by {
                let what = by.operation.describe(language)
                return language.pick(
                    "\(path) has changed since #\(number), by #\(by.number) (\(what)): undo #\(by.number) first; \(nothing)",
                    "#\(number) の後に #\(by.number)（\(what)）が \(path) を変更しています。先に #\(by.number) を取り消してください。\(nothing)")
            }
            return language.pick(
                "\(path) has changed since #\(number) in a way the backups don't hold (edited by hand?): \(nothing)",
                "#\(number) の後に \(path) がバックアップにない形で変更されています（手で編集しましたか？）。\(nothing)")
        case .damaged(let number, let path):
            return language.pick(
                "backup #\(number) is damaged: \(path) is not the file it recorded; \(nothing)",
                "バックアップ #\(number) が壊れています: \(path) が記録と一致しません。\(nothing)")
        }
    }
}

/// A backup `check` found unusable (a warning: the store itself is fine).
public enum BackupProblem: Sendable, Equatable {
    case unreadable(number: Int)
    case damaged(number: Int)

    public func message(in language: Language) -> String {
        switch self {
        case .unreadable(let number):
            return language.pick("backup #\(number)'s record can't be read: it can't be undone", "バックアップ #\(number) の記録を読めないため、取り消しに使えません")
        case .damaged(let number):
            return language.pick(
                "backup #\(number) doesn't hold the file it recorded: it can't be undone", "バックアップ #\(number) のファイルが記録と一致しないため、取り消しに使えません")
        }
    }
}

/// A backup's `manifest.json`:
///
///     {"schema":1,"number":42,"operation":"import","time":"2024-12-15T09:00:00.000Z","undoes":null,"months":[
///     {"month":"2024-12","before":{"bytes":745,"xxh64":"…","items":3},"after":{"bytes":1210,"xxh64":"…","items":5}}
///     ]}
enum BackupManifest {
    static func encode(_ entry: Backups.Entry) -> [UInt8] {
        func file(_ record: Backups.FileRecord?) -> JSONValue {
            guard let record else { return .null }
            return .object([
                ("bytes", .integer(record.fingerprint.byteCount)), ("xxh64", .string(record.fingerprint.hex)),
                ("items", .integer(record.items)),
            ])
        }
        let value = JSONValue.object([
            ("schema", .integer(Backups.schemaVersion)), ("number", .integer(entry.number)),
            ("operation", .string(entry.operation.name)), ("time", .string(entry.operation.time.iso)),
            ("undoes", entry.operation.undoes.map { .integer($0) } ?? .null),
            (
                "months",
                .array(entry.months.map { .object([("month", .string($0.month.iso)), ("before", file($0.before)), ("after", file($0.after))]) })
            ),
        ])
        var writer = JSONWriter()
        value.write(to: &writer)
        writer.raw("\n")
        return writer.bytes
    }

    /// The entry, or nil for anything that isn't exactly a manifest this kakeibo writes.
    static func decode(_ bytes: [UInt8]) -> Backups.Entry? {
        guard let root = try? JSONValue.parse(bytes), root["schema"]?.intValue == Backups.schemaVersion,
            let number = root["number"]?.intValue, let name = root["operation"]?.stringValue,
            let time = root["time"]?.stringValue.flatMap(Timestamp.parse), let list = root["months"]?.arrayValue
        else { return nil }
        let undoes: Int?
        switch root["undoes"] {
        case .integer(let value): undoes = value
        case .null: undoes = nil
        default: return nil
        }
        func file(_ value: JSONValue?) -> Backups.FileRecord?? {
            if value == .null { return .some(nil) }
            guard let value, let count = value["bytes"]?.intValue, let hex = value["xxh64"]?.stringValue,
                hex.utf8.count == 16, let hash = UInt64(hex, radix: 16), let items = value["items"]?.intValue
            else { return nil }
            return .some(Backups.FileRecord(fingerprint: Fingerprint(byteCount: count, hash: hash), items: items))
        }
        var months: [Backups.MonthRecord] = []
        for value in list {
            guard let text = value["month"]?.stringValue, let month = YearMonth.parseISO(text),
                case .some(let before) = file(value["before"]), case .some(let after) = file(value["after"])
            else { return nil }
            months.append(Backups.MonthRecord(month: month, before: before, after: after))
        }
        return Backups.Entry(number: number, operation: StoreOperation(name: name, time: time, undoes: undoes), months: months)
    }
}
