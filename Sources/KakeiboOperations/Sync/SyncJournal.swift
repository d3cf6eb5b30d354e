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

/// A change this store sends with the change protocol.
public struct OutgoingChange: Sendable, Equatable {
    public enum Kind: String, Sendable { case create, update, delete }
    public var changeID: String
    public var kind: Kind
    /// The revision of the server version the change was made from (update and delete).
    public var base: Int?
    public var id: String
    /// The whole new item (create and update).
    public var item: WireItem?

    public init(changeID: String, kind: Kind, base: Int?, id: String, item: WireItem?) {
        self.changeID = changeID
        self.kind = kind
        self.base = base
        self.id = id
        self.item = item
    }

}

/// A change refused as stale (or because the server's item was deleted or differs): the server's version, kept
/// beside this store's until the user picks one. This store's version is the item as it stands here (none if it
/// was deleted here).
public struct Conflict: Sendable, Equatable {
    public var id: String
    /// The server's version (its last content when it was deleted there).
    public var theirs: WireItem?
    public var theirsRevision: Int
    public var theirsDeleted: Bool
    /// The server's reason code (`stale`, `exists`, `deleted`, `not_found`).
    public var code: String

    public init(id: String, theirs: WireItem?, theirsRevision: Int, theirsDeleted: Bool, code: String) {
        self.id = id
        self.theirs = theirs
        self.theirsRevision = theirsRevision
        self.theirsDeleted = theirsDeleted
        self.code = code
    }
}

/// The journal's file, read and written under the store's lock.
public enum SyncJournalFile {
    public static func path(_ store: LedgerStore) -> String { FileSystem.join(store.root, SyncJournal.fileName) }

    /// The journal, or an empty one when there is no file yet. With a memo, a file that still holds the bytes the
    /// memo last saw is not parsed again.
    public static func read(_ store: LedgerStore, memo: JournalMemo? = nil) throws -> SyncJournal {
        guard let bytes = try FileSystem.read(path(store)) else { return SyncJournal() }
        if let memo, let known = memo.journal(for: bytes) { return known }
        do {
            let journal = try decode(bytes)
            memo?.remember(bytes, journal)
            return journal
        } catch {
            throw SyncJournalError(path: path(store))
        }
    }

    /// Writes the journal; an empty one (what no file means) removes the file, so a store that never synced has none.
    static func write(_ journal: SyncJournal, _ store: LedgerStore, memo: JournalMemo? = nil) throws {
        guard journal != SyncJournal() else { return try FileSystem.remove(path(store)) }
        let bytes = encode(journal)
        try FileSystem.replaceAtomically(path(store), bytes)
        memo?.remember(bytes, journal)
    }

    // MARK: Codec

