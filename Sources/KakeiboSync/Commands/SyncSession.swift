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
        let unsent = try household.unsent()
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

    struct Outcome {
        var pulled = 0
        var pushed = 0
        var months: [YearMonth] = []
        /// Items here the server doesn't have in this version, after the command.
        var unsent = 0
        /// The server's rows that could not be read and were left out.
        var rejected: [SetAsideRow] = []
    }

    /// Applies what the server said in one write (see `Household.applyServer`): the push's confirmations, then the
    /// pull; then says on stderr what was kept or held back.
    func commit(pushed: Pushed?, pulled: PulledMonths?, _ context: Context) throws -> Outcome {
        let household = try context.household()
        guard pulled != nil || !(pushed?.checked.isEmpty ?? true) else {
            return Outcome(unsent: try household.unsent().count)
        }
        let applied = try household.applyServer(confirmed: pushed?.known ?? [], pulled: pulled?.server)
        let l = context.language
        let pulledMonths = Set(pulled?.months ?? [])
        let rejected = (pulled?.setAside ?? []) + (pushed?.setAside ?? []).filter { row in row.month.map { !pulledMonths.contains($0) } ?? true }
        let looked = pulledMonths.union(pushed?.checked ?? [])
        try household.recordSetAside(rejected, months: looked.sorted())
        noteSetAside(rejected, folded: pulled?.folded ?? 0, context)
        for item in applied.edited {
            context.note(
                l.pick(
                    "\(item.id) (\(terminalSafe(item.name))) was changed here after the server got it: kept this version; the server keeps its older copy",
                    "\(item.id)（\(terminalSafe(item.name))）はサーバーに送った後にここで変更されています。この内容を残します（サーバーには古い内容が残ります）"))
        }
        for misfiled in pulled?.misfiled ?? [] {
            context.note(
                l.pick(
                    "\(misfiled.item.id) (\(terminalSafe(misfiled.item.name))) came with \(misfiled.cameWith.iso) but is dated \(misfiled.item.date.iso): filed under \(misfiled.item.date.yearMonth.iso)",
                    "\(misfiled.item.id)（\(terminalSafe(misfiled.item.name))）は \(misfiled.cameWith.iso) の分として届きましたが日付が \(misfiled.item.date.iso) なので、\(misfiled.item.date.yearMonth.iso) に入れました"
                ))
        }
        let heldBack = applied.unsent.filter { $0.sync == .edited }.count
        if pushed != nil && heldBack > 0 {
            context.note(
                l.pick(
                    "\(Labels.count(heldBack, l)) changed here after the server had them not sent (the server only appends): change them there too; 'kakeibo month' marks them !",
                    "サーバーに送った後でここで変更した \(Labels.count(heldBack, l))は送っていません（サーバーは追加しかできません）。サーバーでも変更してください。'kakeibo month' では ! が付きます"))
        }
        let months = Set(applied.changed).union(pushed?.checked ?? []).union(pulled?.months ?? [])
        return Outcome(
            pulled: pulled?.items.count ?? 0, pushed: applied.synced, months: months.sorted(), unsent: applied.unsent.count, rejected: rejected)
    }

    /// One stderr line per row set aside (past `SyncSession.namedRows`, a line with the count of the rest), and
    /// one for rows that repeated another exactly.
    private func noteSetAside(_ rejected: [SetAsideRow], folded: Int, _ context: Context) {
        let l = context.language
        for row in rejected.prefix(SyncSession.namedRows) {
            let id = row.id.map { l.pick("id \(terminalSafe($0))", "ID \(terminalSafe($0))") } ?? l.pick("a row with no id", "ID のない行")
            let month = row.month?.iso ?? "?"
            context.note(
                l.pick(
                    "set aside \(id) of \(month) on the server (\(terminalSafe(row.message(in: l)))): fix it in the sheet; the rest was pulled ('kakeibo check' lists it)",
                    "サーバーの \(month) の \(id) は取り込みませんでした（\(terminalSafe(row.message(in: l)))）。シートで直してください。残りは取り込みました（'kakeibo check' で一覧できます）"))
        }
        if rejected.count > SyncSession.namedRows {
            let more = rejected.count - SyncSession.namedRows
            context.note(
                l.pick(
                    "set aside \(more) more rows of the server's that could not be read ('kakeibo check' or --format json lists them all)",
                    "ほかに読めないサーバーの行 \(more) 件を取り込みませんでした（'kakeibo check' か --format json ですべて一覧できます）"))
        }
        if folded > 0 {
            context.note(
                l.pick(
                    "\(folded) rows on the server repeat another row exactly: each was pulled once (delete the repeats in the sheet)",
                    "サーバーの \(folded) 行は別の行とまったく同じなので、1 件として取り込みました（シートの重複を削除してください）"))
        }
    }

    /// Rows set aside named one by one on stderr; more are counted in one line.
    static let namedRows = 5

    // MARK: Output

    /// A row set aside, as the JSON summary lists it: `{"id","month","reason"}` (id null when it has none).
    static func rejectedJSON(_ row: SetAsideRow) -> JSONValue {
        .object([
            ("id", row.id.map(JSONValue.string) ?? .null), ("month", row.month.map { .string($0.iso) } ?? .null),
            ("reason", .string(row.message(in: .en))),
        ])
    }

    /// The summary: `{"pulled","pushed","pending","months","rejected"}` for cron, or a line per phase for people.
    func report(_ outcome: Outcome, pushed: Bool, pulled: [YearMonth]?, _ context: Context) {
        let l = context.language
        switch format {
        case .json:
            context.print(
                JSONRenderer.render(
                    .object([
                        ("pulled", .integer(outcome.pulled)), ("pushed", .integer(outcome.pushed)),
                        ("pending", .integer(outcome.unsent)), ("months", .array(outcome.months.map { .string($0.iso) })),
                        ("rejected", .array(outcome.rejected.map(SyncSession.rejectedJSON))),
                    ])))
        default:
            if pushed { context.print(SyncSession.pushedLine(outcome.pushed, l)) }
            if let line = pulled.flatMap({ SyncSession.pulledLine(outcome.pulled, $0, l) }) {
                context.print(line)
                if !pushed && outcome.unsent > 0 {
                    context.print(
                        l.pick(
                            "\(Labels.count(outcome.unsent, l)) here not on the household server yet (kakeibo push)\n",
                            "家計簿サーバーにまだないデータが \(Labels.count(outcome.unsent, l))あります（kakeibo push）\n"))
                }
            }
        }
    }
}

extension SyncSession {
    /// "Pushed 3 items" / "Nothing to push": the one line both protocols print for a push.
    static func pushedLine(_ count: Int, _ l: Language) -> String {
        count == 0
            ? l.pick("Nothing to push\n", "送信するデータはありません\n")
            : l.pick("Pushed \(Labels.count(count, l))\n", "\(Labels.count(count, l))を送信しました\n")
    }

    /// "Pulled 12 items for December 2024" (a month, or a year's twelve); nil when no month was named.
    static func pulledLine(_ count: Int, _ months: [YearMonth], _ l: Language) -> String? {
        guard let first = months.first else { return nil }
        let period = months.count == 1 ? Labels.month(first, l) : Labels.year(first.year, l)
        return l.pick("Pulled \(Labels.count(count, l)) for \(period)\n", "\(period)の \(Labels.count(count, l))を取得しました\n")
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
