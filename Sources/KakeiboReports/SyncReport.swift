import KakeiboOperations
import KakeiboStore
import KakeiboValues

/// What one pull, push or sync did, with the app's plain protocol or the change protocol alike: the sync commands
/// build it, `SyncRenderer` shows it (the summary on stdout, the notes on stderr, or the JSON summary).
public struct SyncReport: Sendable, Equatable {
    /// Items sent (or found already there); nil for a command that sends nothing (pull).
    public let pushed: Int?
    /// Items received from the server.
    public let pulled: Int
    /// The period a pull named (one month, or a year's twelve); nil when none was named.
    public let period: [YearMonth]?
    /// Whether the command asked for what the other members changed (the change protocol's sync).
    public let receivedChanges: Bool
    /// Items here the server doesn't have yet, after the command.
    public let pending: Int
    /// The months fetched or changed, oldest first.
    public let months: [YearMonth]
    /// Conflicts waiting for `resolve` after the command.
    public let conflicts: [String]
    /// The server's rows that could not be read, left out.
    public let rejected: [SetAsideRow]
    /// Rows on the server that repeated another exactly, each pulled once.
    public let folded: Int
    /// What else happened, said on stderr in this order (after the rows set aside).
    public let notes: [SyncNote]
    /// With the change protocol: the changes the server took, by kind (create, update, delete); nil otherwise.
    public var sentKinds: [OutgoingChange.Kind: Int]? = nil
    /// The household settings a sync sent, took from the server, or left in conflict.
    public var settings = SettingsOutcome()
    /// Settings waiting for `resolve` after the command (by key), beside the items' `conflicts`.
    public var settingConflicts: [String] = []
    /// What matching did with what came (and with the accounts, when they came): lines merged, split, transfers.
    public var matched = MatchOutcome()

    /// Items and settings waiting for `resolve`.
    public var conflictCount: Int { conflicts.count + settingConflicts.count }
    /// Changes the server refused as malformed.
    public var refusedCount: Int { notes.filter { if case .refused = $0 { true } else { false } }.count }

    public init(
        pushed: Int?, pulled: Int, period: [YearMonth]?, receivedChanges: Bool = false, pending: Int, months: [YearMonth],
        conflicts: [String] = [], rejected: [SetAsideRow] = [], folded: Int = 0, notes: [SyncNote] = []
    ) {
        self.pushed = pushed
        self.pulled = pulled
        self.period = period
        self.receivedChanges = receivedChanges
        self.pending = pending
        self.months = months.sorted()
        self.conflicts = conflicts
        self.rejected = rejected
        self.folded = folded
        self.notes = notes
    }
}

/// Something a sync did that the user should know of, beyond the counts.
public enum SyncNote: Sendable, Equatable {
    /// A change sent was refused because the server's version moved on: both versions kept.
    case conflict(id: String, code: String)
    /// A change the server refused as malformed: kept here.
    case refused(id: String, code: String)
    /// An item changed here after the app's server got it: this version kept, the server's left older.
    case keptHere(id: String, name: String)
    /// An item the server listed under another month than its date's: filed under its own.
    case misfiled(id: String, name: String, cameWith: YearMonth, date: CalendarDate)
    /// Items changed here after the app's server had them, not sent (it only appends).
    case heldBack(count: Int)
}
