import KakeiboValues

/// The store's settings files (`SettingsFile`): each beside the month files, so it travels with the household's
/// data; changed under the store's lock and written atomically (0600), the file it replaces kept for `undo`; a file
/// that can't be read is reported and never overwritten.
extension LedgerStore {
    /// Where a settings file of this store is.
    public func path<Value, Context>(of file: SettingsFile<Value, Context>) -> String { FileSystem.join(root, file.name) }

    /// A settings file's value, or what it holds empty when the file doesn't exist yet.
    public func read<Value, Context>(_ file: SettingsFile<Value, Context>) throws -> Value {
        let path = path(of: file)
        guard let bytes = try FileSystem.read(path) else { return file.empty }
        do { return try file.decode(bytes) } catch { throw SettingsFileError(path: path, problem: error) }
    }

    /// Reads a settings file under the store's lock, lets `body` change its value, and writes it back if it did.
    /// If `body` throws, or the file can't be read, nothing is written.
    public func update<Value, T>(_ file: SettingsFile<Value, Void>, _ body: (inout Value) throws -> T) throws -> T {
        try update(file, (), body)
    }

    /// The same for a file whose bytes depend on `context` too (budgets.json on the household's categories).
    public func update<Value, Context, T>(
        _ file: SettingsFile<Value, Context>, _ context: Context, _ body: (inout Value) throws -> T
    ) throws -> T {
        let checked: (inout Value) throws -> T = { value in
            let before = value
            let result = try body(&value)
            if value != before { try ServerCell.check(file, before: before, after: value, context) }
            return result
        }
        return try updateFile(path(of: file), read: { try read(file) }, encode: { file.encode($0, context) }, checked)
    }
}

extension StoreTransaction {
    /// A settings file's value as it stands in this change (what it holds empty when there is no file).
    public mutating func read<Value, Context>(_ file: SettingsFile<Value, Context>) throws -> Value {
        guard let bytes = try self.file(file.name) else { return file.empty }
        do { return try file.decode(bytes) } catch { throw SettingsFileError(path: store.path(of: file), problem: error) }
    }

    /// Replaces a settings file's value in the same commit as the months this change writes (one backup, one undo).
    public mutating func write<Value>(_ file: SettingsFile<Value, Void>, _ value: Value) throws {
        try ServerCell.check(file, before: try read(file), after: value, ())
        try setFile(file.name, file.encode(value))
    }
}

/// A settings file exists but can't be used; it is left exactly as it is.
public struct SettingsFileError: KakeiboFailure, Equatable {
    public let path: String
    public let problem: SettingsFileProblem

    public init(path: String, problem: SettingsFileProblem) {
        self.path = path
        self.problem = problem
    }

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        language.pick("\(path) is unreadable and was left untouched: ", "\(path) を読めません（ファイルは変更していません）: ")
            + problem.message(in: language)
    }
}
