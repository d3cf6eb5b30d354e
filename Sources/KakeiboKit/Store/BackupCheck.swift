/// What `check` reports of the backups.
extension Backups {

    /// Backups that could not be put back: a manifest that can't be read, or a kept file that isn't what it recorded.
    func check() throws(StoreError) -> [StoreProblem] {
        var problems: [StoreProblem] = []
        let entries = try self.entries()
        for number in try numbers().sorted() where !entries.contains(where: { $0.number == number }) {
            let manifest = FileSystem.join(entryDirectory(number), Backups.manifestName)
            guard FileSystem.exists(manifest) else { continue } // never finished: removed by the next change
            problems.append(StoreProblem(.warning, manifest, .backup(.unreadable(number: number))))
        }
        for entry in entries {
            for record in entry.months {
                do { _ = try kept(record, of: entry) } catch UndoError.damaged(let number, let path) {
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

    public func message(in language: Language) -> String {
        switch self {
        case .unreadable(let number):
            return language.pick("backup #\(number)'s record can't be read: it can't be undone", "バックアップ #\(number) の記録を読めないため、取り消しに使えません")
        case .damaged(let number):
            return language.pick(
                "backup #\(number) doesn't hold the file it recorded: it can't be undone", "バックアップ #\(number) のファイルが記録と一致しないため、取り消しに使えません")
        }
    }
}
