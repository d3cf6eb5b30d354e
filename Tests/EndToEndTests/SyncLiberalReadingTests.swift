import Foundation
import Testing

/// No month is ever locked: reading the server is liberal, writing strict. Against the plain app server
/// (Support/household_server.py), rows that only break kakeibo's input rules are pulled as they are, exact repeats
/// fold into one, rows that can't be understood are set aside and reported, and the rest of the month is pulled.
@Suite struct SyncLiberalReadingTests {
    func sandbox(_ server: HouseholdServer) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        return box
    }

    func json(_ run: Run) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try run.json() as? [String: Any])
    }

    func rejected(_ summary: [String: Any]) -> [[String: String]] {
        (summary["rejected"] as? [[String: Any]] ?? []).map { row in row.compactMapValues { $0 as? String } }
    }

    static var card: [[String: Any]] { (1...5).map { wire("card-\($0)", "2024120\($0)", "カード\($0)", 100 * $0) } }

    /// Two members import the same card export and push at the same moment: the server holds every row twice
    /// (10 rows, 5 ids). Pull of the month and of the year, and a push with an item in that month, all go on.
    @Test func rowsPushedTwiceAtOnceFoldIntoOne() throws {
        let server = try HouseholdServer()
        try server.seed(["2024-12": Self.card + Self.card])
        let box = try sandbox(server)

        let month = try box.run("pull", "2024", "12", "--format", "json")
        let summary = try json(month)
        #expect(summary["pulled"] as? Int == 5)
        #expect(rejected(summary).isEmpty)
        #expect(month.stderr.contains("5 rows on the server repeat another row exactly: each was pulled once"))
        let year = try json(try box.run("pull", "2024", "--format", "json"))
        #expect(year["pulled"] as? Int == 5)

        _ = try box.add("コーヒー", 178, date: "2024-12-20")
        let pushed = try json(try box.run("push", "--format", "json"))
        #expect(pushed["pushed"] as? Int == 1)
        #expect(try server.ids().count == 11)
        #expect(try box.run("sync", "2024", "12").status == 0)
        let check = try box.run("check")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// One row typed by hand that kakeibo's input rules would refuse (price 0, an empty name, a long name) is
    /// pulled as the server has it; rows that can't be understood are set aside, reported on stderr, in the JSON
    /// summary and by `check`, until a later pull no longer sees them.
    @Test func rowsThatCantBeReadAreSetAsideAndTheRestIsPulled() throws {
        let server = try HouseholdServer()
        let long = String(repeating: "長", count: 200)
        let kept = [wire("zero", "20241201", "返金なし", 0), wire("empty", "20241202", "", 300), wire("long", "20241203", long, 400)]
        var noID = wire("x", "20241204", "IDなし", 100)
        noID["id"] = nil
        var textPrice = wire("text-price", "20241205", "値段が文字", 100)
        textPrice["price"] = "百円"
        let unreadable = [
            noID, wire("bad-date", "20241232", "日付なし", 100), textPrice,
            wire("twice", "20241206", "一つ目", 100), wire("twice", "20241206", "二つ目", 200),
        ]
        try server.seed(["2024-12": kept + unreadable])
        let box = try sandbox(server)

        let run = try box.run("pull", "2024", "12", "--format", "json")
        let summary = try json(run)
        #expect(summary["pulled"] as? Int == 3)
        let rows = rejected(summary)
        #expect(rows.map { $0["id"] ?? "-" } == ["-", "bad-date", "text-price", "twice"])
        #expect(rows.allSatisfy { $0["month"] == "2024-12" && !($0["reason"] ?? "").isEmpty })
        #expect(rows[1]["reason"]?.contains("'20241232' is not a date") == true)
        #expect(rows[3]["reason"]?.contains("2 different versions") == true)
        let lines = run.stderr.split(separator: "\n").filter { !$0.contains("created a new store") }
        #expect(lines.count == 4, "\(run.stderr)")
        #expect(lines.allSatisfy { $0.contains("set aside") && $0.contains("of 2024-12 on the server") })

        let month = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        let items = try #require(month["items"] as? [[String: Any]])
        #expect(Set(items.compactMap { $0["id"] as? String }) == ["zero", "empty", "long"])
        #expect(items.first { $0["id"] as? String == "long" }?["name"] as? String == long)

        let check = try box.run("check", "--format", "json")
        #expect(check.status == 0, "\(check.stderr)")
        let problems = try #require((try check.json() as? [String: Any])?["problems"] as? [[String: Any]])
        #expect(problems.filter { $0["kind"] as? String == "setAside" }.count == 4)
        #expect(try box.run("check").stdout.contains("bad-date"))

        // A push with an item in that month goes on, and never appends again an id the server already holds.
        let before = try server.ids().count
        _ = try box.add("コーヒー", 178, date: "2024-12-20")
        #expect(try box.run("push").status == 0)
        #expect(try server.ids().count == before + 1)

        // Fixed in the sheet: the next pull sees them no more, and neither does check.
        try server.seed(["2024-12": kept])
        #expect(rejected(try json(try box.run("pull", "2024", "12", "--format", "json"))).isEmpty)
        let clean = try box.run("check", "--format", "json")
        let after = try #require((try clean.json() as? [String: Any])?["problems"] as? [[String: Any]])
        #expect(!after.contains { $0["kind"] as? String == "setAside" })
    }

    /// Many unreadable rows: five named, then one line with the count of the rest.
    @Test func manyRowsSetAsideAreCountedInOneLine() throws {
        let server = try HouseholdServer()
        try server.seed(["2024-12": (1...9).map { wire("bad\($0)", "2024-13-0\($0)", "x", 100) } + [wire("ok", "20241201", "ok", 1)]])
        let box = try sandbox(server)
        let run = try box.run("pull", "2024", "12", "--format", "json")
        #expect(rejected(try json(run)).count == 9)
        let lines = run.stderr.split(separator: "\n").filter { !$0.contains("created a new store") }
        #expect(lines.count == 6, "\(run.stderr)")
        #expect(lines.last?.contains("4 more rows") == true)
    }

    /// A row with price 0, an empty name and a 200-character name, in every report and format.
    @Test func everyReportCopesWithRowsKakeiboWouldNotHaveTaken() throws {
        let server = try HouseholdServer()
        let long = String(repeating: "名", count: 200)
        try server.seed([
            "2024-12": [wire("zero", "20241201", "ゼロ", 0), wire("empty", "20241202", "", 300, category: 1), wire("long", "20241203", long, 400)]
        ])
        let box = try sandbox(server)
        #expect(try box.run("pull", "2024", "12").status == 0)
        let commands: [[String]] = [
            ["month", "2024", "12"], ["month", "2024", "12", "--format", "csv"], ["month", "2024", "12", "--format", "json"],
            ["month", "2024", "12", "--format", "svg"], ["year", "2024"], ["year", "2024", "--format", "json"],
            ["recent"], ["recent", "--format", "json"], ["trend"], ["export", "--format", "csv"], ["export"], ["check"],
            ["month", "2024", "12", "--lang", "ja"],
        ]
        for arguments in commands {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(!run.signalled, "\(arguments)")
        }
        let table = try box.run("month", "2024", "12").stdout
        #expect(table.contains("700"))
        let csv = try box.run("month", "2024", "12", "--format", "csv").stdout
        #expect(csv.contains(long))
    }
}
