import KakeiboStore
import KakeiboValues

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
}
