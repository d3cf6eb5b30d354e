import KakeiboValues

/// The household's filing rules: `rules.json` beside the month files, written as budgets.json is (under the store's
/// lock, atomically, 0600, kept for `undo`); a file that can't be read is reported and never overwritten.
public struct RuleStore: Sendable {
    public let store: LedgerStore

    public init(store: LedgerStore) { self.store = store }

    public static let fileName = "rules.json"

    public var path: String { FileSystem.join(store.root, RuleStore.fileName) }

    /// The rules, or none when the file doesn't exist yet.
    public func read() throws -> FilingRules {
        guard let bytes = try FileSystem.read(path) else { return FilingRules() }
        do { return try RulesCodec.decode(bytes) } catch { throw RulesFileError(path: path, problem: error) }
    }

    /// Reads the rules under the store's lock, lets `body` change them, and writes them back if it did.
    public func update<T>(_ body: (inout FilingRules) throws -> T) throws -> T {
        try store.updateFile(path, read: read, encode: RulesCodec.encode, body)
    }
}

/// The rules file exists but can't be used; it is left exactly as it is.
public struct RulesFileError: KakeiboFailure, Equatable {
    public var path: String
    public var problem: RulesFileProblem

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        language.pick("\(path) is unreadable and was left untouched: ", "\(path) を読めません（ファイルは変更していません）: ")
            + problem.message(in: language)
    }
}
