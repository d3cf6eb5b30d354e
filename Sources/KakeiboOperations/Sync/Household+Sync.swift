import KakeiboStore
import KakeiboValues

extension Household {
    /// Items the server doesn't have in this version (pending and edited), oldest month first, in stored order.
    /// Read without the lock: for deciding what to send, before the write that checks it all again.
    public func unsent() throws -> [Item] {
        guard store.exists else { return [] }
        var unsent: [Item] = []
        for month in try store.months() { unsent += try store.items(in: month).filter { $0.sync != .synced } }
        return unsent
    }

    /// Items marked synced, oldest month first (what `sync --all` looks for on a new server). Read without the lock.
    public func syncedItems() throws -> [Item] {
        guard store.exists else { return [] }
        var synced: [Item] = []
        for month in try store.months() { synced += try store.items(in: month).filter { $0.sync == .synced } }
        return synced
    }

    /// Applies what the household server said, in one transaction: first `confirmed`, the copies it has of items
    /// sent from here (a push's), then `pulled`, whole months it sent (a pull's). Local first: what the server
    /// doesn't have in this version is never dropped. The store is read again under the lock, so items added or
    /// edited since the server was asked are kept.
    public func applyServer(confirmed: [WireItem], pulled: ServerMonths?) throws -> SyncOutcome {
        var outcome = SyncOutcome()
        outcome.changed = try change { index in
            // Every month: the server may list an item under another month than the one it lives in here.
            try index.loadAll()
            for copy in confirmed { confirm(copy, in: &index, &outcome) }
            if let pulled {
                // An id deleted here is back only if it is here again (imported anew).
                let dismissed = Set(try SyncJournalFile.read(store, memo: journalMemo).dismissed).subtracting(index.all.map(\.id))
                try pull(ServerMonths(months: pulled.months, items: pulled.items.filter { !dismissed.contains($0.id) }), in: &index, &outcome)
            }
            outcome.matched = try match(index.touched, in: &index, accounts: try accounts())
            outcome.unsent = index.all.filter { $0.sync != .synced }
        }.changed
        return outcome
    }

    /// The server has this copy: a pending or edited item that matches becomes synced; a pending one that differs
    /// was changed here after it was sent, so it is kept and marked edited (the server can't take the change).
    /// Details the copy doesn't carry are not a difference: the app's server has no field for them.
    private func confirm(_ copy: WireItem, in index: inout ItemIndex, _ outcome: inout SyncOutcome) {
        guard let local = index.item(copy.id), local.sync != .synced else { return }
        if WireItem(local) == copy.keeping(local) {
            index.mark(copy.id, .synced)
            outcome.synced += 1
        } else if local.sync == .pending {
            index.mark(copy.id, .edited)
            outcome.edited.append(local)
        }
    }

    /// Replaces the synced items of the fetched months with the server's copies. What the server doesn't have in
    /// this version (pending and edited items) is kept; an item the server lists under another month moves there.
    /// A copy updates the fields it has and keeps the details it has no field for (memo, tags, member, …: kakeibo's).
    /// Counts in `outcome.received` each item that is new here, different, moved, or gone.
    private func pull(_ pulled: ServerMonths, in index: inout ItemIndex, _ outcome: inout SyncOutcome) throws {
        var previous: [String: Item] = [:]
        for month in pulled.months {
            previous.merge(index.removeAll(in: month) { $0.sync == .synced }) { first, _ in first }
        }
        var kept: Set<String> = []
        for copy in pulled.items {
            if let local = index.item(copy.id) {
                if local.sync != .synced {
                    confirm(copy, in: &index, &outcome)
                    continue
                }
                previous[copy.id] = index.remove(copy.id) // synced in a month not fetched: the server moved it
            }
            kept.insert(copy.id)
            let before = previous[copy.id]
            let copy = copy.keeping(before)
            if before.map({ WireItem($0) != copy || $0.date.yearMonth != copy.date.yearMonth }) ?? true {
                outcome.received.add(copy.id, copy.date.yearMonth)
            }
            try index.insert(copy.item(added: before?.added ?? now, sync: .synced))
        }
        for (id, item) in previous where !kept.contains(id) { outcome.received.add(id, item.date.yearMonth) }
    }
}

/// Whole months as the household server sent them: the months asked for, and every item it listed for them, in its
/// order. Each item is filed under its own date's month, which may not be one of these.
public struct ServerMonths: Sendable, Equatable {
    public var months: [YearMonth]
    public var items: [WireItem]

    public init(months: [YearMonth], items: [WireItem]) {
        self.months = months
        self.items = items
    }
}

/// What applying the household server's answers did.
public struct SyncOutcome: Sendable, Equatable {
    /// Items here the server confirmed having: now synced.
    public var synced = 0
    /// Items changed here after the server got them: kept as they are here, marked edited.
    public var edited: [Item] = []
    /// The months whose items changed, oldest first.
    public var changed: [YearMonth] = []
    /// Items the server doesn't have in this version (pending and edited), after the write.
    public var unsent: [Item] = []
    /// What matching the months that changed did.
    public var matched = MatchOutcome()
    /// The items a pull changed here (new, different, moved or gone).
    public var received = ReceivedItems()

    public init() {}
}
