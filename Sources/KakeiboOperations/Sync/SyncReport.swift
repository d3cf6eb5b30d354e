import KakeiboStore
import KakeiboValues

/// What one pull, push or sync did, with the app's plain protocol or the change protocol alike: built whole by the
/// server that ran the command (`SyncServer`), shown by `SyncRenderer` (the summary on stdout, the notes on stderr,
/// or the JSON summary).
public struct SyncReport: Sendable, Equatable {
    /// Items sent (or found already there), or with the change protocol the changes the server took; nil for a
    /// command that sends nothing (pull).
    public let pushed: Int?
    /// With the change protocol: the changes the server took, by kind (create, update, delete); nil otherwise.
    public let sentKinds: [OutgoingChange.Kind: Int]?
    /// The period a pull named (one month, or a year's twelve); nil when none was named.
    public let period: [YearMonth]?
    /// How many items the server holds for `period` (each id once); 0 without a period.
    public let listed: Int
    /// The items this command changed here from what the server sent (added, replaced or removed), by month.
    public let received: [YearMonth: Int]
    /// Whether the command asked for what the other members changed (the change protocol's sync).
    public let receivedChanges: Bool
    /// Items here the server doesn't have yet, after the command.
    public let pending: Int
    /// The months fetched, changed here, or sent to, oldest first.
    public let months: [YearMonth]
    /// Conflicts waiting for `resolve` after the command.
    public let conflicts: [String]
    /// The server's rows that could not be read, left out.
    public let rejected: [SetAsideRow]
    /// Rows on the server that repeated another exactly, each pulled once.
    public let folded: Int
    /// Rows the server sent that were older than what this store holds of their item: ignored.
    public let older: Int
    /// What else happened, said on stderr in this order (after the rows set aside); each item once.
    public let notes: [SyncNote]
    /// The household settings a sync sent, took from the server, or left in conflict.
    public let settings: SettingsOutcome
    /// Settings waiting for `resolve` after the command (by key), beside the items' `conflicts`.
    public let settingConflicts: [String]
    /// What matching did with what came (and with the accounts, when they came): lines merged, split, transfers.
    public let matched: MatchOutcome
    /// A push to a plain app server: the pending items that stay here because the app can't show them, one entry
    /// each, by what the app lacks — the category (`CategoryCode(2)`), or the subcategory of one it has (`0/4`).
    public let stayed: [CategoryCode]
    /// Items marked synced here that this server never had (synced with another server or household before):
    /// `sync --all` sends them.
    public let onlyHere: Int
    /// Household settings here longer than the server keeps (key: length): never sent; the command exits 1.
    public let oversized: [String: Int]

    public init(
        pushed: Int?, sentKinds: [OutgoingChange.Kind: Int]? = nil, period: [YearMonth]?, listed: Int = 0,
        received: [YearMonth: Int] = [:], receivedChanges: Bool = false, pending: Int, months: [YearMonth], conflicts: [String] = [],
        rejected: [SetAsideRow] = [], folded: Int = 0, older: Int = 0, notes: [SyncNote] = [], settings: SettingsOutcome = SettingsOutcome(),
        settingConflicts: [String] = [], stayed: [CategoryCode] = [], matched: MatchOutcome = MatchOutcome(), onlyHere: Int = 0,
        oversized: [String: Int] = [:]
    ) {
        self.onlyHere = onlyHere
        self.oversized = oversized
        self.pushed = pushed
        self.sentKinds = sentKinds
        self.period = period
        self.listed = listed
        self.received = received.filter { $0.value > 0 }
        self.receivedChanges = receivedChanges
        self.pending = pending
        self.months = Array(Set(months)).sorted()
        self.conflicts = conflicts
        self.rejected = rejected
        self.folded = folded
        self.older = older
        var seen: Set<SyncNote> = []
        self.notes = notes.filter { seen.insert($0).inserted }
        self.settings = settings
        self.settingConflicts = settingConflicts
        self.matched = matched
        self.stayed = stayed
    }

    /// Items changed here from what the server sent, over all months.
    public var receivedCount: Int { received.values.reduce(0, +) }
    /// The summary's `pulled`: the items the server holds for the period a command pulled, else the items changed here.
    public var pulled: Int { period == nil ? receivedCount : listed }
    /// Items and settings waiting for `resolve`.
    public var conflictCount: Int { conflicts.count + settingConflicts.count }
    /// Changes the server refused as malformed.
    public var refusedCount: Int { notes.filter { if case .refused = $0 { true } else { false } }.count }
}

/// Something a sync did that the user should know of, beyond the counts.
public enum SyncNote: Sendable, Hashable {
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
