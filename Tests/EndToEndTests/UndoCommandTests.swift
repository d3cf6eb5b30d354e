import Foundation
import Testing

/// `undo` and `backups` as a user runs them: every kind of bulk change undone exactly, the newest change first.
@Suite struct UndoCommandTests {
    func object(_ run: Run) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try run.json() as? [String: Any])
    }

    func month(_ box: Sandbox, _ year: String = "2024", _ number: String = "12") throws -> Data? {
        FileManager.default.contents(atPath: box.store.appendingPathComponent("\(year)-\(number).json").path)
    }

    @Test func everyBulkChangeIsBackedUpAndUndoneExactly() throws {
        let server = try HouseholdServer()
        try server.seed(["2024-12": [wire("s1", "20241201", "りんご", 300), wire("s2", "20241202", "電車", 220, category: 1)]])
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        _ = try box.add("コーヒー", 178, date: "2024-12-05")
        let receipt = Products.repository.appendingPathComponent("Examples/receipts/supermarket.txt").path
        // A pull is the household's, not this store's own change: undo passes over it (and refuses it by number).
        #expect(try box.run("pull", "2024", "12").status == 0)
        let refused = try box.run("undo", "2")
        #expect(refused.status == 1 && refused.stderr.contains("#2 is a pull"), "\(refused.stderr)")
        let changes: [(String, [String])] = [
            ("import", ["import", "--from", "zaim", Products.fixture("zaim-2024-12.csv"), "--category", "food"]),
            ("receipt", ["receipt", receipt, "--add", "--date", "2024-12-03"]),
            ("import", ["import", "-"]),
        ]
        // What the endpoint speaks (sync-state.json's list of endpoints) is a fact about the server, not a change
        // to undo: it stays after the pull is undone, and every other file is as it was.
        func files() throws -> [String: Data] { try box.snapshot().filter { !$0.key.hasPrefix("/backups/") && $0.key != "/sync-state.json" } }
        for (name, arguments) in changes {
            let before = try files()
            let change = try box.run(arguments, stdin: #"[{"id":"i1","date":"20241130","name":"本","price":1200,"category":1}]"#)
            #expect(change.status == 0, "\(name): \(change.stderr)")
            let listed = try #require(try object(try box.run("backups", "--format", "json"))["backups"] as? [[String: Any]])
            #expect(listed.first?["operation"] as? String == name)
            let undo = try box.run("undo")
            #expect(undo.status == 0, "\(undo.stderr)")
            #expect(undo.stdout.hasPrefix("Undid #") && undo.stdout.contains(": \(name)"), "\(undo.stdout)")
            #expect(try files() == before, "undo of \(name)")
        }
        let state = try String(contentsOf: box.store.appendingPathComponent("sync-state.json"), encoding: .utf8)
        #expect(state.contains(#""protocol": "app""#), "\(state)")
    }

    @Test func undoAfterALaterAddTakesTheAddFirstAndSaysWhatItRestored() throws {
        let box = try Sandbox()
        try box.write(
            "import.json",
            #"[{"id":"i1","date":"20241203","name":"本","price":1200,"category":1},{"id":"i2","date":"20241104","name":"傘","price":800,"category":1}]"#
        )
        #expect(try box.run("import", box.root.appendingPathComponent("import.json").path).status == 0)
        let afterImport = try box.snapshot().filter { !$0.key.hasPrefix("/backups/") }
        _ = try box.add("後から", 50, date: "2024-12-09")
        let refused = try box.run("undo", "1")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("has changed since #1, by #2 (add)") && refused.stderr.contains("nothing was restored"))
        let first = try box.run("undo")
        #expect(first.stdout.hasPrefix("Undid #2: add 後から ¥50 (2024-12-09)\n") && first.stdout.contains("'kakeibo undo 3' puts it back"))
        #expect(try box.snapshot().filter { !$0.key.hasPrefix("/backups/") } == afterImport)
        let second = try object(try box.run("undo", "--format", "json"))
        #expect(second["undone"] as? Int == 1 && second["operation"] as? String == "import")
        let months = try #require(second["months"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? String } == ["2024-11", "2024-12"])
        #expect(months[0]["items"] is NSNull && months[0]["was"] as? Int == 1)
        #expect(try month(box) == nil)
        // The undo of the import is itself a change: undoing it puts the import back.
        #expect(try box.run("undo", "4").status == 0)
        #expect(try box.snapshot().filter { !$0.key.hasPrefix("/backups/") } == afterImport)
        let table = try box.run("--lang", "ja", "backups")
        #expect(table.stdout.contains("#4 の取り消し") && table.stdout.contains("#5 で取り消し済み"))
    }

    @Test func undoWithNothingToUndoChangesNothing() throws {
        let box = try Sandbox()
        let none = try box.run("undo")
        #expect(none.status == 1 && none.stderr.contains("no change to undo"))
        #expect(!FileManager.default.fileExists(atPath: box.store.path))
        #expect(try box.run("backups").stdout.hasPrefix("No backups yet"))
        #expect(try box.run("undo", "abc").status == 2)
    }

    /// `undo` and `backups` name the items of a change, not only its months ("Undid #26, add … 2026-12  no file  1"
    /// and "edit  2024-11 (69 → 69)" said neither which item).
    @Test func undoAndBackupsNameTheItemsOfAChange() throws {
        let box = try Sandbox()
        let cake = try box.add("ケーキ", 1200, date: "2024-11-21")
        #expect(try box.run("edit", cake, "--price", "1500").status == 0)
        _ = try box.add("パン", 300, date: "2024-11-22")
        _ = try box.add("牛乳", 178, date: "2024-11-22")
        let backups = try box.run("backups")
        #expect(backups.stdout.contains("↳ ケーキ ¥1,200 → ¥1,500 (2024-11-21)"), "\(backups.stdout)")
        #expect(backups.stdout.contains("↳ 牛乳 ¥178 (2024-11-22)"), "\(backups.stdout)")
        #expect(try box.run("undo").stdout.hasPrefix("Undid #4: add 牛乳 ¥178 (2024-11-22)\n"))
        #expect(try box.run("undo").stdout.hasPrefix("Undid #3: add パン ¥300 (2024-11-22)\n"))
        let edit = try box.run("undo", "--lang", "ja")
        #expect(edit.stdout.hasPrefix("#2 を取り消しました: edit ケーキ 1,200円 → 1,500円（2024-11-21）\n"), "\(edit.stdout)")
        let json = try #require(try box.run("backups", "--format", "json").json() as? [String: Any])
        let newest = try #require((json["backups"] as? [[String: Any]])?.first?["items"] as? [String: Int])
        #expect(newest == ["added": 0, "removed": 0, "edited": 1], "the undo of the edit edited it back")
    }
}
