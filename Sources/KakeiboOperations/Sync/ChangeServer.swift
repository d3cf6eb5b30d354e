import KakeiboStore
import KakeiboValues

/// The household server that speaks kakeibo's change protocol (docs/sync-protocol.md): creates, edits and deletes go
/// as changes (`op: changes`, with ids kept across retries), the other members' changes come with the answers (or one
/// `since`), `pull` fetches whole months (`op: pull`), and the household settings follow a sync (`op: settings`).
struct ChangeServer: SyncServer {
    let household: Household
    let client: ChangeClient
    let serverKey: String
    /// The sync state as it was before this command recorded `capabilities` (nil: it didn't ask), so a command that
    /// fails before any answer was recorded puts it back.
    let recorded: SyncJournal?
    let settings: SharedSettingFiles

    func pull(_ months: [YearMonth]) throws -> SyncReport { try run(send: false, receive: false, pull: months) }

    func push() throws -> SyncReport { try run(send: true, receive: false, pull: nil) }

    func sync(period: [YearMonth]?, thisMonth: YearMonth, all: Bool) throws -> SyncReport {
        try run(send: true, receive: true, pull: period, all: all)
    }

    func preview(all: Bool) throws -> SyncPreview {
        var send = try household.outgoingPreview()
        // As of the last sync: `sync --all` reads the server's history first, and sends what it still lacks then.
        if all { send[.create, default: 0] += try household.onlyHereCount(household.journal()) }
        return SyncPreview(send: send, changes: true)
    }

    /// What the exchanges of one command did so far, each recorded here as its answer came.
    struct Tally {
        var sent = 0
        var sentKinds: [OutgoingChange.Kind: Int] = [:]
        var received = ReceivedItems()
        /// Items the server listed for the months pulled.
        var listed = 0
        var older = 0
        var months: Set<YearMonth> = []
        var notes: [SyncNote] = []
        /// Items whose change the server refused in this command: not sent again by it.
        var refused: Set<String> = []
        var setAside: [SetAsideRow] = []
        var settings = SettingsOutcome()
        /// What `since` said of the server's settings (nil: it keeps none).
        var settingsRevision: Int?
        /// Whether the settings were sent or taken (and the sync state written for them).
        var settingsExchanged = false
        /// Whether an answer was recorded here (so a later failure is not "nothing changed").
        var recorded = false
        /// Whether the `changes` answers brought every change of the other members (none to ask `since` for).
        var caughtUp = false
        /// The sync state as this command's last write of items left it, and what was still pending then: the report
        /// is made from them, so a sync reads the state and the store no more than its writes do.
        var journal: SyncJournal?
        var pending: Int?
        /// What matching did with what came.
        var matched = MatchOutcome()
        /// A sync matches what came once, after the household's settings were exchanged: lines another member merged
        /// with the household's accounts are not split here first by a store that hasn't got those accounts yet.
        var matchLater = false
        /// Items `sync --all` found here that the server never had, marked to be sent.
        var claimed = 0

        mutating func add(_ rows: RowsOutcome) {
            matched += rows.matched
            received.formUnion(rows.received)
            months.formUnion(rows.changed)
            older += rows.older
            recorded = true
            journal = rows.journal
            pending = rows.pending
        }

        /// Records the answers to a batch of changes sent, and what they carried of the other members' changes.
        mutating func add(_ applied: ChangesOutcome, of batch: [OutgoingChange], carried: SinceAnswer?) {
            sent += applied.applied
            for (kind, count) in applied.appliedKinds { sentKinds[kind, default: 0] += count }
            notes += applied.conflicts.map { .conflict(id: $0.id, code: $0.code) }
            notes += applied.rejected.map { .refused(id: $0.id, code: $0.code) }
            refused.formUnion(applied.rejected.map(\.id))
            months.formUnion(batch.compactMap { $0.item?.date.yearMonth })
            add(applied.rows)
            if let carried {
                setAside += carried.setAside
                settingsRevision = carried.settingsRevision
            }
            caughtUp = carried.map { !$0.more } ?? false
        }
    }

