import KakeiboStore
import KakeiboValues

/// A server that speaks only the ExpenseLog app's protocol (GET a month, POST items; it appends whatever it is
/// sent): the network phases first, nothing written, then one write of everything they learned, so a failure
/// anywhere leaves the store byte for byte as it was. The sync lock is held from the first look at the server to the write.
struct ExpenseLogServer: SyncServer {
    let household: Household
    let client: HouseholdClient
    let serverKey: String
    /// Whether this command asked what the endpoint speaks: then its verdict is recorded once the command succeeded.
    let remember: Bool
    let progress: any SyncProgress
    /// What the app can show: a push sends only items of these codes; the other pending items stay here.
    let app: AppCategories
    /// The endpoint this store's items were synced with, when it is another (nil: this one, or none): a command that
    /// finds items synced here missing from the months it read there is refused (`EndpointChanged`), all but
    /// `sync --all`, which sends them.
    var movedFrom: String?
    /// A token is set, and this command found out that the endpoint speaks the app's protocol: refused once a fetch
    /// answered (so a server that doesn't answer is said as such), before anything is sent or written.
    var tokenRefused: TokenNotTaken? = nil

    func pull(_ months: [YearMonth]) throws -> SyncReport {
        // Held to the write: a push that lands between this fetch and its write would have its items, now synced,
        // replaced by this older copy of their months.
        let lock = try household.syncLock()
        defer { lock?.release() }
        let pulled = try fetch(months, .fetching)
        try stayHome(pulled.server)
        return try finish(pushed: nil, pulled: pulled, period: months)
    }

    func push() throws -> SyncReport {
        let lock = try household.syncLock()
        defer { lock?.release() }
        return try finish(pushed: try send(), pulled: nil, period: nil)
    }

    func sync(period: [YearMonth]?, thisMonth: YearMonth, all: Bool) throws -> SyncReport {
        let lock = try household.syncLock()
        defer { lock?.release() }
        let months = period ?? [thisMonth]
        let pushed = try send(all: all)
        let pulled = try fetch(months, .fetching)
        try stayHome(pulled.server, claiming: all)
        return try finish(pushed: pushed, pulled: pulled, period: months)
    }

    /// Reads the months of the unsent items as a push does, and says what it would send and what stays.
    func preview(all: Bool) throws -> SyncPreview {
        let (plan, pushed) = try planPush(all: all)
        return SyncPreview(send: [.create: plan?.send.count ?? 0], changes: false, known: plan?.known.count ?? 0, stayed: stayed(pushed.stayed))
    }

    /// Refuses a command at an endpoint other than the one this store's items were synced with, when the months it
    /// read there lack items marked synced here: another server (a pull would remove them here, and no push sends
    /// them). The same server spelled another way lacks none.
    /// `claiming` (`sync --all`): it sends them, so only the token is refused.
    private func stayHome(_ read: ServerMonths, claiming: Bool = false) throws {
        if let tokenRefused { throw tokenRefused }
        guard let movedFrom, !claiming else { return }
        let there = Set(read.items.map(\.id))
        let months = Set(read.months)
        let missing = try household.syncedItems().filter { months.contains($0.date.yearMonth) && !there.contains($0.id) }.count
        if missing > 0 { throw EndpointChanged(before: movedFrom, now: serverKey, missing: missing) }
    }

    // MARK: Network phases (nothing is written)

    /// What a push learned: the items the server has (found there, or just registered), and the months it read.
    struct Pushed {
        var known: [WireItem] = []
        var checked: [YearMonth] = []
        /// Rows of the checked months that could not be read.
        var setAside: [SetAsideRow] = []
        /// Pending items the app can't show, which stay here (`SyncReport.stayed`).
        var stayed: [Item] = []
    }

    /// Whether an item waits for a push: anything unsent, except a pending item the app has no category for, which
    /// stays here (never sent, never counted as pending); and the app keeps purchases only, so a transfer or a line
    /// merged into another item never waits either.
    private func waits(_ item: Item) -> Bool { item.counts && (item.sync != .pending || app.shows(item.category)) }

