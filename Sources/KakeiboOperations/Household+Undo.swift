import KakeiboStore
import KakeiboValues

/// `undo` in a household that syncs: undoing a change is itself a change that syncs, and a sync's own changes (what
/// it received from the other members, what it marked as sent) are never undone (docs/sync.md#undo-and-sync).
extension Household {
    /// Puts back what the last change of this store's own did (or backup `number`'s), as one change of its own. A
    /// sync's backup is passed over (right after a sync, `undo` undoes the user's last change, not the sync) and
    /// refused by number. In a store that never synced, the month files are put back byte for byte; otherwise each
    /// item the change touched goes back as it was, the way `add`, `edit` and `delete` would do it, so the next sync
    /// sends the undo: an item the change added is deleted (on the server too), one it deleted comes back (under a new
    /// id when the server has deleted it already, since the server never takes an id twice), one it edited is edited
    /// back. Refused, changing nothing, when an item it touched has changed since (by another member's change a sync
    /// brought, or a later change here).
    public func undo(_ number: Int?, syncs: Bool = false) throws -> UndoOutcome {
        guard store.exists else { throw UndoError.nothingToUndo }
        let backups = Backups(store: store)
        let history = try backups.readHistory()
        let entry = try history.chosen(number, own: true)
        if entry.operation.isSync { throw UndoError.sync(number: entry.number, name: entry.operation.name) }
        let journal = try self.journal()
        let months = try monthsAround(entry, history, backups)
        let synced = months.values.contains { $0.before.values.contains { $0.sync != .pending } || $0.after.values.contains { $0.sync != .pending } }
        var outcome: UndoOutcome
        if !entry.months.isEmpty && (journal != SyncJournal() || synced) {
            outcome = try undoItems(entry, months, history, backups, syncs: syncs)
        } else {
            do {
                outcome = try backups.undo(entry.number, time: now)
            } catch UndoError.changedSince(let number, let path, let by?) where by.operation.isSync {
                // A sync took another member's version of the file since: it is theirs now, not put back.
                throw UndoError.changedBySync(number: number, path: path, by: by.number)
            }
        }
        if number == nil {
            let states = history.states
            outcome.passedOver = history.interrupted(after: entry.number)
            outcome.keptSyncs = history.entries.filter { $0.number > entry.number && $0.operation.isSync && states[$0.number] == .inEffect }
        }
        return outcome
    }

    /// The items of each month the change touched, as it found them and as it left them (by id).
    private func monthsAround(
        _ entry: Backups.Entry, _ history: BackupHistory, _ backups: Backups
    ) throws -> [YearMonth: (before: [String: Item], after: [String: Item])] {
        var months: [YearMonth: (before: [String: Item], after: [String: Item])] = [:]
        for record in entry.months {
            let before = try backups.kept(record, of: entry).map { try MonthFileCodec.decode($0, month: record.month) } ?? []
            let after = try history.leftBy(entry, record, backups).map { try MonthFileCodec.decode($0, month: record.month) } ?? []
            months[record.month] = (
                Dictionary(before.map { ($0.id, $0) }) { first, _ in first }, Dictionary(after.map { ($0.id, $0) }) { first, _ in first }
            )
        }
        return months
    }

    private func undoItems(
        _ entry: Backups.Entry, _ months: [YearMonth: (before: [String: Item], after: [String: Item])], _ history: BackupHistory,
        _ backups: Backups, syncs: Bool
    ) throws -> UndoOutcome {
        var before: [String: Item] = [:]
        var after: [String: Item] = [:]
        for (_, month) in months {
            before.merge(month.before) { first, _ in first }
            after.merge(month.after) { first, _ in first }
        }
        let touched = Set(before.keys).union(after.keys).filter { before[$0].map(WireItem.init) != after[$0].map(WireItem.init) }
        let outcome = UndoOutcome(entry: entry, backup: try backups.nextNumber())
        _ = try changeWithJournal(operation: StoreOperation(name: "undo", time: now, undoes: entry.number)) { index, journal in
            for id in touched.sorted() {
                let current = index.item(id)
                guard current.map(WireItem.init) == after[id].map(WireItem.init) else { throw UndoError.itemChanged(number: entry.number, id: id) }
                try revert(id, to: before[id], from: current, syncs: syncs, in: &index, &journal)
            }
            // A file the change wrote beside its months (an IC card import's ic-cards.json, which doesn't sync) goes
            // back as it was, if nothing has changed it since.
            for record in entry.files {
                let path = FileSystem.join(store.root, record.name)
                guard try index.file(record.name).map(Fingerprint.init(of:)) == record.after else {
                    throw UndoError.changedSince(number: entry.number, path: path, by: nil)
                }
                try index.setFile(record.name, try backups.kept(record, of: entry))
            }
        }
        return outcome
    }

    /// Puts one item back as `desired` (nil: it didn't exist), from `current`, as a change the next sync sends.
    private func revert(
        _ id: String, to desired: Item?, from current: Item?, syncs: Bool, in index: inout ItemIndex, _ journal: inout SyncJournal
    ) throws {
        switch (desired, current) {
        case (nil, nil): return
        case (nil, let item?):
            try remove(item, syncs: syncs, in: &index, &journal)
        case (var item?, nil):
            journal.dismissed.removeAll { $0 == id }
            if journal.deleted.removeValue(forKey: id) != nil || item.sync == .pending || !journal.changeProtocol {
                try index.insert(item) // the delete was never sent: the item is as it was
            } else {
                // The server holds it deleted, and never takes an id twice: it comes back as a new item.
                journal.revisions[id] = nil
                item.id = ItemID.random()
                item.sync = .pending
                try index.insert(item)
            }
        case (var item?, let now?):
            if now.sync == .synced {
                item.sync = .edited // the server has the change: the undo is an edit to send
            } else if journal.outbox.contains(where: { $0.id == id }) {
                item.sync = now.sync // sent, answer unknown: the answer's settling marks it edited
            }
            // Otherwise the change never left: the item is as it was, sync state included.
            item.added = now.added
            try index.replace(item)
        }
    }
}