    /// Runs a command: `send` and/or `receive`, and `pull` of whole months, under the sync lock. When an exchange
    /// fails before any answer was recorded, the sync state is left as it was, `capabilities`' record included; after
    /// one, the error says what was recorded.
    /// `all`: first reads the server's whole history (what it has), then marks every item here it never had pending,
    /// so this command sends it (`sync --all`).
    func run(send: Bool, receive: Bool, pull months: [YearMonth]?, all: Bool = false) throws -> SyncReport {
        let lock = try household.syncLock()
        defer { lock?.release() }
        var tally = Tally()
        tally.matchLater = send && receive
        do {
            if all {
                try receiveChanges(&tally, afresh: true)
                tally.claimed = try household.claimOnlyHere()
                tally.journal = nil
                tally.pending = nil
                tally.caughtUp = false
            }
            if send { try sendChanges(receive: receive, &tally) }
            if receive { try receiveChanges(&tally) }
            if let months { try pullRows(months, &tally) }
            if send && receive {
                try exchangeSettings(&tally)
                tally.matched += try household.matchAgain(tally.months)
            }
            // What came was matched with the lines here (and with the household's accounts, when they came): the
            // merges made of it go now, not with the next sync.
            if send && receive && !(tally.matched.isEmpty && tally.settings.matched.isEmpty) {
                tally.caughtUp = false
                try sendChanges(receive: receive, &tally)
            }
        } catch {
            // What was received and recorded before the failure is matched now, as the sync would have.
            if tally.matchLater && tally.recorded { _ = try? household.matchAgain(tally.months) }
            if case ChangeProtocolError.afterProgress = error { throw error }
            if error is AnswerNotRecorded { throw error }
            guard tally.recorded else {
                if let recorded { try household.forgetServer(serverKey, before: recorded) }
                throw error
            }
            guard let failure = error as? ChangeProtocolError else { throw error }
            throw ChangeProtocolError.afterProgress(failure, sent: tally.sent, received: tally.received.count, awaiting: 0)
        }
        try household.settleHome(serverKey)
        // A settings exchange writes the state after the items: then it is read again.
        let journal = try tally.journal.flatMap { tally.settingsExchanged ? nil : $0 } ?? household.journal()
        let pending = try tally.pending ?? household.unsent().filter { !journal.isHeld($0.id) }.count + journal.deleted.count
        return SyncReport(
            pushed: send ? tally.sent : nil, sentKinds: send ? tally.sentKinds : nil, period: months, listed: tally.listed,
            received: tally.received.byMonth, receivedChanges: receive, pending: pending, months: Array(tally.months.union(months ?? [])),
            conflicts: journal.conflicts.map(\.id), rejected: tally.setAside, older: tally.older, notes: tally.notes, settings: tally.settings,
            settingConflicts: SharedSetting.listed(journal.settingConflicts.keys).map(\.rawValue).filter { journal.settingConflicts[$0] != nil },
            matched: tally.matched + tally.settings.matched, onlyHere: try household.onlyHereCount(journal),
            oversized: send && receive && tally.settingsRevision != nil ? (try? household.oversizedSettings(settings)) ?? [:] : [:])
    }

    /// Sends this store's changes: those whose answer was lost first (same ids), then the rest, a request at a time,
    /// each answer recorded as it comes. A change made here to an item while its earlier change was unanswered goes in
    /// a second round, based on the revision the first got. When a request fails, the changes not yet sent leave the
    /// sync state again, and so do its own when the server surely never received it; those that may have reached the
    /// server stay, with their ids, for the next sync. A request carries 500 changes until an answer says the server
    /// takes more (`ChangeClient.Limits`). With `receive`, each request also asks what the other members changed
    /// after the revision the one before reached, and that is recorded with its answer: a sync with something to send
    /// is then one request and one write.
    func sendChanges(receive: Bool, _ tally: inout Tally) throws {
        var known: Int?
        var since: Int?
        var limits = ChangeClient.Limits()
        for round in 0..<3 {
            let (outbox, before, after, pending) = try household.prepareRound(holding: tally.refused)
            if round == 0 {
                known = before.revision
                since = receive ? known ?? 0 : nil
            }
            guard !outbox.isEmpty else {
                tally.journal = after
                tally.pending = pending
                return
            }
            var appliedThisRound = 0
            var followUps = 0
            var start = 0
            while start < outbox.count {
                let end = limits.end(of: outbox, from: start)
                let batch = Array(outbox[start..<end])
                let sent: ChangeClient.Sent
                do {
                    sent = try client.send(
                        batch, since: since, skip: since == nil ? [] : before.own, retried: Set(before.outbox.map(\.changeID)))
                } catch {
                    let received = !error.surelyNotReceived
                    try household.withdrawChanges(Array(outbox[(received ? end : start)...]), before: before)
                    guard received || tally.recorded else { throw error }
                    throw ChangeProtocolError.afterProgress(
                        error, sent: tally.sent, received: tally.received.count, awaiting: received ? batch.count : 0)
                }
                limits = sent.limits ?? limits
                // A counter below the one seen here: the sheet or script was replaced, and `receiveChanges` starts over.
                let carried = sent.since.flatMap { carried in known.map { carried.revision < $0 } == true ? nil : carried }
                let applied: ChangesOutcome
                do {
                    applied = try household.applyChangeResults(
                        sent.results, rows: carried?.rows ?? [], through: carried?.through, wrote: sent.wrote, matching: !tally.matchLater)
                } catch {
                    throw AnswerNotRecorded(error, reached: batch.count, sent: tally.sent, received: tally.received.count)
                }
                appliedThisRound += applied.applied + applied.rebased
                followUps += applied.followUps
                tally.add(applied, of: batch, carried: carried)
                since = carried?.through
                start = end
            }
            guard appliedThisRound > 0 && followUps > 0 else { return }
        }
    }

