import KakeiboStore
import KakeiboValues

/// A row as the household server's change protocol reports it: the item, its revision, and whether it was deleted.
public struct ServerRow: Sendable, Equatable {
    public var revision: Int
    public var deleted: Bool
    public var item: WireItem

    public init(revision: Int, deleted: Bool, item: WireItem) {
        self.revision = revision
        self.deleted = deleted
        self.item = item
    }
}

/// The server's answer to one change.
public struct ChangeResult: Sendable, Equatable {
    public enum Status: String, Sendable { case applied, unchanged, conflict, rejected }
    public var changeID: String
    public var status: Status
    /// The server's row after the change, or the one that caused the conflict; nil when it holds no such id.
    public var row: ServerRow?
    public var code: String?
    /// What the server said of a refused change.
    public var message: String?

    public init(changeID: String, status: Status, row: ServerRow?, code: String?, message: String? = nil) {
        self.changeID = changeID
        self.status = status
        self.row = row
        self.code = code
        self.message = message
    }
}

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

/// A conflict as `kakeibo conflicts` shows it: this store's version (nil: deleted here) beside the server's.
public struct ConflictView: Sendable, Equatable {
    public var conflict: Conflict
    public var mine: WireItem?
}

/// Which side `resolve` keeps.
public enum ConflictSide: String, Sendable, CaseIterable {
    case mine, theirs
}

/// Why a conflict can't be resolved.
public enum ConflictError: KakeiboFailure, Equatable {
    case noSuchConflict(String)
    case ambiguous(String, count: Int)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .noSuchConflict(let id):
            return language.pick(
                "no conflict for id \(quotedInput(id)) (see the list of conflicts)", "ID \(quotedInput(id)) の競合はありません（競合の一覧を確認してください）")
        case .ambiguous(let id, let count):
            return language.pick(
                "id \(quotedInput(id)) starts \(count) conflicts' ids; give more of it",
                "ID \(quotedInput(id)) で始まる競合が \(count) 件あります。もっと長く指定してください")
        }
    }
}

extension Household {
    /// The sync state, read without the lock (for showing).
    public func journal() throws -> SyncJournal {
        guard store.exists else { return SyncJournal() }
        return try SyncJournalFile.read(store, memo: journalMemo)
    }

    /// Runs `body` over the index of every month and the journal under the store's lock; writes the journal if it
    /// changed, after the body and before the months are committed.
    func changeWithJournal<T>(
        operation: StoreOperation? = nil, _ body: (inout ItemIndex, inout SyncJournal) throws -> T
    ) throws -> (result: T, changed: [YearMonth]) {
        try change(operation: operation) { index in
            try index.loadAll()
            let before = try SyncJournalFile.read(store, memo: journalMemo)
            var journal = before
            journal.queueDivergent(&index) // a hand edit since the last sync is sent, never overwritten by a pull
            let result = try body(&index, &journal)
            journal.recordSynced(index)
            if journal != before { try SyncJournalFile.write(journal, store, memo: journalMemo) }
            return result
        }
    }

    /// The sync lock (`.push-lock` in the store, its name from when only push took it), held by a pull, push or sync from its first look at the server to
    /// its last write, so two of them (cron and a shell) never send the same change twice. Writes and queries take
    /// the store's own lock, apart from this one, so the network never holds them up. It waits as the store's lock
    /// does (`--lock-timeout`, saying who holds it). Nil where there is no store yet.
    public func syncLock() throws -> FileLock? {
        guard store.exists else { return nil }
        return try FileLock(path: FileSystem.join(store.root, ".push-lock"), wait: store.lockWait.for(.sync), purpose: store.operation?.name)
    }

    /// Records what `capabilities` said about the server at `server` (its host and path): it speaks the change
    /// protocol, for `household`. Another server or another household id means the revisions known here mean nothing
    /// there: the next `since` starts from 0 (a full pull), and another household's revisions are dropped.
    public func rememberServer(_ server: String, household: String?) throws {
        _ = try changeWithJournal { _, journal in
            if journal.server != server || journal.household != household || !journal.changeProtocol {
                if journal.household != household { journal.revisions = [:] }
                journal.revision = nil
                journal.own = []
            }
            journal.server = server
            journal.household = household
            journal.home = server
            journal.changeProtocol = true
            journal.endpoints[server] = EndpointVerdict(speaksChanges: true, checked: now)
        }
    }

