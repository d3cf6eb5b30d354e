import KakeiboCLI
import KakeiboKit

/// What an endpoint speaks: the change protocol (with the sync state as it was before `capabilities` was recorded,
/// when this command asked, so a command that then fails can put it back), or the app's plain one (to remember once
/// the command succeeded).
enum ServerProtocol: Equatable {
    case changes(recorded: SyncJournal?)
    case plain(remember: Bool)
}

/// pull, push and sync with a server that speaks the change protocol: creates, edits and deletes go as changes
/// (`op: changes`, with ids kept across retries), the other members' changes come with one `since`, and `pull`
/// fetches whole months (`op: pull`). Against a plain app server the commands keep the app's protocol.
extension SyncSession {
    /// The endpoint as the sync state names it: scheme, host, port and path (never the query, which may hold a key).
    var serverKey: String {
        let endpoint = settings.endpoint
        return "\(endpoint.scheme)://\(endpoint.host)\(endpoint.port.map { ":\($0)" } ?? "")\(endpoint.path)"
    }

    /// What the endpoint speaks: remembered per endpoint in the store's sync state, asked (`capabilities`) only
    /// when it is not known (or a plain app server's verdict is a week old). A capabilities answer from the household
    /// server is recorded at once (the server said it); a plain app server is recorded by `rememberPlain` only after
    /// the command succeeded, so a failed command against another spelling of the endpoint writes nothing.
    func serverProtocol(_ context: Context) async throws -> ServerProtocol {
        let household = try context.household()
        let journal = try household.journal()
        if let verdict = journal.endpoints[serverKey], verdict.holds(at: household.now) {
            return verdict.speaksChanges ? .changes(recorded: nil) : .plain(remember: false)
        }
        // A store whose state predates the endpoints' list.
        if journal.changeProtocol && journal.server == serverKey { return .changes(recorded: nil) }
        guard let capabilities = await changeClient.capabilities() else { return .plain(remember: true) }
        if capabilities.token != "ok" && settings.token == nil {
            // The server tells only with the token whether it is right; a missing one is said plainly.
            throw ChangeProtocolError.refused(code: "bad_token", message: "no token is set here")
        }
        try household.rememberServer(serverKey, household: capabilities.household)
        return .changes(recorded: journal)
    }

    /// After a plain app server's command succeeded: remember what it speaks, if it was asked.
    func rememberPlain(_ answer: ServerProtocol, _ context: Context) throws {
        if case .plain(remember: true) = answer { try context.household().rememberPlainEndpoint(serverKey) }
    }

    /// What one change-protocol command did.
    struct ChangeOutcome {
        var sent = 0
        var received = 0
        var months: Set<YearMonth> = []
        var conflicts: [Conflict] = []
        var rejected: [(id: String, code: String)] = []
        var setAside: [SetAsideRow] = []
        var settings = SettingsOutcome()
        var sentKinds: [OutgoingChange.Kind: Int] = [:]
        /// What `since` said of the server's settings (nil: it keeps none).
        var settingsRevision: Int?
        /// Whether an answer was recorded here (so a later failure is not "nothing changed").
        var recorded = false
        /// Whether the `changes` answers brought every change of the other members (none to ask `since` for).
        var caughtUp = false
        /// What matching did with what came.
        var matched = MatchOutcome()
    }

    /// Sends the household settings changed here and takes those another member changed (one request, after the
    /// items). Against an older script that keeps no settings, they stay on this machine.
    /// The request is made only when a setting changed here, or on the server after the last one seen here (`since`
    /// says when one last changed there).
    func exchangeSettings(_ household: Household, _ context: Context, _ outcome: inout ChangeOutcome) async throws {
        guard let serverRevision = outcome.settingsRevision else { return }
        let files = try context.sharedSettingFiles()
        let sending = try household.settingsToSend(files)
        let journal = try household.journal()
        let seen = (journal.settings.values.map(\.revision) + journal.settingConflicts.values.map(\.revision)).max() ?? 0
        guard !sending.isEmpty || serverRevision > seen else { return }
        guard let answer = try await changeClient.settings(sending) else { return }
        outcome.settings = try household.applySettings(answer, sent: sending, files)
        outcome.recorded = true
    }

