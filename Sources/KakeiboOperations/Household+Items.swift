import KakeiboStore
import KakeiboValues

extension Household {
    /// Records new items (each in its date's month), pending until the server has them: all land, or none does.
    /// Their months are then matched (`match`): a typed purchase another source has is one item.
    @discardableResult
    public func add(_ new: [WireItem]) throws -> ItemsAdded {
        try Household.checkDates(new.map(\.date))
        let items = new.map { $0.item(added: now, sync: .pending) }
        return try change { index in
            for item in items { try index.insert(item) }
            return ItemsAdded(items: items, matched: try matchAdded(items, in: &index))
        }.result
    }

    /// Adds one item as typed (`kakeibo add`); with `filing`, where no category was given, it is filed first by the
    /// household's rules, then by its name's or shop's last use (a payment, member or tag typed with it stays).
    public func add(_ new: WireItem, filing taxonomy: Taxonomy?) throws -> ItemAdded {
        guard let taxonomy else { return ItemAdded(added: try add([new]), filing: nil) }
        var item = new
        let filer = try filer(for: item.name, taxonomy: taxonomy)
        let filed = try filer.file([item.name] + (item.details.shop.map { [$0] } ?? []), unfiled: false)
        item.category = filed.category
        if item.details.payment == nil { item.details.payment = filed.payment }
        if item.details.member == nil { item.details.member = filed.member }
        item.details.tags = Tags.adding(filed.tags, to: item.details.tags)
        return ItemAdded(added: try add([item]), filing: filed.reason == .fallback ? nil : (filed, filer.rules))
    }

    /// Adds the items whose ids are not in their month yet, in order, then matches their months.
    public func addNew(_ new: [WireItem]) throws -> ItemsAdded {
        try Household.checkDates(new.map(\.date))
        return try change { index in
            var added: [Item] = []
            for (month, group) in Dictionary(grouping: new, by: \.date.yearMonth).sorted(by: { $0.key < $1.key }) {
                try index.load(month)
                for wire in group where index.item(wire.id) == nil {
                    let item = wire.item(added: now, sync: .pending)
                    try index.insert(item)
                    added.append(item)
                }
            }
            return ItemsAdded(items: added, matched: try matchAdded(added, in: &index))
        }.result
    }

    /// Changes one item; a new date moves it to the end of its new month. An item the server has becomes edited.
    public func edit(_ id: String, _ changes: ItemChanges) throws -> ItemEdited { try edit([id], changes)[0] }

    /// Changes several items alike, in one write (all of them, or none). A merged item is one purchase: its lines
    /// change with it, so they stay one purchase and the edit holds when another source's line joins later. The
    /// months are then matched again.
    public func edit(_ ids: [String], _ changes: ItemChanges) throws -> [ItemEdited] {
        try change { index in
            var edited: [ItemEdited] = []
            var moved: [String] = []
            for id in ids {
                let before = try find(id, in: &index)
                let after = try changed(before, changes)
                try index.replace(after)
                edited.append(ItemEdited(before: before, after: after))
                let lines = try lines(of: before, in: &index)
                for line in lines { try index.replace(try changed(line, changes)) }
                if before.date.yearMonth != after.date.yearMonth { moved += [id] + lines.map(\.id) }
            }
            // Moved to another month by the user: an import of its file looks in the line's own month, and must
            // not add it there again.
            try RemovedLines.note(moved, &index, store)
            _ = try match(index.touched, in: &index, accounts: try accounts())
            return edited.map { ItemEdited(before: $0.before, after: index.item($0.after.id) ?? $0.after) }
        }.result
    }

    /// The item with the changes, marked changed here when the server would see them.
    private func changed(_ item: Item, _ changes: ItemChanges) throws -> Item {
        var after = changes.applied(to: item)
        if after.date != item.date { try Household.checkDates([after.date]) }
        // Tags added to those the item has may pass the most an item carries: refused, the item left as it was.
        if after.details.tags.count > Tags.maximumCount { throw TagError.tooMany(count: after.details.tags.count) }
        if WireItem(after) != WireItem(item) { after.sync = item.sync.afterLocalChange }
        return after
    }

    /// The lines merged into an item (none for an item no other line was merged into), read into the index.
    func lines(of item: Item, in index: inout ItemIndex) throws -> [Item] {
        guard !item.isMerged else { return [] }
        // Lines are within days of the item they were merged into: its month and those either side hold them.
        let months = try index.transaction.months()
        for month in Household.span([item.date.yearMonth]) where months.contains(month) { try index.load(month) }
        return index.all.filter { $0.details.merged == item.id }
    }

    /// Removes one item. One the server may have goes too when the server takes deletes (the change protocol): the
    /// next sync sends the delete. A plain server only appends, so there such an item is refused. `syncs`: this
    /// store has a server configured, so a pending item may be on it already (a push whose answer was lost).
    /// A merged item goes with its lines (the purchase is gone); a merged line alone leaves the item it was in.
    /// A fixed cost's posting stays deleted: its month is skipped in fixed.json, in the same change (see `skip`).
    public func delete(_ id: String, syncs: Bool = false) throws -> ItemDeleted {
        try change { index in
            let item = try find(id, in: &index)
            var journal = try SyncJournalFile.read(store, memo: journalMemo)
            let before = journal
            let lines = try self.lines(of: item, in: &index)
            try remove(item, syncs: syncs, in: &index, &journal)
            for line in lines { try remove(line, syncs: syncs, in: &index, &journal) }
            // Deleted by the user: importing its file again brings none of them back.
            try RemovedLines.note([item.id] + lines.map(\.id), &index, store)
            if journal != before { try SyncJournalFile.write(journal, store, memo: journalMemo) }
            _ = try match(index.touched, in: &index, accounts: try accounts())
            let skipped = try FixedSkip(itemID: item.id).flatMap { try skip($0, in: &index) }
            return ItemDeleted(item: item, skipped: skipped, lines: lines)
        }.result
    }

    /// Removes an item found in this change, and records what the sync state must remember of it.
    func delete(_ item: Item, syncs: Bool, in index: inout ItemIndex) throws {
        var journal = try SyncJournalFile.read(store, memo: journalMemo)
        let before = journal
        try remove(item, syncs: syncs, in: &index, &journal)
        if journal != before { try SyncJournalFile.write(journal, store, memo: journalMemo) }
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

    /// Refuses a date the household server takes none of: an item is made only with what syncs (`SyncLimits`).
    static func checkDates(_ dates: [CalendarDate]) throws(ValueError) {
        if let date = dates.first(where: { !SyncLimits.takes($0) }) { throw .dateOutsideSync(date) }
    }
}