    /// Puts back what `rememberServer` recorded for `server` when the command that asked then failed before any
    /// answer was recorded: the server, household, revisions and the endpoint's verdict as they were in `before`.
    public func forgetServer(_ server: String, before: SyncJournal) throws {
        _ = try changeWithJournal { _, journal in
            if journal.household != before.household && journal.revisions.isEmpty { journal.revisions = before.revisions }
            journal.server = before.server
            journal.household = before.household
            journal.home = before.home
            journal.changeProtocol = before.changeProtocol
            journal.revision = before.revision
            journal.own = before.own
            journal.endpoints[server] = before.endpoints[server]
        }
    }

    /// Records that the endpoint `server` speaks only the app's plain protocol, after a command with it succeeded.
    /// The change protocol's server, its household and revisions stay as they were: an endpoint spelled another way
    /// (or a second sheet) never makes this store forget them.
    public func rememberPlainEndpoint(_ server: String) throws {
        guard store.exists else { return }
        _ = try changeWithJournal { _, journal in
            journal.endpoints[server] = EndpointVerdict(speaksChanges: false, checked: now)
        }
    }

    /// The changes to send: those already sent whose answer never came (with the same change ids), then one for each
    /// item here the server doesn't have in this version (create for a new item, update for an edited one) and each
    /// delete made here. Items waiting for a conflict's resolution or for an earlier change's answer are held back.
    /// The journal records them before anything is sent, so that after a lost answer (or a process killed while
    /// waiting) the same changes go again with the same ids and the server applies them once; a send the server
    /// surely never received takes them back with `withdrawChanges`. `holding`: items not to send now (the server
    /// refused their change earlier in this sync).
    public func prepareChanges(holding: Set<String> = []) throws -> [OutgoingChange] { try prepareRound(holding: holding).outbox }

    /// `prepareChanges`, with the sync state as it stood before and after (read under the same lock) and what is
    /// still pending here (with nothing to send, a sync reads the store no more).
    func prepareRound(holding: Set<String>) throws -> (outbox: [OutgoingChange], before: SyncJournal, after: SyncJournal, pending: Int) {
        try changeWithJournal { index, journal in
            let before = journal
            // An item deleted here that is back (an undo, an import of it) was decided again: the delete is dropped.
            for id in journal.deleted.keys where index.item(id) != nil { journal.deleted[id] = nil }
            let changes = Household.outgoing(index.all, journal, holding: holding)
            journal.outbox += changes
            for change in changes where change.kind == .delete { journal.deleted[change.id] = nil }
            return (journal.outbox, before, journal, pending(index, journal))
        }.result
    }

    /// The changes a round adds to the outbox, each with a new change id: every item unsent here and not held (a
    /// create, or an update of what the server has), then every delete not waiting for its create's answer.
    static func outgoing(_ items: [Item], _ journal: SyncJournal, holding: Set<String>) -> [OutgoingChange] {
        let held = journal.heldIDs.union(holding)
        var changes: [OutgoingChange] = []
        for item in items where item.sync != .synced && !held.contains(item.id) {
            let synced = journal.revisions[item.id] != nil || item.sync == .edited
            changes.append(
                OutgoingChange(
                    changeID: "k-" + ItemID.random(), kind: synced ? .update : .create, base: synced ? journal.revisions[item.id] ?? 0 : nil,
                    id: item.id, item: WireItem(item)))
        }
        for (id, base) in journal.deleted.sorted(by: { $0.key < $1.key }) where base != SyncJournal.awaitingCreate && !held.contains(id) {
            changes.append(OutgoingChange(changeID: "k-" + ItemID.random(), kind: .delete, base: base, id: id, item: nil))
        }
        return changes
    }

