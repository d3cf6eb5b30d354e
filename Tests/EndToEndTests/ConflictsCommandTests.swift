import Foundation
import Testing

/// `kakeibo conflicts`: names first and the short id last, and its JSON with each version as `month` writes an item.
@Suite struct ConflictsCommandTests {
    /// `conflicts` puts the names first and the short id last, so 80 columns show what the item is; its JSON keeps its
    /// published keys and adds each version as `month` writes an item (ISO date, category key and label).
    @Test func conflictsShowNamesFirstAndItemsAsMonthWritesThem() throws {
        let server = try ShippedServer()
        let helper = ChangeSyncTests()
        let (a, b) = (try helper.member(server), try helper.member(server))
        let soap = try a.add("オーガニックハンドソープ詰め替え用", 2756, date: "2024-11-24", category: "daily")
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try a.run("edit", soap, "--price", "2800").status == 0)
        #expect(try b.run("edit", soap, "--price", "2900").status == 0)
        _ = try helper.sync(a)
        #expect(try b.run("sync").status == 4)
        let table = try b.run("conflicts").stdout
        let row = try #require(table.split(separator: "\n").first { $0.contains("¥2,900") }.map(String.init), "\(table)")
        // At 80 columns the name gives way only after the id is short: most of it is read, where the UUID left "オオ…".
        #expect(row.hasPrefix("オーガニックハンドソー") && row.hasSuffix(String(soap.prefix(8))), "\(table)")
        #expect(!table.contains(soap), "the short id, not the whole UUID: \(table)")
        let listed = try #require(try b.run("conflicts", "--format", "json").json() as? [[String: Any]])
        let conflict = try #require(listed.first)
        #expect(Set(conflict.keys).isSuperset(of: ["id", "code", "mine", "theirs", "theirsRevision"]))
        #expect((conflict["theirs"] as? [String: Any])?["date"] as? String == "20241124", "the published wire shape stays")
        let mine = try #require(conflict["mineItem"] as? [String: Any])
        let theirs = try #require(conflict["theirsItem"] as? [String: Any])
        #expect(mine["date"] as? String == "2024-11-24" && mine["price"] as? Int == 2900 && theirs["price"] as? Int == 2800)
        #expect(mine["category"] as? String == "daily" && mine["label"] as? String == "Daily necessities", "\(mine)")
        #expect(try b.run("resolve", String(soap.prefix(8)), "theirs").status == 0)
    }
}
