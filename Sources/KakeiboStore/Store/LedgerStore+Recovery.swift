import KakeiboValues

extension LedgerStore {
    /// Runs `body` with the store locked and any interrupted commit finished, so that it sees every file as of one
    /// moment. A store no kakeibo has written to (no lock file), or whose lock file can't be opened, is read as it
    /// stands; nothing is created unless an interrupted commit has to be finished.
    func readingLocked<T>(_ body: () throws -> T) throws -> T {
        try finishInterruptedCommit() // as every command does before reading
        guard let lock = try StoreLock(reading: self) else { return try body() }
        defer { lock.release() }
        if FileSystem.kind(commitPath) != nil { try recover() }
        return try body()
    }

    /// Whether a name in the store's directory is the temporary file of a write (`.2024-12.json.tmp-PID`).
    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".") && name.includes(".tmp-") }

    /// Removes the temporary files of writes that were killed before their rename. Only a lock holder writes here,
    /// so under the lock any such file is left over.
    func removeTemporaryFiles() {
        for directory in [root, summaryDirectory] {
            guard let names = try? FileSystem.list(directory) else { continue }
            for name in names where LedgerStore.isTemporary(name) { unlink(FileSystem.join(directory, name)) }
        }
    }

    /// If a multi-month commit was interrupted (the process was killed), completes it before anyone reads.
    func finishInterruptedCommit() throws(StoreError) {
        guard FileSystem.kind(commitPath) != nil else { return }
        // Waiting for the lock also waits for a commit that is still under way.
        let lock = try StoreLock(writing: self)
        defer { lock.release() }
        try recover()
    }

    /// Rolls a committed journal forward, and throws away the temporary files of one that never committed.
    /// Finishing its own commit (`ownCommit`), a writer expects every file it staged to be there: one that is gone
    /// was removed behind its back, and the change, applied without it, is reported as only partly done.
    func recover(ownCommit: Bool = false) throws(StoreError) {
        // Staged files come only from the store's own `.tx`: never through a link from elsewhere.
        try FileSystem.refuseLinkedDirectory(journalDirectory)
        guard let names = try FileSystem.list(journalDirectory) else { return }
        var gone: String?
        if let journal = try FileSystem.read(commitPath) {
            for line in String(decoding: journal, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let file = JournalFile(name: String(parts[1])) else { continue }
                let staged = FileSystem.join(journalDirectory, file.name)
                switch (parts[0], file) {
                case ("put", .month(let month)) where FileSystem.exists(staged):
                    guard rename(staged, path(month)) == 0 else { throw .io(path: path(month), operation: .rename, code: errno) }
                case ("put", .month):
                    if ownCommit && gone == nil { gone = staged }
                case ("delete", .month(let month)):
                    if unlink(path(month)) != 0 && errno != ENOENT { throw .io(path: path(month), operation: .remove, code: errno) }
                case ("put", .summary(let month)) where FileSystem.exists(staged):
                    // A summary that can't be put in place is left out: the month is read instead.
                    if (try? FileSystem.makeStoreDirectory(summaryDirectory)) == nil || rename(staged, summaryPath(month)) != 0 {
                        unlink(summaryPath(month))
                    }
                case ("delete", .summary(let month)):
                    unlink(summaryPath(month))
                case ("put", .storeFile(let name)) where FileSystem.exists(staged):
                    let path = FileSystem.join(root, name)
                    guard rename(staged, path) == 0 else { throw .io(path: path, operation: .rename, code: errno) }
                case ("put", .storeFile):
                    if ownCommit && gone == nil { gone = staged }
                case ("delete", .storeFile(let name)):
                    let path = FileSystem.join(root, name)
                    if unlink(path) != 0 && errno != ENOENT { throw .io(path: path, operation: .remove, code: errno) }
                default:
                    break
                }
            }
            try FileSystem.syncDirectory(root)
        }
        for name in names where name != "COMMIT" { unlink(FileSystem.join(journalDirectory, name)) }
        if unlink(commitPath) == 0 { try FileSystem.syncDirectory(journalDirectory) }
        if let gone { throw .stagedFileGone(path: gone) }
    }
}

/// A file a commit stages in `.tx/` and names in its journal: a month file (`2024-12.json`, which goes to the
/// store's root), a month's summary (`2024-12.summary.json`, which goes to `.summary/2024-12.json`) or one of the
/// store's other files (`ic-cards.json`, to the store's root). A kakeibo that predates summaries or other files
/// skips the lines it doesn't know, so its recovery still installs the months.
enum JournalFile: Equatable {
    case month(YearMonth)
    case summary(YearMonth)
    case storeFile(String)

    private static let summarySuffix = ".summary.json"

    var name: String {
        switch self {
        case .month(let month): return LedgerStore.fileName(month)
        case .summary(let month): return month.iso + JournalFile.summarySuffix
        case .storeFile(let name): return name
        }
    }

    init?(name: String) {
        if let month = LedgerStore.month(fileName: name) {
            self = .month(month)
        } else if name.hasSuffix(JournalFile.summarySuffix),
            let month = YearMonth.parseISO(String(name.dropLast(JournalFile.summarySuffix.utf8.count)))
        {
            self = .summary(month)
        } else if Backups.isStoreFileName(name) {
            self = .storeFile(name)
        } else {
            return nil
        }
    }
}