    /// What the next sync would send with the change protocol, by kind: the changes still waiting for an answer and
    /// those a round would add. Reads only.
    public func outgoingPreview() throws -> [OutgoingChange.Kind: Int] {
        let journal = try journal()
        let unsent = try unsent()
        let here = Set(unsent.map(\.id))
        var bare = journal
        // A delete of an item that is back here (an undo, an import) is dropped by the round, as it will be here.
        bare.deleted = journal.deleted.filter { !here.contains($0.key) }
        var kinds: [OutgoingChange.Kind: Int] = [:]
        for change in journal.outbox + Household.outgoing(unsent, bare, holding: []) { kinds[change.kind, default: 0] += 1 }
        return kinds
    }

    /// What is still to send here, the items waiting for an answer or a resolve aside.
    private func pending(_ index: ItemIndex, _ journal: SyncJournal) -> Int {
        let held = journal.heldIDs
        return index.all.filter { $0.sync != .synced && !held.contains($0.id) }.count + journal.deleted.count
    }

    /// Takes back what `prepareChanges` added when the server surely never received them (no connection, a refusal),
    /// so the failed command leaves the sync state as it was (`before` is the journal as it stood just before): the
    /// new changes leave the outbox and the deletes they carried are pending again. A create that a delete made here
    /// meanwhile is waiting on stays, so that delete is still sent once the create's fate is known.
    public func withdrawChanges(_ changes: [OutgoingChange], before: SyncJournal) throws {
        let earlier = Set(before.outbox.map(\.changeID))
        _ = try changeWithJournal { index, journal in
            let waitedOn = Set(journal.deleted.filter { $0.value == SyncJournal.awaitingCreate }.keys)
            let withdrawn = changes.filter { !earlier.contains($0.changeID) && !($0.kind == .create && waitedOn.contains($0.id)) }
            let ids = Set(withdrawn.map(\.changeID))
            journal.outbox.removeAll { ids.contains($0.changeID) }
            // The deletes they carried, and those `prepareChanges` dropped because the item is back.
            let deletes = withdrawn.filter { $0.kind == .delete }.map(\.id) + before.deleted.keys.filter { index.item($0) != nil }
            for id in deletes where journal.deleted[id] == nil { journal.deleted[id] = before.deleted[id] }
        }
    }

    /// Applies the server's answers to changes sent, in one write: an applied (or unchanged) change marks the item
    /// synced at its new revision, unless it was changed here again meanwhile (then it stays edited, based on the new
    /// revision); a refused one becomes a conflict. A change the server remembered from before answers as it did then.
    /// `rows` (with `through`), what the answers carried of the other members' changes, are applied after them in
    /// the same write, as `applyRows` would. `wrote`: the revisions the request wrote, when its answer says
    /// (`SyncJournal.noteOwn`).
    public func applyChangeResults(
        _ results: [ChangeResult], rows: [ServerRow] = [], through: Int? = nil, wrote: ClosedRange<Int>? = nil, matching: Bool = true
    ) throws -> ChangesOutcome {
        var (outcome, changed) = try changeWithJournal { index, journal in
            var outcome = ChangesOutcome()
            var settled: [String] = []
            var rebased = 0
            var waiting = Dictionary(journal.outbox.map { ($0.changeID, $0) }) { first, _ in first }
            var answered: Set<String> = []
            for result in results {
                guard let change = waiting.removeValue(forKey: result.changeID) else { continue }
                answered.insert(change.changeID)
                var status = result.status
                // A retry the server no longer remembers is judged afresh: the "conflict" may be this very change.
                if status == .conflict, let row = result.row, row.deleted == (change.kind == .delete),
                    change.kind == .delete || row.item == change.item
                {
                    status = .applied
                }
                switch status {
                case .applied, .unchanged:
                    if let row = result.row, let held = journal.revisions[change.id], row.revision < held {
                        // An answer older than what this store holds: not believed; the item is sent again later.
                        outcome.rows.older += 1
                        continue
                    }
                    journal.refused[change.id] = nil
                    settled.append(change.id)
                    outcome.applied += 1
                    outcome.appliedKinds[change.kind, default: 0] += 1
                    settle(change, row: result.row, in: &index, &journal)
                case .conflict:
                    if change.kind == .update && change.base == 0 && journal.revisions[change.id] == nil, let row = result.row, !row.deleted,
                        lastSynced(change.id) == row.item
                    {
                        // The sync state that knew the change's base is gone (sync-state.json deleted), and the server
                        // holds the very version this store last had: the change is this store's own, sent again on
                        // that revision, not a conflict with itself.
                        journal.revisions[change.id] = row.revision
                        rebased += 1
                        continue
                    }
                    let conflict = Conflict(
                        id: change.id, theirs: result.row?.item, theirsRevision: result.row?.revision ?? 0,
                        theirsDeleted: result.row?.deleted ?? true, code: result.code ?? "stale")
                    journal.conflicts.removeAll { $0.id == change.id }
                    journal.conflicts.append(conflict)
                    outcome.conflicts.append(conflict)
                    if change.kind != .delete, let local = index.item(change.id), local.sync == .pending {
                        index.mark(change.id, .edited)
                    }
                case .rejected:
                    outcome.rejected.append((change.id, result.code ?? "bad_change"))
                    journal.noteRefused(change.id, code: result.code ?? "bad_change", message: result.message)
                }
            }
            journal.outbox.removeAll { answered.contains($0.changeID) }
            outcome.rebased = rebased
            let older = outcome.rows.older
            outcome.rows = try apply(rows, through: through, months: nil, matching: matching, in: &index, &journal)
            outcome.rows.older += older
            // What the answers and the rows brought may match lines here: those changes go in the next round.
            let matched = outcome.rows.matched.touchedIDs
            outcome.followUps =
                rebased
                + Set(settled + matched).filter { id in
                    let edited = index.item(id).map { $0.sync != .synced } ?? false
                    return (edited && !journal.isHeld(id)) || journal.deleted[id].map { $0 != SyncJournal.awaitingCreate } ?? false
                }.count
            journal.noteOwn(wrote)
            outcome.rows.journal = journal
            return outcome
        }
        outcome.rows.changed = changed
        return outcome
    }

