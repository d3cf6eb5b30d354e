import KakeiboValues

/// Keeping a backup: written before a change's commit point, discarded if the change fails, pruned to the last
/// `kept` once it commits.
extension Backups {

    /// A backup written for a change that has not committed yet.
    struct Pending {
        let backups: Backups
        let number: Int

        /// The change failed before its commit point: the backup goes too.
        func discard() {
            backups.remove(number)
            try? FileSystem.syncDirectory(backups.directory)
        }

        /// The change committed: drop the backups beyond the last `kept`.
        func pruneOlder() { backups.prune() }
    }

    /// One month a commit changes: its file's bytes before and after (nil: no file) and its item counts.
    struct Change {
        let month: YearMonth
        let before: [UInt8]?
        let after: [UInt8]?
        let beforeItems: Int
        let afterItems: Int
        /// Worked out once: the manifest records it, and the month's summary is stamped with it.
        let afterFingerprint: Fingerprint?

        init(month: YearMonth, before: [UInt8]?, after: [UInt8]?, beforeItems: Int, afterItems: Int) {
            self.month = month
            self.before = before
            self.after = after
            self.beforeItems = beforeItems
            self.afterItems = afterItems
            afterFingerprint = after.map(Fingerprint.init(of:))
        }
    }

    /// One of the store's other files (`budgets.json`…) a change replaces: its bytes before and after (nil: no file).
    struct FileChange {
        let name: String
        let before: [UInt8]?
        let after: [UInt8]?
    }

    /// Keeps the files `changes` and `files` will replace, before anything is written. Called under the lock.
    func keep(_ changes: [Change], files: [FileChange] = [], operation: StoreOperation?) throws(StoreError) -> Pending {
        let fileRecords = files.map { change in
            StoreFileRecord(name: change.name, before: change.before.map(Fingerprint.init(of:)), after: change.after.map(Fingerprint.init(of:)))
        }
        let records = changes.map { change in
            MonthRecord(
                month: change.month, before: change.before.map { FileRecord(fingerprint: Fingerprint(of: $0), items: change.beforeItems) },
                after: change.afterFingerprint.map { FileRecord(fingerprint: $0, items: change.afterItems) })
        }
        let created = !FileSystem.isDirectory(directory)
        try FileSystem.makeStoreDirectory(directory)
        let number = try nextNumber()
        let entry = Entry(number: number, operation: operation ?? StoreOperation(name: "write", time: .now()), months: records, files: fileRecords)
        let path = entryDirectory(number)
        do {
            try FileSystem.makeStoreDirectory(path)
            let replaced = changes.map { (LedgerStore.fileName($0.month), $0.before) } + files.map { ($0.name, $0.before) }
            for (name, before) in replaced {
                guard let bytes = before else { continue }
                // A second name for the file as it stands: kakeibo only ever replaces a store file by rename, never
                // writes into it, so these bytes stay as they are, at no cost however large the file. (An editor
                // writing into the file in place would change them: `undo` checks them before using them.)
                let kept = FileSystem.join(path, name)
                if link(FileSystem.join(store.root, name), kept) != 0 { try FileSystem.writeNewFile(kept, bytes) }
            }
            // The manifest last: a backup without one was interrupted, and is never used.
            try FileSystem.writeNewFile(FileSystem.join(path, Backups.manifestName), BackupManifest.encode(entry))
            try FileSystem.syncDirectory(path)
            try FileSystem.syncDirectory(directory)
        } catch {
            remove(number)
            if created { rmdir(directory) }
            throw error
        }
        return Pending(backups: self, number: number)
    }

    /// The number the next backup gets: one more than any backup directory's, complete or not.
    package func nextNumber() throws(StoreError) -> Int {
        let last = try numbers().max() ?? 0
        guard last < Int.max else { throw .backupNumbersExhausted(path: entryDirectory(last)) }
        return last + 1
    }

    /// The numbers of the backup directories: every name of six or more digits that is a number (so the next one
    /// after any of them is one too, and is never taken again).
    func numbers() throws(StoreError) -> [Int] {
        try FileSystem.refuseLinkedDirectory(directory)
        return (try FileSystem.list(directory) ?? []).compactMap { name in
            // A link among them is no backup of this store's (`check` reports it).
            guard name.utf8.count >= 6, name.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                FileSystem.kind(FileSystem.join(directory, name)) == .directory
            else { return nil }
            return Int(name)
        }
    }

    /// Removes a backup: its manifest first, so that a removal cut short leaves a backup that is never used.
    private func remove(_ number: Int) {
        let path = entryDirectory(number)
        unlink(FileSystem.join(path, Backups.manifestName))
        for name in (try? FileSystem.list(path)) ?? [] { unlink(FileSystem.join(path, name)) }
        rmdir(path)
    }

    /// Keeps the newest `kept` backup directories and removes the rest, oldest first. (One a crash left unfinished
    /// is never used, and goes when its number comes.) Failures are ignored: a backup too many is harmless.
    private func prune() {
        guard let numbers = try? numbers().sorted(by: >), numbers.count > Backups.kept else { return }
        for number in numbers[Backups.kept...].reversed() { remove(number) }
    }
}
