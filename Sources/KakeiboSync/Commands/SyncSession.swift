import Foundation
import KakeiboCLI
import KakeiboKit

/// What pull, push and sync share: their options and the settings they resolve to, the network phases, and the one
/// write at the end, so that a failure anywhere leaves the store byte-for-byte as it was.
struct SyncSession {
    let settings: SyncSettings
    let format: OutputFormat
    let client: HouseholdClient
    /// The change protocol's client: the token goes in each request's body, so the transport under it has none and
    /// sends no `Authorization` header (the script never sees headers, and Google's front end may refuse a bearer
    /// value that isn't its own).
    let changeClient: ChangeClient

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        format = try arguments[SyncDeclarations.format] ?? .table
        settings = try SyncSettings.resolve(
            endpointOption: try arguments[SyncDeclarations.endpoint], timeoutOption: try arguments[SyncDeclarations.timeout],
            environment: context.environment)
        let deadline = CommandDeadline(timeout: settings.timeout)
        client = HouseholdClient(transport: URLSessionTransport(settings: settings, deadline: deadline), host: settings.endpoint.host)
        var headerless = settings
        headerless.token = nil
        changeClient = ChangeClient(
            client: HouseholdClient(transport: URLSessionTransport(settings: headerless, deadline: deadline), host: settings.endpoint.host),
            token: settings.token)
    }

    /// The months a period names, in the grammar `month` uses: one month, a year's twelve, or this month.
    static func months(_ words: [String], today: CalendarDate) throws -> [YearMonth] {
        try Period.parse(words, today: today.yearMonth, as: .monthOrYear)?.months ?? [today.yearMonth]
    }

    // MARK: Network phases (nothing is written)

    /// What a push learned: the items the server has (found there, or just registered). Holds the push lock until
    /// it is dropped, after the write.
    final class Pushed {
        var known: [WireItem] = []
        var checked: [YearMonth] = []
        /// Rows of the checked months that could not be read.
        var setAside: [SetAsideRow] = []
        /// The sync lock (`Household.syncLock`), from the first look at the server to the write.
        let lock: FileLock?

        init(lock: FileLock?) { self.lock = lock }
    }

    /// Sends what the server doesn't have: the months of the unsent items are fetched first, and `PushPlan` decides
    /// from them what to send.
    func push(_ context: Context) async throws -> Pushed {
        let household = try context.household()
        guard household.store.exists else { return Pushed(lock: nil) }
        let pushed = Pushed(lock: try household.syncLock())
        // The app's plain server keeps purchases only: a transfer or a line merged into another item stays here.
        let unsent = try household.unsent().filter(\.counts)
        guard !unsent.isEmpty else { return pushed }
        pushed.checked = Set(unsent.map(\.date.yearMonth)).sorted()
        // Read liberally, like a pull: a push never depends on a month being clean.
        let onServer = PulledMonths(rows: try await fetch(pushed.checked, label: LocalizedText(en: "Checking", ja: "確認中"), context))
        pushed.setAside = onServer.setAside
        let plan = PushPlan(unsent: unsent, onServer: onServer.items, setAside: onServer.setAsideIDs)
        pushed.known = plan.known
        let toSend = plan.send
        guard !toSend.isEmpty else { return pushed }
        let batches = (toSend.count + HouseholdClient.batchSize - 1) / HouseholdClient.batchSize
        let progress = ProgressTicker(total: batches, label: LocalizedText(en: "Sending", ja: "送信中"), context)
        defer { progress.finish() }
        pushed.known += try await client.register(toSend, done: { progress.tick() })
        return pushed
    }

    /// Fetches the months and checks them all.
    func pull(_ months: [YearMonth], _ context: Context) async throws -> PulledMonths {
        PulledMonths(rows: try await fetch(months, label: LocalizedText(en: "Fetching", ja: "取得中"), context))
    }

    private func fetch(_ months: [YearMonth], label: LocalizedText, _ context: Context) async throws -> [YearMonth: ServerRows] {
        let progress = ProgressTicker(total: months.count, label: label, context)
        defer { progress.finish() }
        return try await client.fetchRows(months, done: { progress.tick() })
    }

    // MARK: The write

    /// Applies what the server said in one write (see `Household.applyServer`): the push's confirmations, then the
    /// pull; returns the report of it all (`period`: the months a pull named).
    func commit(pushed: Pushed?, pulled: PulledMonths?, period: [YearMonth]?, _ context: Context) throws -> SyncReport {
        let household = try context.household()
        guard pulled != nil || !(pushed?.checked.isEmpty ?? true) else {
            return SyncReport(pushed: pushed.map { _ in 0 }, pulled: 0, period: period, pending: try household.unsent().count, months: [])
        }
        let applied = try household.applyServer(confirmed: pushed?.known ?? [], pulled: pulled?.server)
        let pulledMonths = Set(pulled?.months ?? [])
        let rejected = (pulled?.setAside ?? []) + (pushed?.setAside ?? []).filter { row in row.month.map { !pulledMonths.contains($0) } ?? true }
        let looked = pulledMonths.union(pushed?.checked ?? [])
        try household.recordSetAside(rejected, months: looked.sorted())
        var notes = applied.edited.map { SyncNote.keptHere(id: $0.id, name: $0.name) }
        notes += (pulled?.misfiled ?? []).map { .misfiled(id: $0.item.id, name: $0.item.name, cameWith: $0.cameWith, date: $0.item.date) }
        let heldBack = applied.unsent.filter { $0.sync == .edited }.count
        if pushed != nil && heldBack > 0 { notes.append(.heldBack(count: heldBack)) }
        let months = Set(applied.changed).union(pushed?.checked ?? []).union(pulled?.months ?? [])
        var report = SyncReport(
            pushed: pushed.map { _ in applied.synced }, pulled: pulled?.items.count ?? 0, period: period, pending: applied.unsent.count,
            months: Array(months), rejected: rejected, folded: pulled?.folded ?? 0, notes: notes)
        report.matched = applied.matched
        return report
    }

    /// Says what the command did: the notes on stderr, the summary (or its JSON) on stdout.
    func show(_ report: SyncReport, _ context: Context) {
        for note in SyncRenderer.notes(report, context.language) { context.note(note) }
        context.print(format == .json ? SyncRenderer.json(report) : SyncRenderer.text(report, context.language))
    }
}

/// The progress bar, advanced from concurrent requests.
final class ProgressTicker: @unchecked Sendable {
    private let progress: KakeiboCLI.Progress
    private let lock = NSLock()

    init(total: Int, label: LocalizedText, _ context: Context) {
        progress = KakeiboCLI.Progress(total: total, label: label(context.language), terminal: context.terminal)
    }

    func tick() { lock.withLock { progress.advance() } }
    func finish() { lock.withLock { progress.finish() } }
}
