import KakeiboStore
import KakeiboValues

extension Household {
    /// What the sync state knows is wrong (`kakeibo check`): every item marked synced whose content is not what was
    /// last synced with nothing queued to send it (a hand edit), and every item whose change the server refused,
    /// with its reason.
    public func divergent() throws -> [StoreProblem] {
        guard let journal = try checkedJournal(), journal.changeProtocol else { return [] }
        var problems: [StoreProblem] = []
        for month in try store.months() {
            guard let items = try? store.items(in: month) else { continue } // reported as unreadable already
            for item in journal.divergent(items) {
                problems.append(StoreProblem(.error, store.path(month), .diverged(month: month), item: item.id))
            }
            for item in items {
                guard let reason = journal.refused[item.id] else { continue }
                problems.append(StoreProblem(.warning, store.path(month), .refused(reason: reason), item: item.id))
            }
        }
        return problems
    }

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

    /// The sync state for `check`: nil when its file is no file or too large (the store's check names it).
    func checkedJournal() throws -> SyncJournal? {
        do { return try journal() } catch let error as StoreError {
            if case .notAFile = error { return nil }
            if case .fileTooLarge = error { return nil }
            throw error
        }
    }
}
