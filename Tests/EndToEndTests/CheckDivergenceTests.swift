import Foundation
import Testing

/// `check` sees every divergence (issue #33): a synced item changed in its month file by hand is named (exit 1), the
/// next sync sends it rather than a pull putting the old version back, and an item the server refused is a warning
/// with the reason (exit 1 too); a file named like a month that no month is, is named.
@Suite struct CheckDivergenceTests {
    func member(_ server: ShippedServer) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        box.environment["KAKEIBO_TOKEN"] = ShippedServer.token
        return box
    }

    func monthFile(_ box: Sandbox) -> URL { box.store.appendingPathComponent("2024-12.json") }

    @Test func aHandEditOfASyncedItemIsNamedByCheckAndSentByTheNextSync() throws {
        let server = try ShippedServer()
        let (a, b) = (try member(server), try member(server))
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        #expect(try a.run("sync").status == 0)
        #expect(try b.run("sync").status == 0)
        #expect(try a.run("check").status == 0)
        // The price changed in the month file by hand, the item still marked synced.
        let text = try String(contentsOf: monthFile(a), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"price\":178", with: "\"price\":999").utf8).write(to: monthFile(a))
        let check = try a.run("check", "--format", "json")
        #expect(check.status == 1, "\(check.stdout)")
        let problems = try #require((try check.json() as? [String: Any])?["problems"] as? [[String: Any]])
        #expect(problems.contains { $0["kind"] as? String == "diverged" && $0["item"] as? String == milk }, "\(problems)")
        #expect(try a.run("check").stderr.contains("1 item out of sync") == false) // an error, counted as one
        // A full pull of the month does not put the old price back; the sync sends the hand edit.
        let pulled = try a.run("sync", "2024", "12")
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(try server.items().prices[milk] == 999)
        #expect(try b.run("sync").status == 0)
        let other = try #require(try b.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect((other["items"] as? [[String: Any]])?.first?["price"] as? Int == 999)
        #expect(try a.run("check").status == 0)
    }

    @Test func anItemTheServerRefusedIsAWarningWithTheReasonAndCheckExits1() throws {
        let server = try ShippedServer()
        let box = try member(server)
        _ = try box.add("牛乳", 178, date: "2024-12-03")
        // An item written before kakeibo refused such dates: the server takes none before 1900.
        let text = try String(contentsOf: monthFile(box), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "2024-12", with: "1899-12").utf8).write(to: box.store.appendingPathComponent("1899-12.json"))
        try FileManager.default.removeItem(at: monthFile(box))
        _ = try box.run("sync")
        let check = try box.run("check", "--format", "json")
        #expect(check.status == 1, "\(check.stdout)")
        let problems = try #require((try check.json() as? [String: Any])?["problems"] as? [[String: Any]])
        let refused = try #require(problems.first { $0["kind"] as? String == "refused" }, "\(problems)")
        #expect(refused["severity"] as? String == "warning" && (refused["message"] as? String)?.contains("date") == true, "\(refused)")
        #expect(try box.run("check").stderr.contains("1 item out of sync"))
    }

    @Test func aFileNamedLikeAMonthThatNoMonthIsIsNamed() throws {
        let box = try Sandbox()
        _ = try box.add("牛乳", 178, date: "2024-12-03")
        let text = try String(contentsOf: monthFile(box), encoding: .utf8)
        for name in ["2024-13", "2024-00"] {
            try Data(text.replacingOccurrences(of: "2024-12", with: name).utf8).write(to: box.store.appendingPathComponent(name + ".json"))
        }
        let check = try box.run("check", "--format", "json")
        #expect(check.status == 1)
        let problems = try #require((try check.json() as? [String: Any])?["problems"] as? [[String: Any]])
        for name in ["2024-13.json", "2024-00.json"] {
            #expect(problems.contains { $0["kind"] as? String == "notAMonth" && $0["file"] as? String == name }, "\(problems)")
        }
        #expect(try box.run("check").stdout.contains("it holds 1 item"))
    }
}