    /// Why each item stays, as `SyncReport.stayed` says it.
    private func stayed(_ items: [Item]) -> [CategoryCode] {
        items.map { app.categories[$0.category.category] == nil ? CategoryCode($0.category.category) : $0.category }
    }

    /// Sends what the server doesn't have: the months of the unsent items are fetched first, and `PushPlan` decides
    /// from them what to send (an item whose earlier push lost its answer is found there, never sent twice).
    private func send(all: Bool = false) throws -> Pushed {
        let (planned, learned) = try planPush(all: all)
        var pushed = learned
        guard let plan = planned, !plan.send.isEmpty else { return pushed }
        progress.begin(.sending, steps: (plan.send.count + HouseholdClient.batchSize - 1) / HouseholdClient.batchSize)
        defer { progress.end() }
        pushed.known += try client.register(plan.send, done: progress.step)
        return pushed
    }

    /// What a push would send, from the server's copies of the months of the unsent items (nil: nothing to send),
    /// and what it learned of them.
    /// `all` (`sync --all`): items marked synced are looked for on the server too, and sent when it lacks them (they
    /// were synced with another server).
    private func planPush(all claiming: Bool = false) throws -> (PushPlan?, Pushed) {
        var pushed = Pushed()
        let all = try household.unsent()
        var unsent = all.filter(waits)
        if claiming { unsent += try household.syncedItems().filter { $0.counts && app.shows($0.category) } }
        pushed.stayed = all.filter { $0.counts && !waits($0) }
        guard !unsent.isEmpty else { return (nil, pushed) }
        pushed.checked = Set(unsent.map(\.date.yearMonth)).sorted()
        // Read liberally, like a pull: a push never depends on a month being clean.
        let onServer = try fetch(pushed.checked, .checking)
        pushed.setAside = onServer.setAside
        try stayHome(onServer.server, claiming: claiming)
        let plan = PushPlan(unsent: unsent, onServer: onServer.items, setAside: onServer.setAsideIDs, claiming: claiming)
        pushed.known = plan.known
        return (plan, pushed)
    }

    /// Fetches the months and checks them all.
    private func fetch(_ months: [YearMonth], _ phase: SyncPhase) throws -> PulledMonths {
        progress.begin(phase, steps: months.count)
        defer { progress.end() }
        return PulledMonths(rows: try client.fetchRows(months, done: progress.step))
    }

    // MARK: The write

    /// Applies what the server said in one write (see `Household.applyServer`): the push's confirmations, then the
    /// pull; then, when this command asked, records that the endpoint speaks the app's protocol. Returns the report of
    /// it all (`period`: the months a pull named).
    private func finish(pushed: Pushed?, pulled: PulledMonths?, period: [YearMonth]?) throws -> SyncReport {
        let report = try commit(pushed: pushed, pulled: pulled, period: period)
        if remember { try household.rememberPlainEndpoint(serverKey) }
        try household.settleHome(serverKey)
        return report
    }

    private func commit(pushed: Pushed?, pulled: PulledMonths?, period: [YearMonth]?) throws -> SyncReport {
        guard pulled != nil || !(pushed?.checked.isEmpty ?? true) else {
            return SyncReport(
                pushed: pushed.map { _ in 0 }, period: period, pending: try household.unsent().filter(waits).count, months: [],
                stayed: stayed(pushed?.stayed ?? []))
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
        return SyncReport(
            pushed: pushed.map { _ in applied.synced }, period: period, listed: pulled?.items.count ?? 0, received: applied.received.byMonth,
            pending: applied.unsent.filter(waits).count, months: Array(months), rejected: rejected, folded: pulled?.folded ?? 0, notes: notes,
            stayed: pushed == nil ? [] : stayed(applied.unsent.filter { $0.counts && !waits($0) }),
            matched: applied.matched)
    }
}
