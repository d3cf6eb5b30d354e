import KakeiboValues

/// What `check` reports of the backups.
extension Backups {

    /// Backups that could not be put back: a manifest that can't be read, or a kept file that isn't what it recorded.
    package func check() throws(StoreError) -> [StoreProblem] {
        var problems: [StoreProblem] = []
        let entries: [Entry]
        do {
            let scanned = try scan()
            entries = scanned.entries
            for number in scanned.unreadable {
                problems.append(StoreProblem(.warning, manifestPath(number), .backup(.unreadable(number: number))))
            }
        } catch {
            // The backups can't even be listed: `undo` can't work, and says so.
            return [StoreProblem(.warning, directory, .io(error))]
        }
        // A month or file that can't be read now is reported as such; without it no backup can be judged applied.
        let history = try? self.history()
        for entry in history?.entries ?? [] where history?.isPartlyApplied(entry) == true {
            problems.append(StoreProblem(.error, entryDirectory(entry.number), .backup(.partlyApplied(number: entry.number))))
        }
        for entry in entries {
            let checks: [() throws -> Void] =
                entry.months.map { record in { _ = try kept(record, of: entry) } } + entry.files.map { record in { _ = try kept(record, of: entry) } }
            for check in checks {
                do { try check() } catch UndoError.damaged(let number, let path) {
                    problems.append(StoreProblem(.warning, path, .backup(.damaged(number: number))))
                } catch {
                    problems.append(StoreProblem(.warning, entryDirectory(entry.number), .backup(.damaged(number: entry.number))))
                }
            }
        }
        return problems
    }
}

/// A backup `check` found unusable (a warning: the store itself is fine).
public enum BackupProblem: Sendable, Equatable {
    case unreadable(number: Int)
    case damaged(number: Int)
    /// The change is in some of its months and not in others.
    case partlyApplied(number: Int)

    public func message(in language: Language) -> String {
        switch self {
        case .unreadable(let number):
            return language.pick("backup #\(number)'s record can't be read: it can't be undone", "バックアップ #\(number) の記録を読めないため、取り消しに使えません")
        case .partlyApplied(let number):
            return language.pick(
                "change #\(number) is only partly in the store: some of its months are as they were before it (its files were removed while it was written); backups/\(Backups.directoryLabel(number)) holds the months as they were",
                "変更 #\(number) は一部の月にしか反映されていません（書き込み中にファイルが削除されました）。変更前の月は backups/\(Backups.directoryLabel(number)) にあります")
        case .damaged(let number):
            return language.pick(
                "backup #\(number) doesn't hold the file it recorded: it can't be undone", "バックアップ #\(number) のファイルが記録と一致しないため、取り消しに使えません")
        }
    }
}