    package static func encode(_ journal: SyncJournal) -> [UInt8] {
        var members: [(String, JSONValue)] = [("changeProtocol", .bool(journal.changeProtocol))]
        if let server = journal.server { members.append(("server", .string(server))) }
        if let household = journal.household { members.append(("household", .string(household))) }
        if let home = journal.home { members.append(("home", .string(home))) }
        if let revision = journal.revision { members.append(("revision", .integer(revision))) }
        if !journal.own.isEmpty {
            members.append(("own", .array(journal.own.map { .array([.integer($0.lowerBound), .integer($0.upperBound)]) })))
        }
        if !journal.endpoints.isEmpty {
            members.append(
                (
                    "endpoints",
                    .object(
                        journal.endpoints.sorted { $0.key < $1.key }.map { key, verdict in
                            (
                                key,
                                .object([
                                    ("protocol", .string(verdict.speaksChanges ? "changes" : "app")),
                                    ("checked", .integer(Int(verdict.checked.milliseconds))),
                                ])
                            )
                        })
                ))
        }
        members.append(("revisions", .object(journal.revisions.sorted { $0.key < $1.key }.map { ($0.key, .integer($0.value)) })))
        members.append(("deleted", .object(journal.deleted.sorted { $0.key < $1.key }.map { ($0.key, .integer($0.value)) })))
        members.append(
            (
                "outbox",
                .array(
                    journal.outbox.map { change in
                        var fields: [(String, JSONValue)] = [
                            ("changeId", .string(change.changeID)), ("kind", .string(change.kind.rawValue)), ("id", .string(change.id)),
                        ]
                        if let base = change.base { fields.append(("base", .integer(base))) }
                        if let item = change.item { fields.append(("item", WireJSON.value(item))) }
                        return .object(fields)
                    })
            ))
        members.append(
            (
                "conflicts",
                .array(
                    journal.conflicts.map { conflict in
                        var fields: [(String, JSONValue)] = [
                            ("id", .string(conflict.id)), ("code", .string(conflict.code)),
                            ("theirsRevision", .integer(conflict.theirsRevision)), ("theirsDeleted", .bool(conflict.theirsDeleted)),
                        ]
                        if let theirs = conflict.theirs { fields.append(("theirs", WireJSON.value(theirs))) }
                        return .object(fields)
                    })
            ))
        if !journal.dismissed.isEmpty { members.append(("dismissed", .array(journal.dismissed.map(JSONValue.string)))) }
        if !journal.digests.isEmpty {
            let sorted = journal.digests.sorted { $0.key < $1.key }
            members.append(("digests", .object(sorted.map { ($0.key, .string(Fingerprint(byteCount: 0, hash: $0.value).hex)) })))
        }
        if !journal.refused.isEmpty {
            members.append(("refused", .object(journal.refused.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        for (name, settings) in [("settings", journal.settings), ("settingConflicts", journal.settingConflicts)] where !settings.isEmpty {
            members.append(
                (
                    name,
                    .object(
                        settings.sorted { $0.key < $1.key }.map { key, setting in
                            (key, .object([("revision", .integer(setting.revision)), ("value", .string(setting.value))]))
                        })
                ))
        }
        var writer = JSONWriter()
        JSONValue.object(members).write(to: &writer)
        writer.raw("\n")
        return writer.bytes
    }

    static func settings(_ value: JSONValue?) -> [String: SyncedSetting] {
        var settings: [String: SyncedSetting] = [:]
        for (key, entry) in value?.objectValue ?? [] {
            guard let revision = entry["revision"]?.intValue, let text = entry["value"]?.stringValue else { continue }
            settings[key] = SyncedSetting(revision: revision, value: text)
        }
        return settings
    }

    struct Unreadable: Error {}

    package static func decode(_ bytes: [UInt8]) throws -> SyncJournal {
        let value = try JSONValue.parse(bytes)
        var journal = SyncJournal()
        guard case .bool(let changeProtocol) = value["changeProtocol"] else { throw Unreadable() }
        journal.changeProtocol = changeProtocol
        // An older kakeibo kept the secret of an endpoint's path in its keys: read, they are masked (and written so).
        journal.server = value["server"]?.stringValue.map(Endpoint.stateKey)
        journal.household = value["household"]?.stringValue
        journal.home = value["home"]?.stringValue.map(Endpoint.stateKey)
        journal.revision = value["revision"]?.intValue
        for span in value["own"]?.arrayValue ?? [] {
            guard let bounds = span.arrayValue, bounds.count == 2, let low = bounds[0].intValue, let high = bounds[1].intValue, low <= high
            else { continue }
            journal.own.append(low...high)
        }
        for (key, verdict) in value["endpoints"]?.objectValue ?? [] {
            guard let name = verdict["protocol"]?.stringValue, let checked = verdict["checked"]?.intValue else { continue }
            journal.endpoints[Endpoint.stateKey(key)] = EndpointVerdict(
                speaksChanges: name == "changes", checked: Timestamp(milliseconds: Int64(checked)))
        }
        let revisions = value["revisions"]?.objectValue ?? []
        journal.revisions.reserveCapacity(revisions.count)
        for (id, revision) in revisions { journal.revisions[id] = revision.intValue ?? 0 }
        for (id, base) in value["deleted"]?.objectValue ?? [] { journal.deleted[id] = base.intValue ?? 0 }
        for entry in value["outbox"]?.arrayValue ?? [] {
            guard let changeID = entry["changeId"]?.stringValue, let kind = entry["kind"]?.stringValue.flatMap(OutgoingChange.Kind.init),
                let id = entry["id"]?.stringValue
            else { throw Unreadable() }
            journal.outbox.append(
                OutgoingChange(changeID: changeID, kind: kind, base: entry["base"]?.intValue, id: id, item: entry["item"].flatMap(WireJSON.item)))
        }
        for entry in value["conflicts"]?.arrayValue ?? [] {
            guard let id = entry["id"]?.stringValue else { throw Unreadable() }
            journal.conflicts.append(
                Conflict(
                    id: id, theirs: entry["theirs"].flatMap(WireJSON.item), theirsRevision: entry["theirsRevision"]?.intValue ?? 0,
                    theirsDeleted: entry["theirsDeleted"] == .bool(true), code: entry["code"]?.stringValue ?? "stale"))
        }
        journal.dismissed = value["dismissed"]?.arrayValue?.compactMap(\.stringValue) ?? []
        for (id, hex) in value["digests"]?.objectValue ?? [] {
            if let text = hex.stringValue, let fingerprint = Fingerprint(byteCount: 0, hex: text) { journal.digests[id] = fingerprint.hash }
        }
        for (id, reason) in value["refused"]?.objectValue ?? [] { journal.refused[id] = reason.stringValue }
        journal.settings = settings(value["settings"])
        journal.settingConflicts = settings(value["settingConflicts"])
        return journal
    }
}

/// The sync state's file as one command last read or wrote it, so that reading it again when nobody else wrote it
/// meanwhile costs a comparison of bytes rather than a parse (ten years of a household's revisions are about 1.8 MB
/// of JSON, and a sync reads the state under the lock before each write). Used by one command, on one thread.
public final class JournalMemo: @unchecked Sendable {
    private var bytes: [UInt8]?
    private var journal = SyncJournal()

    public init() {}

    /// The journal these bytes hold, if they are the ones remembered.
    func journal(for bytes: [UInt8]) -> SyncJournal? { self.bytes == bytes ? journal : nil }

    func remember(_ bytes: [UInt8], _ journal: SyncJournal) {
        self.bytes = bytes
        self.journal = journal
    }
}

/// One wire item as a JSON value, and back (through the wire format's own reader).
public enum WireJSON {
    public static func value(_ item: WireItem) -> JSONValue {
        (try? JSONValue.parse(WireFormat.encode([item])))?.arrayValue?.first ?? .null
    }

    /// The item a JSON object holds, if it is a valid one.
    public static func item(_ value: JSONValue) -> WireItem? {
        var writer = JSONWriter()
        writer.raw("[")
        value.write(to: &writer)
        writer.raw("]")
        return (try? WireFormat.decode(writer.bytes))?.first
    }
}

/// The sync state file exists but can't be read; it is left as it is.
public struct SyncJournalError: KakeiboFailure, Equatable {
    public var path: String

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        language.pick(
            "\(path) is unreadable and was left untouched; move it away to start the sync state afresh (the next sync pulls everything)",
            "\(path) を読めません（ファイルは変更していません）。別の場所へ移すと同期の状態を作り直します（次の同期で全件を取得します）")
    }
}
