import Foundation
import Testing

/// `kakeibo recent`: the real binary on a temporary store.
@Suite struct RecentCommandTests {
    @Test func recentListsByWhenAddedNotByDate() throws {
        let box = try Sandbox()
        for (name, date, now) in [
            ("old receipt", "2023-05-01", "2024-12-20T10:00:00Z"), ("coffee", "2024-12-15", "2024-12-15T09:00:00Z"),
            ("bread", "2024-12-16", "2024-12-16T09:00:00Z"), ("milk", "2024-12-16", "2024-12-16T09:00:00Z"),
        ] {
            let run = try box.run(["add", name, "100", "--date", date], environment: ["KAKEIBO_NOW": now])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let json = try successfulObject(try box.run("recent", "3", "--format", "json"))
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.map { $0["name"] as? String }.prefix(1) == ["old receipt"])
        #expect(Set(items.dropFirst().map { $0["name"] as? String }) == ["bread", "milk"]) // same instant: by id
        #expect(items.first?["added"] as? String == "2024-12-20T10:00:00.000Z")
        #expect(json["limit"] as? Int == 3 && json["count"] as? Int == 3)
        let table = try box.run("recent")
        #expect(table.stdout.hasPrefix("Last 4 added\n"))
        #expect(table.stdout.contains("2024-12-20 10:00  2023-05-01  old receipt"))
        let tokyo = try box.run(["recent", "1"], environment: ["TZ": "Asia/Tokyo"])
        #expect(tokyo.stdout.contains("2024-12-20 19:00"))
        let csv = try box.run("recent", "2", "--format", "csv")
        let rows = csv.stdout.components(separatedBy: "\r\n")
        #expect(rows.first == "id,date,name,price,category,subcategory,added")
        #expect(rows.count == 4) // the header, two items, and the empty string after the last line end
        #expect(try box.run("recent", "--lang", "ja").stdout.hasPrefix("最近登録した 4 件"))
        for bad in ["0", "-1", "ten", "100001"] {
            let run = try box.run("recent", bad)
            #expect(run.status == 2 && run.stderr.contains("'\(bad)'"), "\(bad): \(run.stderr)")
        }
        #expect(try Sandbox().run("recent").stdout == "No data\n")
    }
}
