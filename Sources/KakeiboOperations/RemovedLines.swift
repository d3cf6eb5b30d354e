import KakeiboStore
import KakeiboValues

/// The ids of items deleted here or by a sync (`removed.json`), read and written inside a change of items, so an
/// import of their file again brings none of them back (docs/accounts.md#importing-again).
enum RemovedLines {
    /// The most ids kept; the oldest are forgotten first.
    static let kept = 50_000

    static func read(_ index: inout ItemIndex, _ store: LedgerStore) throws -> [String] {
        let file = SettingsFile.removedLines
        guard let bytes = try index.file(file.name) else { return file.empty }
        do { return try file.decode(bytes) } catch { throw SettingsFileError(path: store.path(of: file), problem: error) }
    }

    /// Adds the ids (an id once, at its newest place).
    static func note(_ ids: [String], _ index: inout ItemIndex, _ store: LedgerStore) throws {
        guard !ids.isEmpty else { return }
        let new = Set(ids)
        var all = try read(&index, store).filter { !new.contains($0) }
        var seen: Set<String> = []
        all += ids.filter { seen.insert($0).inserted }
        if all.count > kept { all.removeFirst(all.count - kept) }
        try index.setFile(SettingsFile.removedLines.name, SettingsFile.removedLines.encode(all))
    }
}
