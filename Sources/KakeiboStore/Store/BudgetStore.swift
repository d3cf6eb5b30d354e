import KakeiboValues

/// The household's monthly budgets: `budgets.json` beside the month files, so they travel with the household's data.
/// Changes are made under the store's lock and written atomically (0600); a file that can't be read is reported
/// and never overwritten.
public struct BudgetStore: Sendable {
    public let store: LedgerStore

    public init(store: LedgerStore) { self.store = store }

    public static let fileName = "budgets.json"

    public var path: String { FileSystem.join(store.root, BudgetStore.fileName) }

    /// The budgets, or none when the file doesn't exist yet.
    public func read() throws -> Budgets {
        guard let bytes = try FileSystem.read(path) else { return Budgets() }
        do { return try BudgetCodec.decode(bytes) } catch { throw BudgetFileError(path: path, problem: error) }
    }

    /// Reads the budgets under the store's lock, lets `body` change them, and writes them back if it did.
    /// If `body` throws, or the file can't be read, nothing is written.
    public func update<T>(taxonomy: Taxonomy, _ body: (inout Budgets) throws -> T) throws -> T {
        try store.updateFile(path, read: read, encode: { BudgetCodec.encode($0, taxonomy: taxonomy) }, body)
    }
}

/// The budgets file exists but can't be used; it is left exactly as it is.
public struct BudgetFileError: KakeiboFailure, Equatable {
    public var path: String
    public var problem: BudgetFileProblem

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        language.pick("\(path) is unreadable and was left untouched: ", "\(path) を読めません（ファイルは変更していません）: ")
            + problem.message(in: language)
    }
}
