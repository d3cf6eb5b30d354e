import KakeiboStore
import KakeiboValues

extension Household {
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
    func pending(_ index: ItemIndex, _ journal: SyncJournal) -> Int {
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
            var waiting = Dictionary(journal.outbox.map { ($0.changeID, $0) }) { first, _ in first }
            var answered: Set<String> = []
            for result in results {
                guard let change = waiting.removeValue(forKey: result.changeID) else { continue }
                answered.insert(change.changeID)
                take(result, for: change, into: &outcome, settled: &settled, in: &index, &journal)
            }
            journal.outbox.removeAll { answered.contains($0.changeID) }
            let older = outcome.rows.older
            outcome.rows = try apply(rows, through: through, months: nil, matching: matching, in: &index, &journal)
            outcome.rows.older += older
            // What the answers and the rows brought may match lines here: those changes go in the next round.
            let matched = outcome.rows.matched.touchedIDs
            outcome.followUps =
                outcome.rebased
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

    /// Takes one answer to a change sent into `outcome`: the change settled, sent again on the server's revision
    /// (`rebased`), a conflict, or refused.
    private func take(
        _ result: ChangeResult, for change: OutgoingChange, into outcome: inout ChangesOutcome, settled: inout [String],
        in index: inout ItemIndex, _ journal: inout SyncJournal
    ) {
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
                return
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
                outcome.rebased += 1
                return
            }
            if settleBookkeeping(change, result, in: &index, &journal) {
                outcome.rebased += 1
                return
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

    /// A conflict whose two versions differ only in what matching records (which item a line is merged into, a
    /// transfer's account, a split kept apart) is one item, both sides' records in it (`WireItem.settled`), sent
    /// again on the server's revision (synced, when that is the server's version): never shown as a conflict.
    private func settleBookkeeping(_ change: OutgoingChange, _ result: ChangeResult, in index: inout ItemIndex, _ journal: inout SyncJournal) -> Bool
    {
        guard change.kind != .delete, let row = result.row, !row.deleted, let mine = change.item, let settled = mine.settled(with: row.item),
            var item = index.item(change.id)
        else { return false }
        item.details = settled.details
        guard (try? index.replace(item)) != nil else { return false }
        index.mark(change.id, settled == row.item ? .synced : .edited)
        journal.revisions[change.id] = row.revision
        return true
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
}
