import KakeiboStore
import KakeiboValues

/// What a push sends, decided from the items here the server doesn't have in this version and the server's copies
/// of their months. A push whose answer was lost may still have been stored, so only pending items whose id the
/// server doesn't list are sent: an item is never registered twice. Edited items are never sent (the server only
/// appends). The copies the server already has are confirmed like the ones it registers (`Household.applyServer`).
public struct PushPlan: Sendable, Equatable {
    /// The items to register, in stored order.
    public var send: [WireItem]
    /// The server's copies of items unsent here.
    public var known: [WireItem]

    /// `setAside`: ids the server holds in rows that could not be read; they are not confirmed, and not sent again.
    /// `claiming` (`sync --all`): items marked synced among `unsent` are sent too when the server lacks them (they were
    /// synced with another server).
    public init(unsent: [Item], onServer: [WireItem], setAside: Set<String> = [], claiming: Bool = false) {
        let unsentIDs = Set(unsent.map(\.id))
        known = onServer.filter { unsentIDs.contains($0.id) }
        let serverIDs = Set(onServer.map(\.id)).union(setAside)
        send = unsent.filter { ($0.sync == .pending || claiming && $0.sync == .synced) && !serverIDs.contains($0.id) }.map(WireItem.init)
    }
}