    /// The version of an item this store last had from the server: the newest kept backup (`Backups`) that holds it
    /// synced. Nil when none does (more changes since than backups are kept).
    func lastSynced(_ id: String) -> WireItem? {
        let backups = Backups(store: store)
        guard let history = try? backups.history() else { return nil }
        for entry in history.entries.sorted(by: { $0.number > $1.number }) {
            for record in entry.months {
                guard let bytes = try? backups.kept(record, of: entry), let items = try? MonthFileCodec.decode(bytes, month: record.month),
                    let item = items.first(where: { $0.id == id })
                else { continue }
                if item.sync == .synced { return WireItem(item) }
            }
        }
        return nil
    }

    /// The server took `change` (or already had it): the item here follows.
    private func settle(_ change: OutgoingChange, row: ServerRow?, in index: inout ItemIndex, _ journal: inout SyncJournal) {
        guard let row else {
            journal.revisions[change.id] = nil
            return
        }
        if row.deleted {
            journal.revisions[change.id] = nil
            if journal.deleted[change.id] != nil { journal.deleted[change.id] = nil }
            return
        }
        journal.revisions[change.id] = row.revision
        // Deleted here while the change was in flight: the delete is based on the revision the answer brings (not
        // the one before it, which would make this store's own change a conflict).
        if journal.deleted[change.id] != nil { journal.deleted[change.id] = row.revision }
        guard let local = index.item(change.id) else { return }
        if WireItem(local) == row.item {
            index.mark(change.id, .synced)
        } else {
            index.mark(change.id, .edited) // changed here again since it was sent: the next change is based on this
        }
    }

