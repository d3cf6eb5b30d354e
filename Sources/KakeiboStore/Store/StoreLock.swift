import KakeiboValues

/// The store's lock, held by every write (and by readers that need one moment's view).
///
/// It is a lock on the store directory itself: nothing a user would remove to "clear a stale lock" while keeping
/// the store. (A lock on `.lock` alone was split that way: the next writer made a new `.lock`, locked it, and wrote
/// beside the first.) `.lock` is locked too, after the directory, so a kakeibo from before this change still waits
/// for us, and it records who holds the lock for anyone waiting.
struct StoreLock {
    private let directory: FileLock
    private let file: FileLock?

    /// A writer's lock: creates `.lock` if needed and records this process in it.
    init(writing store: LedgerStore) throws(StoreError) {
        directory = try FileLock(directory: store.root, wait: store.lockWait, holderFile: store.lockPath)
        file = try FileLock(path: store.lockPath, wait: store.lockWait, purpose: store.operation?.name)
    }

    /// A reader's lock, creating nothing: nil where no store directory exists.
    init?(reading store: LedgerStore) throws(StoreError) {
        do { directory = try FileLock(directory: store.root, wait: store.lockWait, holderFile: store.lockPath) } catch {
            if case .io(_, _, let code) = error, code == ENOENT || code == EACCES { return nil }
            throw error
        }
        do { file = try FileLock(existing: store.lockPath, wait: store.lockWait) } catch {
            // `.lock` is only for kakeibos older than the directory's lock: a reader does without it when it is
            // missing, can't be opened, or is no file (`check` reports that; a writer refuses it).
            switch error {
            case .io(_, _, let code) where code == ENOENT || code == EACCES: file = nil
            case .notAFile: file = nil
            default: throw error
            }
        }
    }

    func release() {
        file?.release()
        directory.release()
    }
}
