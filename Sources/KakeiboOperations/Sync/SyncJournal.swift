import KakeiboStore
import KakeiboValues

/// What this store knows about the household server's change protocol (`sync-state.json` beside the month files):
/// which server and household it belongs to, the last revision seen, the server revision each synced item was based
/// on, deletes not yet sent, changes sent whose answer has not come (kept with their change ids, so a retry after a
/// lost answer is applied once), and conflicts waiting for `resolve`. Written under the store's lock, atomically (0600).
public struct SyncJournal: Sendable, Equatable {
    public static let fileName = "sync-state.json"

    /// The endpoint (host and path, never the query) this state belongs to.
    public var server: String?
    /// The household id the server reported.
    public var household: String?
    /// The endpoint (keyed like `server`) this store's synced items were last synced with, by any protocol: a plain
    /// app server at another endpoint lacks them, so a command there waits for `sync --all` (`EndpointChanged`).
    public var home: String?
    /// Whether the server speaks the change protocol (learned from `capabilities`).
    public var changeProtocol = false
    /// What each endpoint used from this store turned out to speak, so a command doesn't ask again: keyed like
    /// `server`. Written only by a command that succeeded.
    public var endpoints: [String: EndpointVerdict] = [:]
    /// The revision to ask `since` from next time; nil: a full pull is due.
    public var revision: Int?
    /// Revisions this store's own requests wrote after `revision` (each request's whole span, as its answer states),
    /// oldest first: `since` asks the server to leave their rows out (see `noteOwn`).
    public var own: [ClosedRange<Int>] = []
    /// The most spans kept in `own`; past it the oldest are forgotten (their rows then come back, changing nothing).
    public static let ownKept = 100
    /// For each item, the revision of the server's version it was last based on.
    public var revisions: [String: Int] = [:]
    /// Items deleted here and not yet sent, with the revision of the server version they were deleted from
    /// (`awaitingCreate` while the item's own create is still unanswered).
    public var deleted: [String: Int] = [:]
    /// Changes sent (or about to be) whose answer has not come, in order.
    public var outbox: [OutgoingChange] = []
    /// Changes the server refused because its version had moved on.
    public var conflicts: [Conflict] = []
    /// Each household setting as it was last synced: the server's revision and value (see `SharedSetting`).
    public var settings: [String: SyncedSetting] = [:]
    /// Settings changed here and on the server: the server's version, kept until `resolve` picks one.
    public var settingConflicts: [String: SyncedSetting] = [:]
    /// The keys of every setting synced or in conflict.
    public var settingKeys: [String] { Array(settings.keys) + Array(settingConflicts.keys) }
    /// For each item synced at a revision, the hash of the content last synced (see `SyncedDigests.swift`).
    public var digests: [String: UInt64] = [:]
    /// Items whose change the server refused as malformed, with its reason, until a change of them is taken.
    public var refused: [String: String] = [:]

    /// Pending items deleted here while a plain app server was configured, newest last: a push whose answer was
    /// lost may have put them on the server, which only appends, so a pull never brings them back here.
    public var dismissed: [String] = []
    /// The most dismissed ids kept (the oldest are forgotten first).
    public static let dismissedKept = 1000

    public static let awaitingCreate = -1

    /// Remembers that `id` was deleted here before any answer said the server has it.
    public mutating func dismiss(_ id: String) {
        dismissed.removeAll { $0 == id }
        dismissed.append(id)
        if dismissed.count > SyncJournal.dismissedKept { dismissed.removeFirst(dismissed.count - SyncJournal.dismissedKept) }
    }

    public init() {}

    /// Records the revisions a request of this store's own wrote, then moves the cursor (`revision`) over the spans
    /// that start right after it (nothing another member wrote lies between) and drops those it has passed. So the
    /// sync after a push of thousands asks `since` from past them, and no answer brings them back.
    public mutating func noteOwn(_ wrote: ClosedRange<Int>?) {
        var spans: [ClosedRange<Int>] = []
        for span in (own + (wrote.map { [$0] } ?? [])).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = spans.last, span.lowerBound <= last.upperBound + 1 {
                spans[spans.count - 1] = last.lowerBound...max(last.upperBound, span.upperBound)
            } else {
                spans.append(span)
            }
        }
        // Revisions start at 1, so with no cursor yet a span from 1 has nothing before it either.
        while let first = spans.first, first.lowerBound <= (revision ?? 0) + 1 {
            revision = max(revision ?? 0, first.upperBound)
            spans.removeFirst()
        }
        own = Array(spans.filter { $0.upperBound > (revision ?? 0) }.suffix(SyncJournal.ownKept))
    }

    /// Whether `id` is waiting for the user (a conflict) or for an answer (a change sent).
    public func isHeld(_ id: String) -> Bool {
        conflicts.contains { $0.id == id } || outbox.contains { $0.id == id }
    }

    /// Every id `isHeld` says is held, for asking of many.
    public var heldIDs: Set<String> { Set(conflicts.map(\.id)).union(outbox.map(\.id)) }
}

/// What an endpoint speaks, and when that was learned.
public struct EndpointVerdict: Sendable, Equatable {
    /// The change protocol (the shipped household server), or else the app's plain protocol.
    public var speaksChanges: Bool
    public var checked: Timestamp

    public init(speaksChanges: Bool, checked: Timestamp) {
        self.speaksChanges = speaksChanges
        self.checked = checked
    }

    /// How long a plain app server is taken at its word: after a week it is asked again, so a sheet whose script
    /// was replaced by the household server's is noticed.
    public static let plainFor: Int64 = 7 * 86_400_000

    /// Whether the verdict still holds at `now` (the change protocol's always does: its server says if it changed).
    public func holds(at now: Timestamp) -> Bool { speaksChanges || now.milliseconds - checked.milliseconds < EndpointVerdict.plainFor }
}

/// A household setting's value at a server revision.
public struct SyncedSetting: Sendable, Equatable {
    public var revision: Int
    public var value: String

    public init(revision: Int, value: String) {
        self.revision = revision
        self.value = value
    }
}
