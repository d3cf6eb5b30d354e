import Foundation
import Testing

/// `check`, `undo` and `backups` as a user runs them, every kind of bulk change undone, and terminal safety: whatever
/// the data holds, tables and messages show control characters as escapes while JSON and CSV keep them exactly.
@Suite struct ReliabilityTests {
    func object(_ run: Run) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try run.json() as? [String: Any])
    }

    func month(_ box: Sandbox, _ year: String = "2024", _ number: String = "12") throws -> Data? {
        FileManager.default.contents(atPath: box.store.appendingPathComponent("\(year)-\(number).json").path)
    }

    // MARK: check

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

    // MARK: undo and backups

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

    // MARK: terminal safety

    @Test func namesFromTheCategoriesFileCannotDriveTheTerminal() throws {
        let box = try Sandbox()
        try box.write(
            "config/kakeibo/categories.json",
            #"""
            {"categories":[{"key":"food","code":0,"ja":"食費\u001b[2J","en":"Food\u001b]0;pwned\u0007","subcategories":[{"key":"drink","code":1,"ja":"飲料\u202e","en":"Drink\r"}]}]}
            """#)
        _ = try box.add("コーヒー", 178, date: "2024-12-03", category: "food/drink")
        #expect(try box.run("budget", "set", "food", "30000").status == 0)
        let tables = [
            ["month", "2024", "12"], ["month", "2024", "12", "--category", "food"], ["year", "2024"], ["categories"],
            ["budget", "list"], ["trend", "--end", "2024-12", "--category", "food"], ["recent"], ["month", "2024", "12", "--lang", "ja"],
        ]
        for arguments in tables {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            let unsafe = run.stdout.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0.value == 0x202E }
            #expect(unsafe.isEmpty, "\(arguments) printed \(unsafe.map { String($0.value, radix: 16) })")
            #expect(run.stdout.contains("\\u{1B}") || run.stdout.contains("\\u{202E}") || run.stdout.contains("\\u{D}"), "\(arguments)")
        }
        // Data formats carry the names exactly.
        let json = try box.run("month", "2024", "12", "--format", "json")
        #expect(json.stdout.contains(#"Food\u001b]0;pwned\u0007"#))
        #expect(try box.run("year", "2024", "--format", "csv").stdout.contains("Food\u{1B}]0;pwned\u{07}"))
    }

    @Test func messagesQuotingWhatTheyWereGivenEscapeControlCharacters() throws {
        let box = try Sandbox()
        let missing = try box.run("import", "\u{1B}[2J\u{1B}]0;x\u{07}.json")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("\\u{1B}[2J\\u{1B}]0;x\\u{7}.json"))
        #expect(!missing.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let category = try box.run("add", "x", "1", "--category", "\u{1B}[31mfood")
        #expect(category.status == 2 && category.stderr.contains("\\u{1B}[31mfood"))
    }

    // MARK: files that are not files

    @Test func aDeviceIsNotReadAsAnImportAndAnOutputNeverReplacesAFIFO() throws {
        let box = try Sandbox()
        _ = try box.add("x", 1, date: "2024-12-03")
        let before = try box.snapshot()
        let device = try box.run("import", "/dev/null")
        #expect(device.status == 1 && device.stderr.contains("/dev/null is a device, not a file"))
        #expect(try box.run("receipt", "/dev/zero").status == 1)
        #expect(try box.snapshot() == before)
        let fifo = box.root.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let output = try box.run("month", "2024", "12", "--output", fifo)
        #expect(output.status == 2 && output.stderr.contains("is not a regular file"))
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }
}
