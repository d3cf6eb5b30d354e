import Foundation
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// The change protocol's rounds as the operations layer runs them (`ChangeServer`), against a scripted server: how
/// changes are batched and recorded, what a failure leaves here, a change made while its item is in flight, what
/// `since` leaves out, and what the report counts.
@Suite struct SyncRoundsTests {
    let november = YearMonth(year: 2024, month: 11)!

    func items(_ count: Int, month: String = "2024-12") -> [WireItem] {
        (0..<count).map { milk("m\($0)", 100 + $0 % 50, "\(month)-\(String(format: "%02d", $0 % 28 + 1))") }
    }

    @Test func changesGoFiveHundredUntilTheServerSaysMoreAndEachAnswerIsRecorded() throws {
        let server = ScriptedServer()
        server.changesPerRequest = 150
        let member = Member(server)
        defer { member.clean() }
        try member.household.add(items(800))
        let report = try member.sync()
        #expect(server.ops == ["capabilities", "changes", "changes", "changes"])
        #expect(server.bodies.dropFirst().map { $0["changes"]?.arrayValue?.count } == [500, 150, 150])
        #expect(report.pushed == 800 && report.sentKinds == [.create: 800] && report.pending == 0)
        #expect(server.rows.count == 800)
        #expect(try member.household.unsent().isEmpty)
        #expect(try member.household.journal().outbox.isEmpty)
    }

