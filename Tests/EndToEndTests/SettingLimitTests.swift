import Foundation
import Testing

/// A household setting travels in one cell of the server's sheet (45,000 characters kept): a change that would make
/// one longer is refused at entry, and a value that grows past it otherwise (two members' notes merged) is reported
/// by sync and `check`, exit 1 — never "Nothing to send".
@Suite struct SettingLimitTests {
    /// A store whose `name` file holds `json`, as one written by many commands.
    func store(_ name: String, _ json: String) throws -> Sandbox {
        let box = try Sandbox()
        try FileManager.default.createDirectory(at: box.store, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: box.store.appendingPathComponent(name))
        return box
    }

    /// rules.json with as many rules of long patterns as keep it just under the server's cell.
    static var nearlyFullRules: String {
        var rules: [String] = []
        while (rules.joined(separator: ",").utf16.count + 80) < 44_900 {
            rules.append(#"{"pattern":"shop-\#(rules.count)-\#(String(repeating: "x", count: 40))","category":"food"}"#)
        }
        return #"{"schema":1,"rules":[\#(rules.joined(separator: ","))],"members":{}}"#
    }

    @Test func aRuleThatWouldMakeTheRulesLongerThanTheServerKeepsIsRefusedAtEntry() throws {
        let box = try store("rules.json", SettingLimitTests.nearlyFullRules)
        let before = try Data(contentsOf: box.store.appendingPathComponent("rules.json"))
        var added = 0
        var last = try box.run("rules", "add", "first-new-pattern-\(String(repeating: "y", count: 40))", "food")
        while last.status == 0 && added < 20 {
            added += 1
            last = try box.run("rules", "add", "new-pattern-\(added)-\(String(repeating: "y", count: 40))", "food")
        }
        #expect(last.status == 2, "a rule past the server's cell is refused: \(last.stderr)")
        #expect(last.stderr.contains("more than the household server keeps") && last.stderr.contains("45,000"), "\(last.stderr)")
        let after = try Data(contentsOf: box.store.appendingPathComponent("rules.json"))
        #expect(String(decoding: after, as: UTF8.self).utf16.count <= 45_000)
        #expect(after.count >= before.count)
    }

    @Test func anAliasThatWouldMakeTheAccountsLongerThanTheServerKeepsIsRefusedAtEntry() throws {
        var aliases: [String] = []
        while aliases.joined(separator: ",").utf16.count < 44_800 { aliases.append("\"ｶｰﾄﾞ別名\(aliases.count)-abcdefgh\"") }
        let box = try store(
            "accounts.json", #"{"schema":1,"accounts":[{"name":"楽天カード","kind":"card","member":null,"aliases":[\#(aliases.joined(separator: ","))]}]}"#
        )
        // Ten more aliases of 28 characters: past the cell.
        let more = (0..<10).flatMap { ["--alias", "ﾗｸﾃﾝ2-\($0)-" + String(repeating: "z", count: 20)] }
        let refused = try box.run(["accounts", "edit", "楽天カード"] + more)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("accounts.json") && refused.stderr.contains("could never sync"), "\(refused.stderr)")
        let list = try box.run("accounts", "list", "--format", "json")
        #expect(!list.stdout.contains("ﾗｸﾃﾝ2-"), "nothing changed")
    }

    @Test func notesMergedFromTwoMembersPastTheServersCellAreReportedBySyncAndCheck() throws {
        let server = try ShippedServer()
        let (a, b) = (try Sandbox(), try Sandbox())
        for box in [a, b] {
            box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
            box.environment["KAKEIBO_TOKEN"] = ShippedServer.token
        }
        // 2,000 emoji a month: 4,000 code units each as the server counts, 24,000 a half year — each member's year fits.
        let note = String(repeating: "🍙", count: 2000)
        for month in 1...6 { #expect(try a.run("review", "2024", "\(month)", "--note", note).status == 0) }
        for month in 7...12 { #expect(try b.run("review", "2024", "\(month)", "--note", note).status == 0) }
        #expect(try a.run("sync").status == 0)
        let merged = try b.run("sync", "--format", "json")
        #expect(merged.status == 1, "a year of notes that can never be sent is not a clean sync: \(merged.stderr)")
        #expect(merged.stderr.contains("notes-2024") && merged.stderr.contains("more than the household server keeps"), "\(merged.stderr)")
        let check = try b.run("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("notes-2024"), "\(check.stdout)")
    }
}
