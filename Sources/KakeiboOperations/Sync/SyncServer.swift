import KakeiboStore
import KakeiboValues

/// The household server as `pull`, `push` and `sync` use it. Each runs a whole command — its requests, its writes
/// (under the sync lock), its report, built whole — and either returns the report or fails having changed nothing
/// here, or saying what it recorded. `PlainServer` speaks the app's protocol, `ChangeServer` kakeibo's change
/// protocol (docs/sync-protocol.md); `Household.server(_:settings:progress:)` picks the one the endpoint speaks.
public protocol SyncServer {
    /// Replaces the synced items of the months with the server's.
    func pull(_ months: [YearMonth]) throws -> SyncReport
    /// Sends what the server doesn't have yet.
    func push() throws -> SyncReport
    /// Push, then receive: `period`, the months named (nil: none); `thisMonth`, what the app's protocol pulls then.
    func sync(period: [YearMonth]?, thisMonth: YearMonth) throws -> SyncReport
    /// What a push would send and what would stay here, sending nothing and changing no item (`--dry-run`).
    func preview() throws -> SyncPreview
}

/// How a sync reaches the household endpoint: its settings, and a transport for each protocol.
public struct SyncConnection: Sendable {
    public let settings: SyncSettings
    /// The app's protocol: as the app sends it, no token and no `Authorization` header (docs/sync.md, "The
    /// ExpenseLog app as a member"); a token the app's endpoint needs is in the endpoint's own URL.
    public let app: any HTTPTransport
    /// The change protocol: the token rides in each request's body, and the transport sends no `Authorization`
    /// header (the script never sees headers, and Google's front end may refuse a bearer value that isn't its own).
    public let changes: any HTTPTransport

    public init(settings: SyncSettings, app: any HTTPTransport, changes: any HTTPTransport) {
        self.settings = settings
        self.app = app
        self.changes = changes
    }

    /// The endpoint as the sync state names it: scheme, host, port and path (never the query, which may hold a key).
    public var serverKey: String { settings.endpoint.serverKey }
}

/// What a long phase of a sync is doing, for a progress bar (the command words it).
public enum SyncPhase: Sendable {
    /// Reading the months of the items a push may send (the app's protocol).
    case checking
    /// Reading the months a pull asked for (the app's protocol).
    case fetching
    /// Sending items, a batch a step.
    case sending
}

/// Shows how far a phase has come; called on the command's thread.
public protocol SyncProgress {
    func begin(_ phase: SyncPhase, steps: Int)
    func step()
    func end()
}

extension Household {
    /// The server at the connection's endpoint, as what it speaks: remembered per endpoint in the sync state, and
    /// asked (`capabilities`) only when it is not known (or a plain app server's verdict is a week old). The
    /// household server's answer is recorded at once (the server said it); a plain app server is recorded only after
    /// a command with it succeeded, so a failed command against another spelling of the endpoint writes nothing.
    public func server(_ connection: SyncConnection, settings: SharedSettingFiles, progress: any SyncProgress) throws -> any SyncServer {
        let household = remembering()
        let key = connection.serverKey
        let plain = HouseholdClient(transport: connection.app, host: connection.settings.endpoint.host)
        let changes = ChangeClient(
            client: HouseholdClient(transport: connection.changes, host: connection.settings.endpoint.host), token: connection.settings.token)
        let journal = try household.journal()
        if let verdict = journal.endpoints[key], verdict.holds(at: now) {
            return verdict.speaksChanges
                ? ChangeServer(household: household, client: changes, serverKey: key, recorded: nil, settings: settings)
                : PlainServer(
                    household: household, client: plain, serverKey: key, remember: false, progress: progress, app: connection.settings.appCategories)
        }
        // A store whose state predates the endpoints' list.
        if journal.changeProtocol && journal.server == key {
            return ChangeServer(household: household, client: changes, serverKey: key, recorded: nil, settings: settings)
        }
        guard let capabilities = changes.capabilities() else {
            return PlainServer(
                household: household, client: plain, serverKey: key, remember: true, progress: progress, app: connection.settings.appCategories)
        }
        if capabilities.token != "ok" && connection.settings.token == nil {
            // The server tells only with the token whether it is right; a missing one is said plainly.
            throw ChangeProtocolError.refused(code: "bad_token", message: "no token is set here")
        }
        try household.rememberServer(key, household: capabilities.household)
        return ChangeServer(household: household, client: changes, serverKey: key, recorded: journal, settings: settings)
    }
}
