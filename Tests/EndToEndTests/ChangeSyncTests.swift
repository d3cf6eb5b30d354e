import Foundation
import Testing

/// Two members' stores against the shipped household server (`scripts/household-server`): edits and deletes reach
/// everyone, both editing one item is a conflict settled by `resolve`, sync is incremental, and a lost answer loses
/// nothing.
@Suite struct ChangeSyncTests {
    func member(_ server: ShippedServer) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        box.environment["KAKEIBO_TOKEN"] = ShippedServer.token
        return box
    }

    /// The store's items of December 2024: [id: price].
    func prices(_ box: Sandbox) throws -> [String: Int] {
        let json = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: items.map { ($0["id"] as? String ?? "", $0["price"] as? Int ?? 0) })
    }

    func sync(_ box: Sandbox) throws -> [String: Any] {
        let run = try box.run("sync", "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try run.json() as? [String: Any])
    }

    @Test func addEditAndDeleteOnOneStoreReachTheOther() throws {
        let server = try ShippedServer()
        let (a, b) = (try member(server), try member(server))
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        let eggs = try a.add("卵", 300, date: "2024-12-04")
        let sent = try sync(a)
        #expect(sent["pushed"] as? Int == 2)
        #expect(sent["pulled"] as? Int == 0, "this store's own changes coming back are not news")
        #expect(try sync(b)["pulled"] as? Int == 2)
        #expect(try prices(b) == [milk: 178, eggs: 300])

        #expect(try a.run("edit", milk, "--price", "200").status == 0)
        #expect(try a.run("delete", eggs).status == 0) // a synced item: the delete becomes a change
        let before = try server.operations().count
        let changed = try sync(a)
        #expect(changed["pushed"] as? Int == 2)
        // Incremental: one request with this store's changes, its answer bringing the others' (capabilities remembered).
        #expect(Array(try server.operations().dropFirst(before)) == ["changes"])
        _ = try sync(b)
        #expect(try prices(a) == [milk: 200])
        #expect(try prices(b) == [milk: 200])
        #expect(try server.items().prices == [milk: 200])
        #expect(try server.items().rows.values.allSatisfy { $0 == 1 })
        // The token rides in the body, never in the URL or a header the script can't see.
        #expect(try server.bodies().contains { $0.contains("[token]") })
        #expect(try server.authorizations().allSatisfy { $0.isEmpty })
    }

    @Test func bothEditingOneItemIsOneConflictSettledEitherWay() throws {
        let server = try ShippedServer()
        let (a, b) = (try member(server), try member(server))
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        _ = try sync(a)
        _ = try sync(b)

        #expect(try a.run("edit", milk, "--price", "210").status == 0)
        #expect(try b.run("edit", milk, "--price", "220").status == 0)
        _ = try sync(a)
        let run = try b.run("sync", "--format", "json")
        #expect(run.status == 4, "a sync that leaves a conflict says so to cron")
        #expect(run.stderr.contains("conflict: \(milk) was changed on the server too (stale)"))
        #expect((try run.json() as? [String: Any])?["conflicts"] as? [String] == [milk])
        let listed = try #require(try b.run("conflicts", "--format", "json").json() as? [[String: Any]])
        #expect(listed.count == 1)
        #expect((listed.first?["mine"] as? [String: Any])?["price"] as? Int == 220)
        #expect((listed.first?["theirs"] as? [String: Any])?["price"] as? Int == 210)
        #expect(try b.run("conflicts").stdout.contains("theirs"))

        // mine: sent again, based on the server's revision; everyone ends with it.
        #expect(try b.run("resolve", String(milk.prefix(8)), "mine").status == 0)
        _ = try sync(b)
        _ = try sync(a)
        #expect(try prices(a) == [milk: 220] && prices(b) == [milk: 220])
        #expect(try server.items().prices == [milk: 220])

        // theirs: this store takes the server's version.
        #expect(try a.run("edit", milk, "--price", "230").status == 0)
        #expect(try b.run("edit", milk, "--price", "240").status == 0)
        _ = try sync(b)
        #expect(try a.run("sync").status == 4)
        #expect(try a.run("conflicts", "--format", "json").json() as? [[String: Any]] != nil)
        #expect(try a.run("resolve", milk, "theirs").status == 0)
        #expect(try a.run("conflicts").stdout == "No conflicts\n")
        _ = try sync(a)
        #expect(try prices(a) == [milk: 240] && prices(b) == [milk: 240])
        #expect(try server.items().prices == [milk: 240])
        #expect(try a.run("resolve", milk, "mine").status == 2)
    }

    /// What insurance paid back (`--reimbursed`, for tax medical) travels in a column of its own: the item settles
    /// after one sync (it was sent again by every sync while the sheet had nowhere to keep it), and reaches the others.
    @Test func anAmountPaidBackReachesTheOthersAndSettles() throws {
        let server = try ShippedServer()
        let (a, b) = (try member(server), try member(server))
        let visit = try a.add("診察", 3000, date: "2024-12-03")
        #expect(try a.run("edit", visit, "--reimbursed", "1000").status == 0)
        #expect(try sync(a)["pushed"] as? Int == 1)
        #expect(try sync(a)["pushed"] as? Int == 0, "nothing left to send once the server keeps it")
        _ = try sync(b)
        func paidBack(_ box: Sandbox) throws -> Int? {
            let json = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
            return (json["items"] as? [[String: Any]])?.first?["reimbursed"] as? Int
        }
        #expect(try paidBack(b) == 1000)
        // Taken off (0 is none) on the other member: it goes, and both settle.
        #expect(try b.run("edit", visit, "--reimbursed", "0").status == 0)
        #expect(try sync(b)["pushed"] as? Int == 1)
        #expect(try sync(b)["pushed"] as? Int == 0)
        _ = try sync(a)
        #expect(try paidBack(a) == nil)
        #expect(try sync(a)["pending"] as? Int == 0)
    }

    /// A settle-up payment recorded by one member is a transfer that reaches the other like any other: both see it
    /// settled, neither counts it as spending, and the other recording the same payment is refused, not doubled.
    @Test func aRecordedSettlePaymentReachesTheOther() throws {
        let server = try ShippedServer()
        let (a, b) = (try member(server), try member(server))
        #expect(try a.run("add", "夕食", "3000", "--date", "2024-12-05", "--member", "ken").status == 0)
        #expect(try a.run("add", "昼食", "678", "--date", "2024-12-06", "--member", "ayumi").status == 0)
        let recorded = try a.run("settle", "2024-12", "--record", "--date", "2025-01-05", "--format", "json")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        _ = try sync(a)
        _ = try sync(b)
        for box in [a, b] {
            let json = try #require(try box.run("settle", "2024-12", "--format", "json").json() as? [String: Any])
            #expect(json["settled"] as? Int == 1161 && (json["left"] as? [Any])?.isEmpty == true, "\(json)")
            let month = try #require(try box.run("month", "2025", "1", "--format", "json").json() as? [String: Any])
            #expect(month["total"] as? Int == 0 && (month["transfers"] as? [String: Any])?["total"] as? Int == 1161, "\(month)")
        }
        let again = try b.run("settle", "2024-12", "--record", "--amount", "1161", "--from", "ayumi", "--to", "ken", "--date", "2025-01-05")
        #expect(again.status == 1 && again.stderr.contains("recorded already"), "\(again.stderr)")
    }

    /// A send the server surely never received (no server listening, a refusal) leaves the store byte for byte as it
    /// was, sync state included; one whose answer was lost keeps its changes and says so.
    @Test func aSendTheServerNeverReceivedChangesNothingHere() throws {
        var server: ShippedServer? = try ShippedServer()
        let a = try member(try #require(server))
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        let eggs = try a.add("卵", 300, date: "2024-12-04")
        _ = try sync(a)
        #expect(try a.run("edit", milk, "--price", "200").status == 0)
        #expect(try a.run("delete", eggs).status == 0)
        _ = try a.add("パン", 250, date: "2024-12-05")
        let before = try a.snapshot()

        // The server refuses the token: capabilities were known, the changes are refused.
        a.environment["KAKEIBO_TOKEN"] = "not-the-token"
        let refused = try a.run("sync")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("bad_token") && refused.stderr.contains("nothing changed here"), "\(refused.stderr)")
        #expect(try a.snapshot() == before)

        // A store that never synced asks capabilities first: that record goes too when the changes are refused.
        let b = try member(try #require(server))
        _ = try b.add("牛乳", 178, date: "2024-12-03")
        let fresh = try b.snapshot()
        b.environment["KAKEIBO_TOKEN"] = "not-the-token"
        #expect(try b.run("sync").status == 1)
        let after = try b.snapshot()
        #expect(
            after == fresh,
            "\(Set(after.keys).symmetricDifference(fresh.keys)) \(String(decoding: after["/sync-state.json"] ?? Data(), as: UTF8.self))")

        // A lost answer: the changes may be on the server, so they stay, and the message says so.
        a.environment["KAKEIBO_TOKEN"] = ShippedServer.token
        try #require(server).fail("drop")
        let lost = try a.run("sync", "--timeout", "5")
        #expect(lost.status == 1)
        #expect(lost.stderr.contains("kept here with their ids") && !lost.stderr.contains("nothing changed here"), "\(lost.stderr)")
        #expect(try a.snapshot() != before)

        // No server listening: nothing is written, and the changes kept from the lost answer are still there.
        let kept = try a.snapshot()
        server = nil
        let down = try a.run("sync", "--timeout", "5")
        #expect(down.status == 1)
        #expect(down.stderr.contains("cannot connect") && down.stderr.contains("nothing changed here"), "\(down.stderr)")
        #expect(try a.snapshot() == kept)
    }

    @Test func aDeleteMadeWhileAPushsAnswerWasLostIsSentAndNoPullUndoesIt() throws {
        let server = try ShippedServer()
        let a = try member(server)
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        try server.fail("drop")
        let lost = try a.run("sync", "--timeout", "5")
        #expect(lost.status == 1)
        #expect(try server.items().prices == [milk: 178]) // the server ran the change; the answer was lost

        #expect(try a.run("delete", milk).status == 0)
        #expect(try a.run("pull", "2024", "12").status == 0)
        #expect(try prices(a).isEmpty) // the pull does not bring it back
        _ = try sync(a)
        #expect(try server.items().prices.isEmpty)
        #expect(try server.items().rows == [milk: 1])
        #expect(try prices(a).isEmpty)
    }

    @Test func anEditMadeWhileAPushsAnswerWasLostIsSentAndTheRetryAppliesOnce() throws {
        let server = try ShippedServer()
        let a = try member(server)
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        _ = try sync(a)
        #expect(try a.run("edit", milk, "--price", "800").status == 0)
        try server.fail("drop")
        #expect(try a.run("sync").status == 1)
        #expect(try server.items().prices == [milk: 800])

        #expect(try a.run("edit", milk, "--price", "850").status == 0)
        #expect(try a.run("pull", "2024", "12").status == 0)
        #expect(try prices(a) == [milk: 850])
        let synced = try sync(a)
        #expect(synced["conflicts"] as? [String] == [])
        #expect(try server.items().prices == [milk: 850])
        #expect(try server.items().rows == [milk: 1])
        #expect(try prices(a) == [milk: 850])
        #expect(try sync(a)["pending"] as? Int == 0)
    }

    /// A sync against another spelling of the endpoint that can't be reached fails and writes nothing, sync state
    /// included; the next sync with the right one is incremental and raises no conflict.
    @Test func aFailedSyncElsewhereLeavesTheSyncStateAsItWas() throws {
        let server = try ShippedServer()
        let a = try member(server)
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        _ = try sync(a)
        #expect(try a.run("edit", milk, "--price", "200").status == 0)
        let before = try a.snapshot()
        let elsewhere = try a.run("sync", "--endpoint", "http://localhost:1/exec")
        #expect(elsewhere.status == 1)
        #expect(elsewhere.stderr.contains("cannot connect"), "\(elsewhere.stderr)")
        #expect(try a.snapshot() == before)
        let operations = try server.operations().count
        let synced = try sync(a)
        #expect(synced["pushed"] as? Int == 1 && synced["conflicts"] as? [String] == [])
        #expect(Array(try server.operations().dropFirst(operations)) == ["changes"])
        #expect(try server.items().prices == [milk: 200])
    }
}
