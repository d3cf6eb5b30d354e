import KakeiboValues

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
    /// The fingerprint of each file the backups touch (by name in the store's directory), now (nil: no file).
    let current: [String: Fingerprint?]
    /// Backups whose manifest can't be read (number, manifest path): `undo` never passes over one to an older change.
    let unreadable: [(number: Int, path: String)]
    public typealias Entry = Backups.Entry

    init(store: LedgerStore, entries: [Entry], current: [String: Fingerprint?], unreadable: [(number: Int, path: String)] = []) {
        self.store = store
        self.entries = entries
        self.current = current
        self.unreadable = unreadable
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

    /// Whether a change never reached its commit point: each of its files was, afterwards — in the next backup
    /// that touched the file, or in the store if none did — still as it was before, not as the change left it.
    /// (A file that is neither was changed by something the backups don't hold: the change did happen.)
    func neverHappened(_ entry: Entry) -> Bool {
        entry.slots.allSatisfy { record in
            let later = entries.first { $0.number > entry.number && $0.slots.contains { $0.name == record.name } }
            let next = later.map { $0.slots.first { $0.name == record.name }?.before } ?? current[record.name] ?? nil
            return next == record.before && next != record.after
        }
    }

    /// Whether a change is only partly in the store: of the months no later backup touched, some are as it left
    /// them and some still as they were before it (its commit lost files on the way, say, because something
    /// removed them).
    func isPartlyApplied(_ entry: Entry) -> Bool {
        let last = entry.slots.filter { record in
            !entries.contains { $0.number > entry.number && $0.slots.contains { $0.name == record.name } }
        }
        let applied = last.contains { (current[$0.name] ?? nil) == $0.after }
        let missed = last.contains { record in
            let now = current[record.name] ?? nil
            return now == record.before && now != record.after
        }
        return applied && missed
    }

    /// The backups passed over (never happened) between `number` and the newest.
    package func interrupted(after number: Int) -> [Entry] {
        let states = self.states
        return entries.filter { $0.number > number && states[$0.number] == .interrupted }
    }

    /// The latest change in effect that is neither an undo nor a sync's: what `undo` puts back in a store that syncs.
    public var nextOwn: Entry? {
        let states = self.states
        return entries.last { states[$0.number] == .inEffect && $0.operation.undoes == nil && !$0.operation.isSync }
    }

    /// The bytes a change left a month with: the month now if no change touched it since, else what the next change
    /// to touch it kept of it (nil: no file). Refused when neither is as the change left it.
    package func leftBy(_ entry: Entry, _ record: Backups.MonthRecord, _ backups: Backups) throws -> [UInt8]? {
        guard let after = record.after else { return nil }
        let name = LedgerStore.fileName(record.month)
        if (current[name] ?? nil) == after.fingerprint { return try FileSystem.read(FileSystem.join(store.root, name)) }
        for later in entries where later.number > entry.number {
            guard let next = later.months.first(where: { $0.month == record.month }) else { continue }
            guard next.before?.fingerprint == after.fingerprint else { break }
            return try backups.kept(next, of: later)
        }
        throw UndoError.changedSince(number: entry.number, path: FileSystem.join(store.root, name), by: nil)
    }

    /// The backup to put back: `number`, or the next one; only if every file it touched is still as it left it.
    func target(_ number: Int?) throws(UndoError) -> Entry {
        let entry = try chosen(number)
        for record in entry.slots where (current[record.name] ?? nil) != record.after {
            let states = self.states
            let since = entries.last {
                $0.number > entry.number && states[$0.number] == .inEffect && $0.slots.contains { $0.name == record.name }
            }
            throw .changedSince(
                number: entry.number, path: FileSystem.join(store.root, record.name), by: since.map { ($0.number, $0.operation) })
        }
        return entry
    }

    /// The backup `number`, or the next one, if it can be undone at all (it exists, is readable, happened, and is not
    /// undone already). `own`: without a number, the latest that is not a sync's (`nextOwn`).
    package func chosen(_ number: Int?, own: Bool = false) throws(UndoError) -> Entry {
        let entry: Entry
        if let number, let bad = unreadable.first(where: { $0.number == number }) {
            throw .unreadable(number: number, path: bad.path)
        }
        if let number {
            guard let found = entries.first(where: { $0.number == number }) else { throw .noSuchBackup(number) }
            switch states[number] {
            case .undone(let by): throw .alreadyUndone(number: number, by: by)
            case .interrupted: throw .interrupted(number: number)
            default: entry = found
            }
        } else {
            // A newer backup that can't be read may be the latest change: undoing an older one instead would skip it.
            let next = own ? nextOwn ?? self.next : self.next
            if let bad = unreadable.last, bad.number > next?.number ?? 0 { throw .unreadable(number: bad.number, path: bad.path) }
            guard let found = next else { throw .nothingToUndo }
            entry = found
        }
        return entry
    }
}
