import KakeiboValues

/// The household's month notes: `notes.json` beside the month files and budgets.json, written the same way
/// (under the store's lock, atomically, 0600); a file that can't be read is reported and never overwritten.
public struct NoteStore: Sendable {
    public let store: LedgerStore

    public init(store: LedgerStore) { self.store = store }

    public static let fileName = "notes.json"

    public var path: String { FileSystem.join(store.root, NoteStore.fileName) }

    /// Every month's note, or none when the file doesn't exist yet.
    public func read() throws -> [YearMonth: String] {
        guard let bytes = try FileSystem.read(path) else { return [:] }
        do { return try NoteCodec.decode(bytes) } catch { throw NoteFileError(path: path, problem: error) }
    }

    /// Reads the notes under the store's lock, lets `body` change them, and writes them back if it did.
    public func update<T>(_ body: (inout [YearMonth: String]) throws -> T) throws -> T {
        try store.updateFile(path, read: read, encode: NoteCodec.encode, body)
    }
}

/// The notes file exists but can't be used; it is left exactly as it is.
public struct NoteFileError: KakeiboFailure, Equatable {
    public var path: String
    public var problem: NoteFileProblem

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        language.pick("\(path) is unreadable and was left untouched: ", "\(path) を読めません（ファイルは変更していません）: ")
            + problem.message(in: language)
    }
}
