import KakeiboStore
import KakeiboValues

/// The household's ledger as something to change: every write of items goes through here, so each rule about
/// writing (new items are pending, a change here to an item the server has marks it edited, the server only
/// appends) lives in one place. Each operation is one transaction under the store's lock, finds items through one
/// id index (`ItemIndex`), and returns an outcome value for the command to render.
public struct Household: Sendable {
    public let store: LedgerStore
    /// The time new items are stamped with (when they were recorded here).
    public let now: Timestamp
    /// The household's categories: matching tells income from spending by them.
    public let taxonomy: Taxonomy
    /// What this household's command last read or wrote of the sync state (`remembering`), or nil.
    private(set) var journalMemo: JournalMemo?

    public init(store: LedgerStore, now: Timestamp, taxonomy: Taxonomy = .standard) {
        self.store = store
        self.now = now
        self.taxonomy = taxonomy
    }

    /// This household for one command that reads and writes the sync state several times (a sync): each read of it
    /// after the command's own last read or write is a comparison of bytes, not a parse.
    func remembering() -> Household {
        var copy = self
        copy.journalMemo = journalMemo ?? JournalMemo()
        return copy
    }

    /// Runs `body` over an index of the store under its lock, then commits what it touched; returns its result and
    /// the months whose items changed.
    /// `operation`, when given, is what the change's backup records instead of the command's.
    func change<T>(operation: StoreOperation? = nil, _ body: (inout ItemIndex) throws -> T) throws -> (result: T, changed: [YearMonth]) {
        try store.write { transaction in
            var index = ItemIndex(transaction)
            let result = try body(&index)
            let finished = try index.finish()
            transaction = finished.transaction
            if let operation { transaction.operation = operation }
            return (result, finished.changed)
        }
    }

    /// A change worked out over the store as it stands and never written (no directory, no lock): what a dry run
    /// reports.
    func preview<T>(_ body: (inout ItemIndex) throws -> T) throws -> T {
        var index = ItemIndex(store.preview())
        return try body(&index)
    }

    /// The one stored item an id (or a unique start of one) names, read into the index. The id is looked up under
    /// the lock, so a concurrent edit can't move it away between finding and writing.
    func find(_ id: String, in index: inout ItemIndex) throws -> Item {
        let matches = try index.find(id)
        guard let match = matches.first else { throw HouseholdError.noSuchItem(id) }
        guard matches.count == 1 else { throw HouseholdError.ambiguousItem(id, matches: matches.map(\.item.id)) }
        try index.load(match.month)
        return match.item
    }
}

/// Why a change was refused; the command line words it (and picks the exit code).
public enum HouseholdError: Error, Equatable, Sendable {
    /// No stored id is, or starts with, this text.
    case noSuchItem(String)
    /// Several stored ids start with this text.
    case ambiguousItem(String, matches: [String])
    /// The household server has this item and only appends, so deleting it here alone would be undone by the next
    /// pull.
    case onServer(Item)
}
