import KakeiboValues

extension LedgerStore {
    /// Read-modify-write of one of the store's own files beside the month files (budgets.json, notes.json, fixed.json): under
    /// the store's lock, written atomically (0600) only when `body` changed the value. If `body` throws, or the
    /// file can't be read, nothing is written. The file it replaces is kept in a backup first, as a change of months
    /// is (see `Backups`), so `undo` puts it back.
    func updateFile<Value: Equatable, T>(
        _ path: String, read: () throws -> Value, encode: (Value) -> [UInt8], _ body: (inout Value) throws -> T
    ) throws -> T {
        try FileSystem.makeDirectories(root)
        let lock = try StoreLock(writing: self)
        defer { lock.release() }
        let before = try read()
        var value = before
        let result = try body(&value)
        if value != before {
            try FileSystem.refuseSymbolicLink(path)
            try replaceFile(path, with: encode(value), operation: operation)
        }
        return result
    }

    /// Replaces one of the store's own files (nil: removes it), having kept the file it replaces in a backup; bytes
    /// that would not change are left alone. Called under the lock.
    package func replaceFile(_ path: String, with bytes: [UInt8]?, operation: StoreOperation?) throws(StoreError) {
        let old = try FileSystem.read(path)
        guard bytes != old else { return }
        let name = String(path.split(separator: "/").last ?? "")
        let backup = try Backups(store: self).keep([], files: [.init(name: name, before: old, after: bytes)], operation: operation)
        var committed = false
        do throws(StoreError) {
            if let bytes {
                try FileSystem.replaceAtomically(path, bytes, replaced: &committed)
            } else {
                guard unlink(path) == 0 || errno == ENOENT else { throw .io(path: path, operation: .remove, code: errno) }
                committed = true
                try FileSystem.syncDirectory(root)
            }
        } catch {
            if !committed { backup.discard() }
            throw error
        }
        backup.pruneOlder()
    }
}
