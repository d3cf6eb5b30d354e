import KakeiboValues

extension LedgerStore {
    /// Runs `body` with the store locked, then commits the months it changed, having first kept the files they
    /// replace (see `Backups`). If `body` throws, nothing is written.
    public func write<T>(_ body: (inout StoreTransaction) throws -> T) throws -> T {
        try FileSystem.makeDirectories(root)
        let lock = try StoreLock(writing: self)
        defer { lock.release() }
        try recover()
        removeTemporaryFiles()
        var transaction = StoreTransaction(store: self)
        let result = try body(&transaction)
        try commit(transaction)
        return result
    }

    /// Puts a month's summary in place after its month was written. If that fails the old summary no longer matches
    /// the month file, so it is removed (or, failing even that, passed over when read): the write still succeeded.
    private func writeSummary(_ bytes: [UInt8], _ month: YearMonth) {
        do {
            try FileSystem.makeStoreDirectory(summaryDirectory)
            try FileSystem.replaceAtomically(summaryPath(month), bytes, durable: false)
        } catch {
            unlink(summaryPath(month))
        }
    }

    /// Writes the changed months.
    ///
    /// First the files they replace are kept in a backup (see `Backups`), and months whose bytes would not change
    /// are left alone. Then, one month: a temporary file, fsync, rename over the old one, fsync of the directory.
    /// Several: each is staged complete in `.tx/`, then a journal naming them is written and flushed — the commit
    /// point — and only then are they renamed into place. A crash before the journal leaves every month as it was;
    /// a crash after it is rolled forward by the next command, so either all the months change or none does.
    /// A failure before the commit point removes the backup too, so the store is byte-for-byte as it was.
    ///
    /// Each month's summary is part of the same commit: staged and named in the journal with the months, or, for a
    /// single month, written just after it (not flushed, and a failure there doesn't undo the month). A summary is
    /// used only while it matches its month file's bytes, so a crash at any point can make it unusable, never wrong.
    private func commit(_ transaction: StoreTransaction) throws(StoreError) {
        var changes: [Backups.Change] = []
        for month in transaction.changed.sorted() {
            let items = transaction.cache[month] ?? []
            let bytes = transaction.restored[month] ?? (items.isEmpty ? nil : MonthFileCodec.encode(items, month: month))
            let before = transaction.original[month] ?? nil
            // A month whose bytes would not change is left alone: nothing to write, nothing to back up.
            guard bytes != before else { continue }
            changes.append(
                Backups.Change(
                    month: month, before: before, after: bytes, beforeItems: transaction.counts[month] ?? 0, afterItems: items.count))
        }
        let fileChanges = transaction.files.keys.sorted().compactMap { name -> Backups.FileChange? in
            let after = transaction.files[name] ?? nil
            let before = transaction.originalFiles[name] ?? nil
            return after == before ? nil : Backups.FileChange(name: name, before: before, after: after)
        }
        guard !changes.isEmpty || !fileChanges.isEmpty else { return }
        let backup = try Backups(store: self).keep(changes, files: fileChanges, operation: transaction.operation)
        // Each month's summary, made from its items and stamped with the bytes it describes.
        let files = changes.map { change in
            (
                month: change.month, bytes: change.after,
                summary: change.afterFingerprint.map { fingerprint in
                    let items = transaction.cache[change.month] ?? []
                    return SummaryFileCodec.encode(
                        MonthSummary(month: change.month, items: items), source: fingerprint, days: DaySums(month: change.month, items: items))
                }
            )
        }
        var committed = false
        do { try put(files, others: fileChanges, committed: &committed) } catch {
            if !committed { backup.discard() }
            throw error
        }
        backup.pruneOlder()
    }

    /// Puts the changed files in place: one file at once, several through a journal (see `commit`).
    private func put(
        _ changes: [(month: YearMonth, bytes: [UInt8]?, summary: [UInt8]?)], others: [Backups.FileChange], committed: inout Bool
    ) throws(StoreError) {
        if changes.isEmpty, others.count == 1, let file = others.first {
            let path = FileSystem.join(root, file.name)
            if let bytes = file.after {
                try FileSystem.replaceAtomically(path, bytes, replaced: &committed)
            } else {
                guard unlink(path) == 0 || errno == ENOENT else { throw .io(path: path, operation: .remove, code: errno) }
                committed = true
                try FileSystem.syncDirectory(root)
            }
            return
        }
        if others.isEmpty, changes.count == 1, let (month, bytes, summary) = changes.first {
            if let bytes, let summary {
                try FileSystem.replaceAtomically(path(month), bytes, replaced: &committed)
                writeSummary(summary, month)
            } else {
                guard unlink(path(month)) == 0 || errno == ENOENT else {
                    throw .io(path: path(month), operation: .remove, code: errno)
                }
                committed = true
                try FileSystem.syncDirectory(root)
                unlink(summaryPath(month))
            }
            return
        }
        try stage(changes, others: others, committed: &committed)
        try recover(ownCommit: true)
    }

    /// Stages each file complete in `.tx/`, then writes the journal naming them: the commit point. A failure before
    /// it throws the staged files away, so every month is as it was.
    private func stage(
        _ changes: [(month: YearMonth, bytes: [UInt8]?, summary: [UInt8]?)], others: [Backups.FileChange], committed: inout Bool
    ) throws(StoreError) {
        try FileSystem.makeStoreDirectory(journalDirectory)
        var journal = ""
        do {
            for (month, bytes, _) in changes {
                let name = JournalFile.month(month).name
                if let bytes {
                    try FileSystem.writeNewFile(FileSystem.join(journalDirectory, name), bytes)
                    journal += "put \(name)\n"
                } else {
                    journal += "delete \(name)\n"
                }
            }
            for (month, _, summary) in changes {
                let name = JournalFile.summary(month).name
                if let summary {
                    try FileSystem.writeNewFile(FileSystem.join(journalDirectory, name), summary, durable: false)
                    journal += "put \(name)\n"
                } else {
                    journal += "delete \(name)\n"
                }
            }
            for file in others {
                if let bytes = file.after {
                    try FileSystem.writeNewFile(FileSystem.join(journalDirectory, file.name), bytes)
                    journal += "put \(file.name)\n"
                } else {
                    journal += "delete \(file.name)\n"
                }
            }
            try FileSystem.syncDirectory(journalDirectory)
            try FileSystem.replaceAtomically(commitPath, Array(journal.utf8), replaced: &committed)
        } catch {
            // Nothing has been committed: throw the staged files away and leave every month as it was.
            if !committed, let names = try? FileSystem.list(journalDirectory) {
                for name in names { unlink(FileSystem.join(journalDirectory, name)) }
            }
            throw error
        }
    }
}