    /// Applies rows the server reported (`since` or `pull`), in one write. A row replaces the synced item here (a
    /// deleted row removes it); an item changed or deleted here and not yet sent, or waiting in a conflict, is left
    /// as it is here (a conflict's server side is brought up to date), so no pull undoes a decision made here. A row
    /// older than the revision held here is ignored (counted): a server's answer never takes an item back in time.
    /// `through`, when given, is the revision to ask `since` from next time. `months`, for a full pull of months,
    /// also drops the synced items of those months the server no longer lists. `afresh`: the server's counter went
    /// back (its sheet or script was replaced), so the revisions held here mean nothing there and are forgotten first.
    /// `matching: false` leaves the lines as the rows brought them, for a sync that matches its months once the
    /// household's settings (the accounts matching reads) have been exchanged too (`matchAgain`).
    public func applyRows(
        _ rows: [ServerRow], through: Int?, months: [YearMonth]? = nil, afresh: Bool = false, matching: Bool = true
    ) throws -> RowsOutcome {
        var (outcome, changed) = try changeWithJournal { index, journal in
            if afresh {
                journal.revisions = [:]
                journal.own = []
            }
            var outcome = try apply(rows, through: through, months: months, matching: matching, in: &index, &journal)
            outcome.journal = journal
            return outcome
        }
        outcome.changed = changed
        return outcome
    }

    /// `applyRows`'s work, inside a write (`changed` left for the caller).
    private func apply(
        _ rows: [ServerRow], through: Int?, months: [YearMonth]?, matching: Bool, in index: inout ItemIndex, _ journal: inout SyncJournal
    ) throws -> RowsOutcome {
        var outcome = RowsOutcome()
        if let months {
            let listed = Set(rows.map(\.item.id))
            for month in months {
                // An item the server never had is kept: it exists only here (synced with another server).
                let had = journal
                for (id, _) in index.removeAll(in: month, where: { $0.sync == .synced && !listed.contains($0.id) && had.serverHad($0) }) {
                    journal.revisions[id] = nil
                    outcome.received.add(id, month)
                }
            }
            outcome.listed = Set(rows.filter { !$0.deleted }.map(\.item.id)).count
        }
        for row in rows {
            switch try apply(row, in: &index, &journal) {
            case .unchanged: break
            case .changed(let month): outcome.received.add(row.item.id, month)
            case .older: outcome.older += 1
            }
        }
        if let through {
            journal.revision = max(through, journal.revision ?? 0)
            journal.noteOwn(nil)
        }
        if matching { outcome.matched = try match(index.touched, in: &index, accounts: try accounts()) }
        outcome.pending = pending(index, journal)
        return outcome
    }

    /// What one row did here.
    private enum RowEffect {
        /// Nothing: it repeats what this store has (such as its own change coming back), or it waits here.
        case unchanged
        /// The item was added, replaced or removed; the month it now lies in (or left).
        case changed(YearMonth)
        /// Older than the revision held here: ignored.
        case older
    }

    /// Applies one row.
    private func apply(_ row: ServerRow, in index: inout ItemIndex, _ journal: inout SyncJournal) throws -> RowEffect {
        let id = row.item.id
        if let position = journal.conflicts.firstIndex(where: { $0.id == id }) {
            if row.revision >= journal.conflicts[position].theirsRevision {
                journal.conflicts[position].theirs = row.item
                journal.conflicts[position].theirsRevision = row.revision
                journal.conflicts[position].theirsDeleted = row.deleted
            }
            return .unchanged
        }
        if let held = journal.revisions[id], row.revision < held { return .older }
        if journal.deleted[id] != nil || journal.outbox.contains(where: { $0.id == id }) { return .unchanged }
        if let local = index.item(id), local.sync != .synced {
            if !row.deleted && WireItem(local) == row.item {
                index.mark(id, .synced)
                journal.revisions[id] = row.revision
            }
            return .unchanged // changed here after its base: the next push sends it, and the server judges it
        }
        if row.deleted {
            journal.revisions[id] = nil
            return index.remove(id).map { .changed($0.date.yearMonth) } ?? .unchanged
        }
        let added = index.item(id)?.added ?? now
        if let local = index.item(id), WireItem(local) == row.item {
            journal.revisions[id] = row.revision
            return .unchanged
        }
        try index.replace(row.item.item(added: added, sync: .synced))
        journal.revisions[id] = row.revision
        return .changed(row.item.date.yearMonth)
    }

    /// Deletes an item the server has, with the change protocol: it goes here at once, and the next sync sends the
    /// delete based on the server version it had.
    func deleteSynced(_ item: Item, in index: inout ItemIndex, _ journal: inout SyncJournal) {
        index.remove(item.id)
        if journal.outbox.contains(where: { $0.id == item.id && $0.kind == .create }) {
            journal.deleted[item.id] = SyncJournal.awaitingCreate
        } else {
            journal.deleted[item.id] = journal.revisions[item.id] ?? 0
        }
    }

