import KakeiboStore
import KakeiboValues

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
        if !journal.endpoints.isEmpty { members.append(("endpoints", endpoints(journal.endpoints))) }
        members.append(("revisions", .object(journal.revisions.sorted { $0.key < $1.key }.map { ($0.key, .integer($0.value)) })))
        members.append(("deleted", .object(journal.deleted.sorted { $0.key < $1.key }.map { ($0.key, .integer($0.value)) })))
        members.append(("outbox", .array(journal.outbox.map(value))))
        members.append(("conflicts", .array(journal.conflicts.map(value))))
        if !journal.dismissed.isEmpty { members.append(("dismissed", .array(journal.dismissed.map(JSONValue.string)))) }
        if !journal.digests.isEmpty {
            let sorted = journal.digests.sorted { $0.key < $1.key }
            members.append(("digests", .object(sorted.map { ($0.key, .string(Fingerprint(byteCount: 0, hash: $0.value).hex)) })))
        }
        if !journal.refused.isEmpty {
            members.append(("refused", .object(journal.refused.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        for (name, settings) in [("settings", journal.settings), ("settingConflicts", journal.settingConflicts)] where !settings.isEmpty {
            members.append((name, value(settings)))
        }
        var writer = JSONWriter()
        JSONValue.object(members).write(to: &writer)
        writer.raw("\n")
        return writer.bytes
    }

    /// Each endpoint's verdict, by key.
    static func endpoints(_ endpoints: [String: EndpointVerdict]) -> JSONValue {
        .object(
            endpoints.sorted { $0.key < $1.key }.map { key, verdict in
                (
                    key,
                    .object([
                        ("protocol", .string(verdict.speaksChanges ? "changes" : "app")),
                        ("checked", .integer(Int(verdict.checked.milliseconds))),
                    ])
                )
            })
    }

    /// A change in the outbox.
    static func value(_ change: OutgoingChange) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("changeId", .string(change.changeID)), ("kind", .string(change.kind.rawValue)), ("id", .string(change.id)),
        ]
        if let base = change.base { fields.append(("base", .integer(base))) }
        if let item = change.item { fields.append(("item", WireJSON.value(item))) }
        return .object(fields)
    }

    /// A conflict waiting for `resolve`.
    static func value(_ conflict: Conflict) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("id", .string(conflict.id)), ("code", .string(conflict.code)),
            ("theirsRevision", .integer(conflict.theirsRevision)), ("theirsDeleted", .bool(conflict.theirsDeleted)),
        ]
        if let theirs = conflict.theirs { fields.append(("theirs", WireJSON.value(theirs))) }
        return .object(fields)
    }

    /// Household settings as synced (or in conflict), by key.
    static func value(_ settings: [String: SyncedSetting]) -> JSONValue {
        .object(
            settings.sorted { $0.key < $1.key }.map { key, setting in
                (key, .object([("revision", .integer(setting.revision)), ("value", .string(setting.value))]))
            })
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