    /// Sends this store's changes: those whose answer was lost first (same ids), then the rest, a request at a time,
    /// each answer recorded as it comes. A change made here to an item while its earlier change was unanswered goes in
    /// a second round, based on the revision the first got. When a request fails, the changes not yet sent leave the
    /// sync state again, and so do its own when the server surely never received it; those that may have reached the
    /// server stay, with their ids, for the next sync. A request carries 500 changes until an answer says the server
    /// takes more (`ChangeClient.Limits`). With `receive`, each request also asks what the other members changed
    /// after the revision the one before reached, and that is recorded with its answer: a sync with something to send
    /// is then one request and one write.
    func sendChanges(_ household: Household, receive: Bool, _ outcome: inout ChangeOutcome) async throws {
        let known = try household.journal().revision
        var since = receive ? known ?? 0 : nil
        var limits = ChangeClient.Limits()
        for _ in 0..<3 {
            let before = try household.journal()
            let outbox = try household.prepareChanges()
            guard !outbox.isEmpty else { return }
            var appliedThisRound = 0
            var followUps = 0
            var start = 0
            while start < outbox.count {
                let end = limits.end(of: outbox, from: start)
                let batch = Array(outbox[start..<end])
                let sent: ChangeClient.Sent
                do {
                    sent = try await changeClient.send(batch, since: since)
                } catch {
                    let received = !error.surelyNotReceived
                    try household.withdrawChanges(Array(outbox[(received ? end : start)...]), before: before)
                    guard received || outcome.recorded else { throw error }
                    throw ChangeProtocolError.afterProgress(
                        error, sent: outcome.sent, received: outcome.received, awaiting: received ? batch.count : 0)
                }
                limits = sent.limits ?? limits
                // A counter below the one seen here: the sheet or script was replaced, and `receiveChanges` starts over.
                let carried = sent.since.flatMap { carried in known.map { carried.revision < $0 } == true ? nil : carried }
                let applied = try household.applyChangeResults(sent.results, rows: carried?.rows ?? [], through: carried?.through)
                outcome.recorded = true
                appliedThisRound += applied.applied
                followUps += applied.followUps
                outcome.sent += applied.applied
                for (kind, count) in applied.appliedKinds { outcome.sentKinds[kind, default: 0] += count }
                outcome.conflicts += applied.conflicts
                outcome.rejected += applied.rejected
                outcome.months.formUnion(batch.compactMap { $0.item?.date.yearMonth })
                outcome.matched += applied.rows.matched
                if let carried {
                    outcome.received += applied.rows.received
                    outcome.months.formUnion(applied.rows.changed)
                    outcome.setAside += carried.setAside
                    outcome.settingsRevision = carried.settingsRevision
                }
                outcome.caughtUp = carried.map { !$0.more } ?? false
                since = carried?.through
                start = end
            }
            guard appliedThisRound > 0 && followUps > 0 else { return }
        }
    }

    /// Applies what changed on the server since the last revision seen; from 0 (everything) when none was seen or
    /// the server's counter went back (the sheet or script was replaced). Nothing to ask when the `changes` answers
    /// brought it all; the rest when they brought a part.
    func receiveChanges(_ household: Household, _ outcome: inout ChangeOutcome) async throws {
        guard !outcome.caughtUp else { return }
        let known = try household.journal().revision
        var answer = try await changeClient.since(known ?? 0)
        if let known, answer.revision < known { answer = try await changeClient.since(0) }
        let applied = try household.applyRows(answer.rows, through: answer.through)
        outcome.recorded = true
        outcome.matched += applied.matched
        outcome.received += applied.received
        outcome.months.formUnion(applied.changed)
        outcome.setAside += answer.setAside
        outcome.settingsRevision = answer.settingsRevision
    }

    /// `pull` with the change protocol: one request per year, the months' synced items replaced by the server's.
    func pullRows(_ months: [YearMonth], _ household: Household, _ outcome: inout ChangeOutcome) async throws {
        for year in Set(months.map(\.year)).sorted() {
            let inYear = months.filter { $0.year == year }
            let answer = try await changeClient.pull(year: year, month: inYear.count == 1 ? inYear[0].month : nil)
            let applied = try household.applyRows(answer.rows.filter { !$0.deleted }, through: nil, months: inYear)
            outcome.recorded = true
            outcome.matched += applied.matched
            outcome.received += applied.received
            outcome.months.formUnion(applied.changed)
            outcome.setAside += answer.setAside
        }
    }

    /// Runs a command with the change protocol: `send` and/or `receive`, and `pull` of whole months. When an exchange
    /// fails before any answer was recorded, the sync state is left as it was, `capabilities`' record included
    /// (`recorded`: the state before it); after one, the error says what was recorded.
    func runChanges(send: Bool, receive: Bool, pull months: [YearMonth]?, recorded: SyncJournal?, _ context: Context) async throws {
        let household = try context.household()
        let lock = try household.syncLock()
        defer { lock?.release() }
        var outcome = ChangeOutcome()
        do {
            if send { try await sendChanges(household, receive: receive, &outcome) }
            if receive { try await receiveChanges(household, &outcome) }
            if let months { try await pullRows(months, household, &outcome) }
            if send && receive { try await exchangeSettings(household, context, &outcome) }
            // What came was matched with the lines here (and with the household's accounts, when they came): the
            // merges made of it go now, not with the next sync.
            if send && receive && !(outcome.matched.isEmpty && outcome.settings.matched.isEmpty) {
                try await sendChanges(household, receive: receive, &outcome)
            }
        } catch {
            if case ChangeProtocolError.afterProgress = error { throw error }
            guard outcome.recorded else {
                if let recorded { try household.forgetServer(serverKey, before: recorded) }
                throw error
            }
            guard let failure = error as? ChangeProtocolError else { throw error }
            throw ChangeProtocolError.afterProgress(failure, sent: outcome.sent, received: outcome.received, awaiting: 0)
        }
        let journal = try household.journal()
        let pending = try household.unsent().filter { !journal.isHeld($0.id) }.count + journal.deleted.count
        var notes = outcome.conflicts.map { SyncNote.conflict(id: $0.id, code: $0.code) }
        notes += outcome.rejected.map { SyncNote.refused(id: $0.id, code: $0.code) }
        var report = SyncReport(
            pushed: send ? outcome.sent : nil, pulled: outcome.received, period: months, receivedChanges: receive, pending: pending,
            months: Array(outcome.months), conflicts: journal.conflicts.map(\.id), rejected: outcome.setAside, notes: notes)
        if send { report.sentKinds = outcome.sentKinds }
        report.settings = outcome.settings
        report.matched = outcome.matched
        report.matched += outcome.settings.matched
        report.settingConflicts = SharedSetting.allCases.map(\.rawValue).filter { journal.settingConflicts[$0] != nil }
        show(report, context)
        // Done, but not finished with: cron can tell (exit 4) and say so.
        if report.conflictCount > 0 { throw EarlyExit(status: .conflicts, context) }
    }
}