    /// `--dry-run`: what the next sync would send, by kind, read without a request or a write.
    @Test func aPreviewCountsTheChangesASyncWouldSendAndSendsNone() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        try member.household.add([milk("a", 100), milk("b", 100)])
        _ = try member.sync()
        _ = try member.household.edit("a", ItemChanges(price: Yen(200)))
        _ = try member.household.delete("b", syncs: true)
        try member.household.add([milk("c", 100)])
        let ops = server.ops
        let state = member.state()
        let preview = try member.remote().preview()
        #expect(preview.changes && preview.send == [.create: 1, .update: 1, .delete: 1] && preview.stayed.isEmpty)
        #expect(server.ops == ops, "no request")
        #expect(member.state() == state, "no write")
        let report = try member.sync()
        #expect(report.sentKinds == preview.send, "the sync sends what the preview said")
    }

    @Test func anEditMadeWhileItsItemIsInFlightIsSentNextAgainstTheRevisionTheAnswerBrings() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        try member.household.add([milk("a", 100)])
        _ = try member.sync()
        _ = try member.household.edit("a", ItemChanges(price: Yen(200)))
        server.during = { op in
            if op == "changes" && server.revision == 1 { _ = try? member.household.edit("a", ItemChanges(price: Yen(300))) }
        }
        let report = try member.sync()
        #expect(report.conflicts.isEmpty && report.notes.isEmpty)
        #expect(server.rows["a"]?.item.price == Yen(300) && server.rows["a"]?.revision == 3)
        #expect(try member.item("a")?.sync == .synced)
    }

    @Test func aDeleteMadeWhileItsItemsEditIsInFlightConvergesWithoutResolve() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        try member.household.add([milk("a", 100)])
        _ = try member.sync()
        _ = try member.household.edit("a", ItemChanges(price: Yen(200)))
        server.during = { op in
            if op == "changes" && server.revision == 1 { _ = try? member.household.delete("a") }
        }
        let report = try member.sync()
        #expect(report.conflicts.isEmpty, "no conflict with itself")
        #expect(server.rows["a"]?.deleted == true)
        server.during = nil
        let again = try member.sync()
        #expect(again.conflicts.isEmpty && again.sentKinds?.isEmpty == true && again.pending == 0)
        #expect(try member.household.journal().conflicts.isEmpty)
    }

    @Test func aRequestTheServerSurelyNeverReceivedLeavesTheSyncStateAsItWas() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        try member.household.add([milk("a", 100)])
        server.failNext = ("changes", .cannotConnect("refused"), false)
        #expect(throws: ChangeProtocolError.self) { try member.sync() }
        #expect(member.state() == nil, "not even the capabilities were kept")
        #expect(try member.item("a")?.sync == .pending)
    }

    @Test func aLostAnswerKeepsTheChangesWithTheirIDsAndTheServerAppliesThemOnce() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        try member.household.add([milk("a", 100)])
        server.failNext = ("changes", .timedOut(seconds: 30), true)
        #expect {
            try member.sync()
        } throws: { error in
            (error as? ChangeProtocolError)?.message(in: .en).contains("kept here with their ids") == true
        }
        let kept = try member.household.journal().outbox
        #expect(kept.count == 1)
        #expect(server.bodies.last?["retried"] == .array([]), "a new change: the server need not look it up")
        _ = try member.sync()
        #expect(server.bodies.last?["changes"]?.arrayValue?.first?["changeId"] == .string(kept[0].changeID))
        #expect(server.bodies.last?["retried"] == .array([.string(kept[0].changeID)]), "sent before: looked up")
        #expect(server.revision == 1, "applied once")
        #expect(try member.item("a")?.sync == .synced)
    }

    @Test func aWriteThatFailsAfterTheServerAppliedSaysTheChangesReachedIt() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        try member.household.add([milk("a", 100), milk("b", 200)])
        // The sync state's next write fails (a directory where its temporary file goes), once the server has the request.
        let blocker = FileSystem.temporaryPath(for: SyncJournalFile.path(member.household.store))
        server.during = { op in
            if op == "changes" { try? FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false) }
        }
        #expect {
            try member.sync()
        } throws: { error in
            let message = (error as? any KakeiboFailure)?.message(in: .en) ?? ""
            return error is AnswerNotRecorded && message.contains("the server applied the 2 changes this sync sent (they reached it)")
        }
        let kept = try member.household.journal()
        #expect(kept.outbox.count == 2 && kept.revisions.isEmpty, "nothing recorded: the changes wait with their ids")
        #expect(server.revision == 2)
        server.during = nil
        try FileManager.default.removeItem(atPath: blocker)
        let report = try member.sync()
        #expect(server.bodies.last?["changes"]?.arrayValue?.compactMap { $0["changeId"]?.stringValue } == kept.outbox.map(\.changeID))
        #expect(report.pushed == 2 && server.revision == 2, "recorded now, applied once")
        #expect(try member.household.unsent().isEmpty)
    }

    @Test func aRefusedChangeIsSentAndReportedOncePerSync() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        server.refusing = ["old"]
        try member.household.add([milk("old", 100), milk("a", 100)])
        _ = try member.sync()
        // An edit while `a` is in flight makes a second round; the refused item doesn't go again in it.
        _ = try member.household.edit("a", ItemChanges(price: Yen(200)))
        server.during = { op in
            if op == "changes" && server.revision == 1 { _ = try? member.household.edit("a", ItemChanges(price: Yen(300))) }
        }
        let report = try member.sync()
        let sentOld = server.bodies.dropFirst(2).filter { body in
            body["changes"]?.arrayValue?.contains { $0["item"]?["id"] == .string("old") } == true
        }
        #expect(server.ops.filter { $0 == "changes" }.count == 3)
        #expect(sentOld.count == 1, "sent once in this sync")
        #expect(report.refusedCount == 1)
    }

    /// A push of 10,000 items, then a sync with nothing new, is one request.
    @Test func theSyncAfterAPushIsOneRequestFromPastItsOwnWrites() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        try member.household.add(items(10_000))
        let pushed = try member.remote().push()
        #expect(pushed.pushed == 10_000)
        let asked = server.bodies.count
        let report = try member.sync()
        #expect(server.ops.dropFirst(asked) == ["since"])
        #expect(server.bodies.last?["revision"] == .integer(10_000), "the cursor stepped over its own writes")
        #expect(report.pulled == 0 && report.received.isEmpty)
    }

    @Test func whenAnotherMemberWroteBetweenSinceLeavesOutOnlyThisStoresOwnWrites() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        server.write(milk("theirs-1", 100, "2024-11-02"))
        _ = try member.sync()
        server.write(milk("theirs-2", 120, "2024-11-03"))
        try member.household.add(items(700))
        _ = try member.remote().push()
        let asked = server.bodies.count
        let report = try member.sync()
        #expect(server.ops.dropFirst(asked) == ["since"])
        #expect(server.bodies.last?["skip"] == .array([.array([.integer(3), .integer(702)])]))
        #expect(report.received == [november: 1])
        #expect(try member.item("theirs-2") != nil)
        #expect(try member.household.journal().own.isEmpty && member.household.journal().revision == 702)
    }

    @Test func anOlderScriptThatDoesNotSayWhatItWroteIsPagedThroughAsBefore() throws {
        let server = ScriptedServer()
        server.statesWrites = false
        server.sinceLimit = 500
        let member = Member(server)
        defer { member.clean() }
        try member.household.add(items(700))
        _ = try member.remote().push()
        let asked = server.bodies.count
        let report = try member.sync()
        #expect(server.ops.dropFirst(asked) == ["since", "since"])
        #expect(report.received.isEmpty, "its own rows come back and change nothing")
    }

    @Test func aRowOlderThanTheRevisionHeldIsIgnoredAndCounted() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        try member.household.add([milk("a", 100), milk("b", 200)])
        _ = try member.sync()
        _ = try member.household.edit("a", ItemChanges(price: Yen(150)))
        _ = try member.sync() // a at revision 3 here
        #expect(try member.household.journal().revisions["a"] == 3)
        // A replayed answer: a's revision 1 (its old price) and b's tombstone from before b's revision 2.
        let stale: [JSONValue] = [
            ScriptedServer.json(ScriptedServer.Row(revision: 1, deleted: false, item: milk("a", 100))),
            ScriptedServer.json(ScriptedServer.Row(revision: 1, deleted: true, item: milk("b", 200))),
        ]
        server.write(milk("c", 300))
        server.rewrite = { op, answer in
            guard op == "since", case .object(let fields) = answer else { return answer }
            return .object(fields.map { $0.0 == "changes" ? ("changes", .array(stale + ($0.1.arrayValue ?? []))) : $0 })
        }
        let report = try member.sync()
        #expect(try member.item("a")?.price == Yen(150))
        #expect(try member.item("b") != nil)
        #expect(try member.item("c") != nil)
        #expect(report.older == 2 && report.received == [december: 1])
    }

    @Test func aPullOfAMonthHoldingOneItemSaysOne() throws {
        let server = ScriptedServer()
        let august = YearMonth(year: 2024, month: 8)!
        server.write(milk("aug", 100, "2024-08-05"))
        let member = Member(server)
        defer { member.clean() }
        let report = try member.remote().sync(period: [august], thisMonth: december)
        #expect(report.pulled == 1 && report.listed == 1)
        #expect(report.received == [august: 1], "the same item from since and from the pull counts once")
        #expect(report.months.contains(august))
    }

    @Test func theReportCountsEachItemChangedHereOnceByMonth() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        _ = try member.sync()
        for n in 0..<8 { server.write(milk("n\(n)", 100 + n, "2024-11-0\(n + 1)")) }
        for n in 0..<4 { server.write(milk("d\(n)", 100 + n, "2024-12-0\(n + 1)")) }
        server.write(milk("n0", 999, "2024-11-01")) // changed twice: one item
        try member.household.add([milk("mine", 50)])
        let report = try member.sync()
        #expect(report.received == [november: 8, december: 4])
        #expect(report.pulled == 12)
        #expect(Set(report.months) == [november, december])
        #expect(try member.item("n0")?.price == Yen(999))
    }
}