    /// Applies what changed on the server since the last revision seen; from 0 (everything) when none was seen or
    /// the server's counter went back (the sheet or script was replaced). Nothing to ask when the `changes` answers
    /// brought it all; the rest when they brought a part. The rows this store's own requests wrote (`own`) are left
    /// out by the server, so a sync after a push of thousands doesn't page through them.
    /// `afresh` (`sync --all`): everything from 0, so every item the server has gets its revision here.
    func receiveChanges(_ tally: inout Tally, afresh everything: Bool = false) throws {
        guard !tally.caughtUp else { return }
        // The cursor and this store's own spans change only under the sync lock, which this command holds.
        let journal = try tally.journal ?? household.journal()
        let known = everything ? nil : journal.revision
        var answer = try client.since(known ?? 0, skip: everything ? [] : journal.own)
        let afresh = everything || known.map { answer.revision < $0 } ?? false
        if afresh && !everything { answer = try client.since(0) }
        tally.add(try household.applyRows(answer.rows, through: answer.through, afresh: afresh, matching: !tally.matchLater))
        tally.setAside += answer.setAside
        tally.settingsRevision = answer.settingsRevision
    }

    /// `pull` with the change protocol: one request per year, the months' synced items replaced by the server's.
    func pullRows(_ months: [YearMonth], _ tally: inout Tally) throws {
        for year in Set(months.map(\.year)).sorted() {
            let inYear = months.filter { $0.year == year }
            let answer = try client.pull(year: year, month: inYear.count == 1 ? inYear[0].month : nil)
            let afresh = try (tally.journal ?? household.journal()).revision.map { answer.revision < $0 } ?? false
            let applied = try household.applyRows(
                answer.rows.filter { !$0.deleted }, through: nil, months: inYear, afresh: afresh, matching: !tally.matchLater)
            tally.add(applied)
            tally.listed += applied.listed
            tally.setAside += answer.setAside
        }
    }

    /// Sends the household settings changed here and takes those another member changed (one request, after the
    /// items). Against an older script that keeps no settings, they stay on this machine. The request is made only
    /// when a setting changed here, or on the server after the last one seen here (`since` says when one last changed
    /// there).
    func exchangeSettings(_ tally: inout Tally) throws {
        guard let serverRevision = tally.settingsRevision else { return }
        let known = try tally.journal ?? household.journal()
        let seen = (known.settings.values.map(\.revision) + known.settingConflicts.values.map(\.revision)).max() ?? 0
        guard try !household.settingsToSend(settings, journal: known).isEmpty || serverRevision > seen else { return }
        // What goes is decided again on the state as it is now (a `resolve` may have run meanwhile).
        let sending = try household.settingsToSend(settings)
        // A request carries at most the server's number of settings; notes merged with another member's, and those
        // left over, go in the next round (bounded: a setting the server rejects is sent again each round).
        var pending = sending
        for _ in 0..<(sending.count / ChangeClient.settingsPerRequest + 3) {
            let batch = Array(pending.prefix(ChangeClient.settingsPerRequest))
            guard let answer = try client.settings(batch) else { return }
            tally.settings.add(try household.applySettings(answer, sent: batch, settings))
            tally.recorded = true
            tally.settingsExchanged = true
            pending = try household.settingsToSend(settings)
            if pending.isEmpty { return }
        }
    }
}
