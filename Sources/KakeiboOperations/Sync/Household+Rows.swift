import KakeiboStore
import KakeiboValues

extension Household {
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
    func apply(
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
            guard let removed = index.remove(id) else { return .unchanged }
            // Deleted by another member: importing its file again here brings it back no more than there.
            try RemovedLines.note([id], &index, store)
            return .changed(removed.date.yearMonth)
        }
        let added = index.item(id)?.added ?? now
        if let local = index.item(id), WireItem(local) == row.item {
            journal.revisions[id] = row.revision
            return .unchanged
        }
        // Moved to another month by another member: as a move here (see `Household.edit`).
        if let local = index.item(id), local.date.yearMonth != row.item.date.yearMonth { try RemovedLines.note([id], &index, store) }
        try index.replace(row.item.item(added: added, sync: .synced))
        journal.revisions[id] = row.revision
        return .changed(row.item.date.yearMonth)
    }
}
