extension Household {
    /// Records new items (each in its date's month), pending until the server has them: all land, or none does.
    /// Only the months they go to are read, and no id is looked up: new ids are random.
    @discardableResult
    public func add(_ new: [WireItem]) throws -> ItemsAdded {
        let items = new.map { $0.item(added: now, sync: .pending) }
        try store.append(items)
        return ItemsAdded(items: items)
    }

    /// Adds the items whose ids are not in their month yet (see `LedgerStore.appendNew`), in order.
    public func addNew(_ new: [WireItem]) throws -> ItemsAdded {
        ItemsAdded(items: try store.appendNew(new.map { $0.item(added: now, sync: .pending) }))
    }

    /// Changes one item; a new date moves it to the end of its new month. An item the server has becomes edited.
    public func edit(_ id: String, _ changes: ItemChanges) throws -> ItemEdited {
        try change { index in
            let before = try find(id, in: &index)
            var after = changes.applied(to: before)
            if WireItem(after) != WireItem(before) { after.sync = before.sync.afterLocalChange }
            try index.replace(after)
            return ItemEdited(before: before, after: after)
        }.result
    }

    /// Removes one item. One the server may have goes too when the server takes deletes (the change protocol): the
    /// next sync sends the delete. A plain server only appends, so there such an item is refused. `syncs`: this
    /// store has a server configured, so a pending item may be on it already (a push whose answer was lost).
    public func delete(_ id: String, syncs: Bool = false) throws -> ItemDeleted {
        try change { index in
            let item = try find(id, in: &index)
            var journal = try SyncJournalFile.read(store)
            let sent = journal.outbox.contains { $0.id == item.id }
            // A pending item no change has carried is only here, unless another member sent the same id (an import
            // of the same file): with the change protocol the delete is sent too, and the server judges it.
            if item.sync == .pending && !sent && !journal.changeProtocol {
                index.remove(item.id)
                // A plain server may hold it all the same (a push whose answer was lost): it stays deleted here.
                if syncs {
                    journal.dismiss(item.id)
                    try SyncJournalFile.write(journal, store)
                }
                return ItemDeleted(item: item)
            }
            guard journal.changeProtocol else { throw HouseholdError.onServer(item) }
            var changed = journal
            // Deleting an item in conflict settles it: the delete is based on the server's version.
            let conflict = changed.conflicts.first { $0.id == item.id }
            changed.conflicts.removeAll { $0.id == item.id }
            if let conflict, conflict.theirsDeleted {
                index.remove(item.id) // deleted on the server too
                changed.revisions[item.id] = nil
            } else {
                if let conflict { changed.revisions[item.id] = conflict.theirsRevision }
                deleteSynced(item, in: &index, &changed)
            }
            try SyncJournalFile.write(changed, store)
            return ItemDeleted(item: item)
        }.result
    }

    /// Puts back the files the last change replaced (or backup `number`'s), as one change of its own.
    public func undo(_ number: Int?) throws -> UndoOutcome {
        guard store.exists else { throw UndoError.nothingToUndo }
        return try Backups(store: store).undo(number, time: now)
    }
}
