import Foundation
import Testing

/// A change made here while this store's own sync of the same item waits for its answer (issue #33, "no conflict
/// with oneself"): kept, and sent against the revision the answer brings; a delete or an undo made then converges
/// without `resolve`. The shipped server holds the answer until the test has made its change (its control channel
/// says when the request arrived, and releases the answer): nothing sleeps.
@Suite struct SyncInFlightTests {
    let helper = ChangeSyncTests()

    /// Runs `sync` with its first POST's answer held until `during` has run; the sync's outcome.
    func syncWhileInFlight(_ box: Sandbox, _ server: ShippedServer, during: () throws -> Void) throws -> Run {
        let requests = try server.command(["cmd": "state"])["requests"] as? [[String: Any]] ?? []
        let posts = requests.filter { $0["method"] as? String == "POST" && ($0["path"] as? String ?? "").hasSuffix("/exec") }.count
        try server.fail("hold", method: "POST")
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<Run, any Error> = .failure(CancellationError())
        DispatchQueue.global().async {
            outcome = Result { try box.run("sync", "--format", "json") }
            finished.signal()
        }
        try server.command(["cmd": "wait", "method": "POST", "count": posts + 1])
        do {
            try during()
        } catch {
            try server.command(["cmd": "release"])
            finished.wait()
            throw error
        }
        try server.command(["cmd": "release"])
        finished.wait()
        return try outcome.get()
    }

    /// December 2024 as name → price.
    func names(_ box: Sandbox) throws -> [String: Int] { try UndoSyncTests().names(box) }

    func expectNoConflict(_ run: Run) throws {
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("conflict"), "\(run.stderr)")
        #expect((try run.json() as? [String: Any])?["conflicts"] as? [String] == [])
    }

    @Test func aDeleteWhileTheItemsEditIsInFlightConvergesWithoutResolve() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        _ = try a.add("卵", 300, date: "2024-12-04")
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try a.run("edit", milk, "--price", "200").status == 0)
        let flight = try syncWhileInFlight(a, server) {
            let deleted = try a.run("delete", milk)
            #expect(deleted.status == 0, "\(deleted.stderr)")
        }
        try expectNoConflict(flight)
        try expectNoConflict(try a.run("sync", "--format", "json"))
        _ = try helper.sync(b)
        #expect(try names(a) == ["卵": 300])
        #expect(try names(b) == ["卵": 300], "the other member doesn't keep the deleted item")
        #expect(try server.items().prices[milk] == nil)
    }

    @Test func anEditWhileTheItemsEditIsInFlightIsSentAgainstTheNewRevision() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try a.run("edit", milk, "--price", "200").status == 0)
        let flight = try syncWhileInFlight(a, server) {
            let edited = try a.run("edit", milk, "--price", "250")
            #expect(edited.status == 0, "\(edited.stderr)")
        }
        try expectNoConflict(flight)
        _ = try helper.sync(b)
        #expect(try names(a) == ["牛乳": 250] && names(b) == ["牛乳": 250])
        #expect(try server.items().prices == [milk: 250])
    }

    /// The first undo takes back the edit being sent, the second the add before it: a delete based on the revision
    /// the edit's answer brings.
    @Test func twoUndosWhileTheItemsEditIsInFlightConvergeWithoutResolve() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        _ = try a.add("卵", 300, date: "2024-12-04")
        _ = try helper.sync(a)
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try a.run("edit", milk, "--price", "200").status == 0)
        let flight = try syncWhileInFlight(a, server) {
            for _ in 0..<2 {
                let undone = try a.run("undo")
                #expect(undone.status == 0, "\(undone.stderr)")
            }
        }
        try expectNoConflict(flight)
        try expectNoConflict(try a.run("sync", "--format", "json"))
        _ = try helper.sync(b)
        #expect(try names(a) == ["卵": 300])
        #expect(try names(b) == ["卵": 300])
    }
}
