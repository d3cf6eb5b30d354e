import KakeiboValues

/// The household's accounts: `accounts.json` beside the month files, written as rules.json is (under the store's
/// lock, atomically, kept for `undo`); a file that can't be read is reported and never overwritten.
public struct AccountStore: Sendable {
    public let store: LedgerStore

    public init(store: LedgerStore) { self.store = store }

    public static let fileName = "accounts.json"

    public var path: String { FileSystem.join(store.root, AccountStore.fileName) }

    /// The accounts, or none when the file doesn't exist yet.
    public func read() throws -> Accounts {
        guard let bytes = try FileSystem.read(path) else { return Accounts() }
        do { return try AccountsCodec.decode(bytes) } catch { throw AccountsFileError(path: path, problem: error) }
    }

    /// Writes the accounts, under the lock the caller holds (inside a change of items).
    public func write(_ accounts: Accounts) throws {
        try FileSystem.refuseSymbolicLink(path)
        try store.replaceFile(path, with: AccountsCodec.encode(accounts), operation: store.operation)
    }
}

/// The accounts file exists but can't be used; it is left exactly as it is.
public struct AccountsFileError: KakeiboFailure, Equatable {
    public var path: String
    public var problem: AccountsFileProblem

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        language.pick("\(path) is unreadable and was left untouched: ", "\(path) を読めません（ファイルは変更していません）: ")
            + problem.message(in: language)
    }
}
