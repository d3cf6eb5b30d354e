import KakeiboStore
import KakeiboValues

/// The household server as `pull`, `push` and `sync` use it. Each runs a whole command — its requests, its writes
/// (under the sync lock), its report, built whole — and either returns the report or fails having changed nothing
/// here, or saying what it recorded. `ExpenseLogServer` speaks the ExpenseLog app's protocol, `ChangeServer` kakeibo's change
/// protocol (docs/sync-protocol.md); `Household.server(_:settings:progress:)` picks the one the endpoint speaks.
public protocol SyncServer {
    /// Replaces the synced items of the months with the server's.
    func pull(_ months: [YearMonth]) throws -> SyncReport
    /// Sends what the server doesn't have yet.
    func push() throws -> SyncReport
    /// Push, then receive: `period`, the months named (nil: none); `thisMonth`, what the app's protocol pulls then.
    /// `all` (`sync --all`, after a change of endpoint or household): also sends every item here the server lacks,
    /// synced with another server before.
    func sync(period: [YearMonth]?, thisMonth: YearMonth, all: Bool) throws -> SyncReport
    /// What a push would send and what would stay here, sending nothing and changing no item (`--dry-run`); `all`:
    /// what `sync --all` would send besides (the items the server lacks, as far as this store knows).
    func preview(all: Bool) throws -> SyncPreview
}

extension SyncServer {
    public func preview() throws -> SyncPreview { try preview(all: false) }

    public func sync(period: [YearMonth]?, thisMonth: YearMonth) throws -> SyncReport { try sync(period: period, thisMonth: thisMonth, all: false) }
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
    public var serverKey: String { settings.endpoint.stateKey }
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
            if !verdict.speaksChanges { try refuseToken(connection) }
            return verdict.speaksChanges
                ? ChangeServer(household: household, client: changes, serverKey: key, recorded: nil, settings: settings)
                : ExpenseLogServer(
                    household: household, client: plain, serverKey: key, remember: false, progress: progress, app: connection.settings.appCategories,
                    movedFrom: try household.movedFrom(key, journal))
        }
        // A store whose state predates the endpoints' list.
        if journal.changeProtocol && journal.server == key {
            return ChangeServer(household: household, client: changes, serverKey: key, recorded: nil, settings: settings)
        }
        guard let capabilities = changes.capabilities() else {
            // No answer as the household server: the app's, or nothing answering at all, which the first fetch tells.
            return ExpenseLogServer(
                household: household, client: plain, serverKey: key, remember: true, progress: progress, app: connection.settings.appCategories,
                movedFrom: try household.movedFrom(key, journal), tokenRefused: tokenRefusal(connection))
        }
        if capabilities.token != "ok" && connection.settings.token == nil {
            // The server tells only with the token whether it is right; a missing one is said plainly.
            throw ChangeProtocolError.refused(code: "bad_token", message: "no token is set here")
        }
        try household.rememberServer(key, household: capabilities.household)
        return ChangeServer(household: household, client: changes, serverKey: key, recorded: journal, settings: settings)
    }

    /// A token set for an endpoint that speaks the app's protocol would never be sent (the app's has none; its secret is
    /// in the URL's path): refused, saying so, rather than dropped unseen.
    private func refuseToken(_ connection: SyncConnection) throws {
        if let refusal = tokenRefusal(connection) { throw refusal }
    }

    private func tokenRefusal(_ connection: SyncConnection) -> TokenNotTaken? {
        guard connection.settings.token != nil else { return nil }
        return TokenNotTaken(endpoint: connection.settings.endpoint.masked, source: connection.settings.tokenSource ?? "config.json")
    }
}

/// A token is set, but the endpoint speaks the ExpenseLog app's protocol, which carries none: exit 2.
public struct TokenNotTaken: KakeiboFailure, Equatable {
    public var endpoint: String
    /// `KAKEIBO_TOKEN` or `config.json`.
    public var source: String

    public init(endpoint: String, source: String) {
        self.endpoint = endpoint
        self.source = source
    }

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        let remedy = source == "KAKEIBO_TOKEN" ? "unset KAKEIBO_TOKEN" : "kakeibo config unset token"
        return language.pick(
            "a token is set (\(source)), but \(terminalSafe(endpoint)) speaks the ExpenseLog app's protocol, which has no token: it would never be sent. The app's secret is part of its URL (…/exec/SECRET): put it in the endpoint and remove the token ('\(remedy)'); nothing was sent",
            "トークンが設定されています（\(source)）が、\(terminalSafe(endpoint)) は ExpenseLog アプリの方式で、トークンを送る場所がありません。アプリの秘密は URL の一部（…/exec/SECRET）です。エンドポイントに含めて、トークンを削除してください（'\(remedy)'）。何も送っていません"
        )
    }
}
