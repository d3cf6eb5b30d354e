import KakeiboValues

/// What a push (or the push half of a sync) would do, found without sending or changing anything: `--dry-run`.
public struct SyncPreview: Sendable, Equatable {
    /// What would be sent, by kind: with a plain app server every item is a create; with the change protocol the
    /// changes, new, edited and deleted.
    public let send: [OutgoingChange.Kind: Int]
    /// Whether the endpoint speaks the change protocol (then `send` counts changes, else items).
    public let changes: Bool
    /// A plain app server: items it already has (an earlier push whose answer was lost), which would be marked synced.
    public let known: Int
    /// A plain app server: the pending items that would stay here, as `SyncReport.stayed` says them.
    public let stayed: [CategoryCode]

    public init(send: [OutgoingChange.Kind: Int], changes: Bool, known: Int = 0, stayed: [CategoryCode] = []) {
        self.send = send.filter { $0.value > 0 }
        self.changes = changes
        self.known = known
        self.stayed = stayed
    }

    /// How many items or changes would be sent.
    public var sendCount: Int { send.values.reduce(0, +) }
}
