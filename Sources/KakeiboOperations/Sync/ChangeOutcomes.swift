import KakeiboStore
import KakeiboValues

/// What applying a `changes` answer did.
public struct ChangesOutcome: Sendable, Equatable {
    public var applied = 0
    /// The changes applied (or found there already), by kind.
    public var appliedKinds: [OutgoingChange.Kind: Int] = [:]
    /// New conflicts.
    public var conflicts: [Conflict] = []
    /// Changes the server refused as malformed (code), not sent again in this form.
    public var rejected: [(id: String, code: String)] = []
    /// Items that have a change to send now that these answers came (changed or deleted here while they were
    /// unanswered, or refused only for a base this store had lost): another round.
    public var followUps = 0
    /// Changes refused as stale only because the sync state that knew their base was lost: sent again on the
    /// server's revision (see `lastSynced`).
    public var rebased = 0
    /// What applying the rows that came with the answers did (`applyChangeResults(_:rows:through:)`).
    public var rows = RowsOutcome()

    public init() {}

    public static func == (a: ChangesOutcome, b: ChangesOutcome) -> Bool {
        a.applied == b.applied && a.conflicts == b.conflicts && a.rejected.map(\.id) == b.rejected.map(\.id)
    }
}

/// What applying the server's rows (`since` or `pull`) did.
public struct RowsOutcome: Sendable, Equatable {
    /// The items the rows changed here (added, replaced or removed).
    public var received = ReceivedItems()
    /// For a pull of whole months: how many items the server listed for them (each id once).
    public var listed = 0
    /// Rows older than the revision this store holds of their item (a replayed or stale answer): ignored.
    public var older = 0
    /// The months whose items changed.
    public var changed: [YearMonth] = []
    /// Items here the server doesn't have in this version and not waiting for an answer or a resolve, and deletes not
    /// sent yet, after the write.
    public var pending = 0
    /// The sync state as the write left it.
    public var journal = SyncJournal()
    /// What matching the months that changed did.
    public var matched = MatchOutcome()

    public init() {}
}

/// The items a sync changed here from the server's answers, each once, with the month it now lies in (the month it
/// left, for one removed).
public struct ReceivedItems: Sendable, Equatable {
    public private(set) var months: [String: YearMonth] = [:]

    public init() {}

    public mutating func add(_ id: String, _ month: YearMonth) { months[id] = month }

    public mutating func formUnion(_ other: ReceivedItems) { months.merge(other.months) { _, later in later } }

    /// How many items changed.
    public var count: Int { months.count }

    /// How many items changed in each month.
    public var byMonth: [YearMonth: Int] { months.values.reduce(into: [:]) { counts, month in counts[month, default: 0] += 1 } }
}
