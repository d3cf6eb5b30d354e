import Foundation
import Testing

/// `check` as a user runs it: a sound store passes, a damaged one has every problem named.
@Suite struct CheckCommandTests {
    func month(_ box: Sandbox, _ year: String = "2024", _ number: String = "12") throws -> Data? {
        FileManager.default.contents(atPath: box.store.appendingPathComponent("\(year)-\(number).json").path)
    }

    @Test func checkPassesASoundStoreAndNamesEveryProblemOfADamagedOne() throws {
        let box = try Sandbox()
        let id = try box.add("牛乳", 198, date: "2024-12-03")
        _ = try box.add("パン", 128, date: "2024-11-03")
        let clean = try box.run("check")
        #expect(clean.status == 0)
        #expect(clean.stdout == "No problems in 2 files (2 items)\n")
        // The same id in a second month, and a price of the wrong type in a third.
        let december = try #require(try month(box))
        let november = String(decoding: try #require(try month(box, "2024", "11")), as: UTF8.self)
        let copy = String(decoding: december, as: UTF8.self).replacingOccurrences(of: "2024-12", with: "2024-10")
        try Data(copy.utf8).write(to: box.store.appendingPathComponent("2024-10.json"))
        try Data(november.replacingOccurrences(of: "\"price\":128", with: "\"price\":\"128\"").utf8)
            .write(to: box.store.appendingPathComponent("2024-11.json"))
        let before = try box.snapshot()
        let run = try box.run("check")
        #expect(run.status == 1)
        #expect(run.stdout.contains("2024-11.json") && run.stdout.contains("price: expected a whole number"))
        #expect(run.stdout.contains(id) && run.stdout.contains("the same id is also in"))
        #expect(run.stdout.hasSuffix("2 errors, 0 warnings in 3 files (2 items)\n"))
        #expect(run.stderr.contains(box.store.appendingPathComponent("2024-11.json").path))
        #expect(try box.snapshot() == before)
        let json = try #require(try box.run("check", "--format", "json").json() as? [String: Any])
        #expect(json["errors"] as? Int == 2 && json["warnings"] as? Int == 0 && json["items"] as? Int == 2)
        let kinds = (json["problems"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds == ["item", "duplicateID"])
    }

    @Test func checkWarnsOfAnUnknownCategoryButPasses() throws {
        let box = try Sandbox()
        try box.write("import.json", #"[{"id":"x1","date":"20241203","name":"謎","price":100,"category":57}]"#)
        #expect(try box.run("import", box.root.appendingPathComponent("import.json").path).status == 0)
        let run = try box.run("--lang", "ja", "check")
        #expect(run.status == 0)
        #expect(run.stdout.contains("警告") && run.stdout.contains("x1") && run.stdout.contains("項目コード 57"))
    }
}
