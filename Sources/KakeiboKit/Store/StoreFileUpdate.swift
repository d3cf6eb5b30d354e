extension LedgerStore {
    /// Read-modify-write of one of the store's own files beside the month files (budgets.json, notes.json, fixed.json): under
    /// the store's lock, written atomically (0600) only when `body` changed the value. If `body` throws, or the
    /// file can't be read, nothing is written.
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
            try FileSystem.replaceAtomically(path, encode(value))
        }
        return result
    }
}