/// A store whose sync state is gone (sync-state.json deleted) still knows what it last had from the server (its kept
/// backups): its next edit is no conflict with itself, and another member's change in between still is one.
@Suite struct LostSyncStateTests {
    func lose(_ member: Member) throws {
        try FileManager.default.removeItem(atPath: member.root + "/" + SyncJournal.fileName)
    }

    @Test func theNextEditAfterTheSyncStateWasDeletedIsNoConflictWithItself() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        try member.household.add([milk("a", 100), milk("b", 200)])
        _ = try member.sync()
        try lose(member)
        _ = try member.household.edit("a", ItemChanges(price: Yen(150)))
        let report = try member.sync()
        #expect(report.conflicts.isEmpty && report.notes.isEmpty)
        #expect(server.rows["a"]?.item.price == Yen(150))
        #expect(try member.item("a")?.sync == .synced)
        #expect(try member.household.journal().conflicts.isEmpty)
    }

    @Test func anotherMembersChangeInBetweenIsStillAConflict() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        try member.household.add([milk("a", 100)])
        _ = try member.sync()
        try lose(member)
        server.write(milk("a", 120))
        _ = try member.household.edit("a", ItemChanges(price: Yen(150)))
        let report = try member.sync()
        #expect(report.conflicts == ["a"])
        #expect(server.rows["a"]?.item.price == Yen(120), "never overwritten")
    }
}
