import KakeiboStore
import KakeiboValues

extension Household {
    /// Records new items (each in its date's month), pending until the server has them: all land, or none does.
    /// Their months are then matched (`match`): a typed purchase another source has is one item.
    @discardableResult
    public func add(_ new: [WireItem]) throws -> ItemsAdded {
        let items = new.map { $0.item(added: now, sync: .pending) }
        return try change { index in
            for item in items { try index.insert(item) }
            return ItemsAdded(items: items, matched: try match(index.touched, in: &index, accounts: try accounts()))
        }.result
    }

    /// Adds the items whose ids are not in their month yet, in order, then matches their months.
    public func addNew(_ new: [WireItem]) throws -> ItemsAdded {
        try change { index in
            var added: [Item] = []
            for (month, group) in Dictionary(grouping: new, by: \.date.yearMonth).sorted(by: { $0.key < $1.key }) {
                try index.load(month)
                for wire in group where index.item(wire.id) == nil {
                    let item = wire.item(added: now, sync: .pending)
                    try index.insert(item)
                    added.append(item)
                }
            }
            return ItemsAdded(items: added, matched: try match(index.touched, in: &index, accounts: try accounts()))
        }.result
    }

    /// Changes one item; a new date moves it to the end of its new month. An item the server has becomes edited.
    public func edit(_ id: String, _ changes: ItemChanges) throws -> ItemEdited {
        try change { index in
            let before = try find(id, in: &index)
            var after = changes.applied(to: before)
            // Tags added to those the item has may pass the most an item carries: refused, the item left as it was.
            if after.details.tags.count > Tags.maximumCount { throw TagError.tooMany(count: after.details.tags.count) }
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
            let before = journal
            try remove(item, syncs: syncs, in: &index, &journal)
            if journal != before { try SyncJournalFile.write(journal, store) }
            return ItemDeleted(item: item)
        }.result
    }

    /// Removes `item` here, with what the sync state must remember of it (see `delete`).
    func remove(_ item: Item, syncs: Bool, in index: inout ItemIndex, _ journal: inout SyncJournal) throws {
        let sent = journal.outbox.contains { $0.id == item.id }
        // A pending item no change has carried is only here, unless another member sent the same id (an import
        // of the same file): with the change protocol the delete is sent too, and the server judges it.
        if item.sync == .pending && !sent && !journal.changeProtocol {
            index.remove(item.id)
            // A plain server may hold it all the same (a push whose answer was lost): it stays deleted here.
            if syncs { journal.dismiss(item.id) }
            return
        }
        guard journal.changeProtocol else { throw HouseholdError.onServer(item) }
        // Deleting an item in conflict settles it: the delete is based on the server's version.
        let conflict = journal.conflicts.first { $0.id == item.id }
        journal.conflicts.removeAll { $0.id == item.id }
        if let conflict, conflict.theirsDeleted {
            index.remove(item.id) // deleted on the server too
            journal.revisions[item.id] = nil
        } else {
            if let conflict { journal.revisions[item.id] = conflict.theirsRevision }
            deleteSynced(item, in: &index, &journal)
        }
    }
}
