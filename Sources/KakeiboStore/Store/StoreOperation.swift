import KakeiboValues

/// What a change to the store is, for its backup: the command that made it and when; an undo also names the backup
/// it put back.
public struct StoreOperation: Sendable, Equatable {
    public var name: String
    public var time: Timestamp
    public var undoes: Int?

    public init(name: String, time: Timestamp, undoes: Int? = nil) {
        self.name = name
        self.time = time
        self.undoes = undoes
    }

    /// "import", or "undo of #12".
    public func describe(_ language: Language) -> String {
        undoes.map { language.pick("undo of #\($0)", "#\($0) の取り消し") } ?? name
    }

    /// Whether a sync command made the change (what it wrote is the household's, not this member's own change).
    package var isSync: Bool { ["sync", "pull", "push"].contains(name) }
}
