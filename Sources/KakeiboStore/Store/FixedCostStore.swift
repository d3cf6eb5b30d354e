import KakeiboValues

/// The household's fixed costs: `fixed.json` beside the month files, written as budgets.json is (under the store's
/// lock, atomically, 0600); a file that can't be read is reported and never overwritten.
public struct FixedCostStore: Sendable {
    public let store: LedgerStore

    public init(store: LedgerStore) { self.store = store }

    public static let fileName = "fixed.json"

    public var path: String { FileSystem.join(store.root, FixedCostStore.fileName) }

    /// The fixed costs, or none when the file doesn't exist yet.
    public func read() throws -> FixedCosts {
        guard let bytes = try FileSystem.read(path) else { return FixedCosts() }
        do { return try FixedCostCodec.decode(bytes) } catch { throw FixedCostFileError(path: path, problem: error) }
    }

    /// Reads the costs under the store's lock, lets `body` change them, and writes them back if it did.
    public func update<T>(_ body: (inout FixedCosts) throws -> T) throws -> T {
        try store.updateFile(path, read: read, encode: FixedCostCodec.encode, body)
    }
}

/// The fixed costs file exists but can't be used; it is left exactly as it is.
public struct FixedCostFileError: KakeiboFailure, Equatable {
    public var path: String
    public var problem: FixedCostFileProblem

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        language.pick("\(path) is unreadable and was left untouched: ", "\(path) を読めません（ファイルは変更していません）: ")
            + problem.message(in: language)
    }
}