    // MARK: Conflicts

    /// Every conflict, with this store's version beside the server's.
    public func conflicts() throws -> [ConflictView] {
        let journal = try journal()
        guard !journal.conflicts.isEmpty else { return [] }
        var views: [ConflictView] = []
        for conflict in journal.conflicts {
            let mine = try store.find(id: conflict.id).first { $0.item.id == conflict.id }.map { WireItem($0.item) }
            views.append(ConflictView(conflict: conflict, mine: mine))
        }
        return views
    }

    /// Keeps one side of a conflict. Mine: this store's version is sent again, based on the server's revision (an item
    /// the server deleted comes back under a new id, since the server never takes an id twice). Theirs: the server's
    /// version replaces this store's (or its delete removes it). Returns the conflict resolved.
    public func resolve(_ id: String, keep side: ConflictSide) throws -> ConflictView {
        try changeWithJournal { index, journal in
            // Named as `edit` names an item: the whole id, a unique start of it (the short id `conflicts` shows), or
            // an imported id without its source's prefix.
            let matches = TypedID.best(journal.conflicts.indices.compactMap { at in TypedID.match(id, journal.conflicts[at].id).map { ($0, at) } })
            guard let position = matches.first else { throw ConflictError.noSuchConflict(id) }
            guard matches.count == 1 else { throw ConflictError.ambiguous(id, count: matches.count) }
            let conflict = journal.conflicts.remove(at: position)
            let local = index.item(conflict.id)
            let view = ConflictView(conflict: conflict, mine: local.map(WireItem.init))
            switch side {
            case .theirs:
                journal.deleted[conflict.id] = nil
                if conflict.theirsDeleted || conflict.theirs == nil {
                    index.remove(conflict.id)
                    journal.revisions[conflict.id] = nil
                } else if let theirs = conflict.theirs {
                    try index.replace(theirs.item(added: local?.added ?? now, sync: .synced))
                    journal.revisions[conflict.id] = conflict.theirsRevision
                }
            case .mine:
                if let local {
                    if conflict.theirsDeleted || conflict.theirs == nil {
                        index.remove(local.id)
                        var copy = local
                        copy.id = ItemID.random()
                        copy.sync = .pending
                        try index.insert(copy)
                        journal.revisions[local.id] = nil
                    } else {
                        index.mark(local.id, .edited)
                        journal.revisions[local.id] = conflict.theirsRevision
                    }
                } else if !conflict.theirsDeleted {
                    journal.deleted[conflict.id] = conflict.theirsRevision
                }
            }
            return view
        }.result
    }
}

extension Household {
    /// What the sync state can't explain (`kakeibo check`): with the change protocol, an item the server has that
    /// is gone here with no delete to send, and an item marked synced that the server never confirmed — a store that
    /// differs from what it last synced, so one more sync would not make the members equal.
    public func unexplained() throws -> [StoreProblem] {
        guard let journal = try checkedJournal(), journal.changeProtocol, journal.revision != nil else { return [] }
        let path = SyncJournalFile.path(store)
        var here: Set<String> = []
        var problems: [StoreProblem] = []
        var unread = false
        for month in try store.months() {
            // A month that can't be read is reported as such already; what it holds can't be compared.
            guard let items = try? store.items(in: month) else {
                unread = true
                continue
            }
            for item in items {
                here.insert(item.id)
                if item.sync == .synced && journal.revisions[item.id] == nil && !journal.isHeld(item.id) {
                    problems.append(StoreProblem(.warning, store.path(month), .unexplained(month: month, revision: nil), item: item.id))
                }
            }
        }
        for (id, revision) in journal.revisions.sorted(by: { $0.key < $1.key })
        where !unread && !here.contains(id) && journal.deleted[id] == nil && !journal.isHeld(id) {
            problems.append(StoreProblem(.warning, path, .unexplained(month: nil, revision: revision), item: id))
        }
        return problems
    }
}
