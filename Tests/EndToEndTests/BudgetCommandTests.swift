import Foundation
import Testing

/// Budgets as a user (and cron) meets them: the real binary on a temporary store.
@Suite struct BudgetCommandTests {
    /// December: food ¥32,000 (two items), entertainment ¥5,000.
    func household() throws -> Sandbox {
        let box = try Sandbox()
        _ = try box.add("お米", 30_000, date: "2024-12-01", category: "food/grocery")
        _ = try box.add("コーヒー", 2_000, date: "2024-12-02", category: "food/drink")
        _ = try box.add("映画", 5_000, date: "2024-12-03", category: "entertainment")
        return box
    }

    @Test func setListAndUnsetKeepBudgetsInTheStore() throws {
        let box = try household()
        #expect(try box.run("budget", "list").stdout.contains("No budgets"))
        let set = try box.run("budget", "set", "food", "30,000")
        #expect(set.status == 0)
        #expect(set.stdout == "Budget for Food: ¥30,000 a month\n")
        #expect(try box.run("budget", "set", "合計", "100000", "--lang", "ja").stdout == "合計の予算: 月 100,000円\n")
        #expect(try box.run("budget", "set", "food/drink", "1500").status == 0)
        #expect(try box.run("budget", "set", "food", "31000").status == 0) // replaces

        let list = try box.run("budget", "list")
        #expect(
            list.lines.prefix(4).map { $0.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init) } == [
                "Key", "total", "food", "food/drink",
            ])
        #expect(list.stdout.contains("¥31,000"))
        let json = try #require(try box.run("budget", "list", "--format", "json").json() as? [String: Any])
        let budgets = try #require(json["budgets"] as? [[String: Any]])
        #expect(budgets.map { $0["category"] as? String } == ["total", "food", "food"])
        #expect(budgets.map { $0["subcategory"] as? String } == [nil, nil, "drink"])
        #expect(budgets.map { $0["budget"] as? Int } == [100_000, 31_000, 1_500])

        let file = box.store.appendingPathComponent("budgets.json").path
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)
        #expect(try box.run("budget", "unset", "food/drink").stdout == "Removed the budget for Food › Drink\n")
        let again = try box.run("budget", "unset", "food/drink")
        #expect(again.status == 1)
        #expect(again.stderr == "kakeibo: there is no budget for food/drink (see 'kakeibo budget list')\n")
    }

    @Test func monthShowsEachBudgetInTheTableAndJSONButNotCSV() throws {
        let box = try household()
        let plainJSON = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect((plainJSON["budgets"] as? [Any])?.isEmpty == true)
        let csvBefore = try box.run("month", "2024", "12", "--format", "csv").stdout
        try box.run("budget", "set", "food", "30000")
        try box.run("budget", "set", "total", "50000")

        let table = try box.run("month", "2024", "12")
        let section = table.lines.drop { !$0.hasPrefix("Budget") }.prefix { !$0.isEmpty }
        #expect(section.count == 3)
        #expect(section.dropFirst().first?.contains("Total") == true)
        let foodLine = try #require(section.first { $0.hasPrefix("Food") })
        for part in ["¥30,000", "¥32,000", "-¥2,000", "106.7%", "over"] { #expect(foodLine.contains(part), "\(foodLine)") }
        #expect(!(section.first { $0.hasPrefix("Total") } ?? "").contains("over"))

        let json = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        let budgets = try #require(json["budgets"] as? [[String: Any]])
        #expect(budgets.count == 2)
        let food = try #require(budgets.first { $0["category"] as? String == "food" })
        #expect(food["budget"] as? Int == 30_000)
        #expect(food["spent"] as? Int == 32_000)
        #expect(food["remaining"] as? Int == -2_000)
        #expect(food["over"] as? Bool == true)
        #expect(budgets.first { $0["category"] as? String == "total" }?["over"] as? Bool == false)

        #expect(try box.run("month", "2024", "12", "--format", "csv").stdout == csvBefore)
        let ja = try box.run("month", "2024", "12", "--lang", "ja")
        #expect(ja.stdout.contains("予算") && ja.stdout.contains("超過"))
    }

    @Test func checkBudgetExitsThreeNamingEachOverBudgetOnStderr() throws {
        let box = try household()
        try box.run("budget", "set", "food", "30000")
        try box.run("budget", "set", "entertainment", "4,000")
        try box.run("budget", "set", "total", "100000")
        let normal = try box.run("month", "2024", "12")
        let checked = try box.run("month", "2024", "12", "--check-budget")
        #expect(checked.status == 3)
        #expect(checked.stdout == normal.stdout, "the normal report, as without the flag")
        #expect(checked.stderr == "kakeibo: over budget: food ¥32,000 of ¥30,000\nkakeibo: over budget: entertainment ¥5,000 of ¥4,000\n")
        let ja = try box.run("month", "2024", "12", "--check-budget", "--lang", "ja", "--format", "json")
        #expect(ja.status == 3)
        #expect(ja.stderr.hasPrefix("kakeibo: 予算超過: 食費 32,000円（予算 30,000円）\n"))
        #expect(try ja.json() is [String: Any])
        // Only the category asked about.
        let fun = try box.run("month", "2024", "12", "--check-budget", "--category", "entertainment", "--format", "csv")
        #expect(fun.status == 3)
        #expect(fun.stderr == "kakeibo: over budget: entertainment ¥5,000 of ¥4,000\n")

        try box.run("budget", "set", "food", "32000") // exactly the budget is within it
        try box.run("budget", "unset", "entertainment")
        let within = try box.run("month", "2024", "12", "--check-budget")
        #expect(within.status == 0)
        #expect(within.stderr.isEmpty)
        let none = try Sandbox().run("month", "2024", "12", "--check-budget")
        #expect(none.status == 0)
        #expect(none.stderr.contains("no budgets to check"))
    }

    @Test func aCronScriptAlertsOnlyWhenOverBudget() throws {
        let box = try household()
        let script = try box.write(
            "check.sh",
            """
            #!/bin/bash
            # What a crontab line runs: quiet when within budget, an alert (and kakeibo's reasons) when over.
            kakeibo month 2024 12 --check-budget > /dev/null || echo "ALERT: kakeibo exited $?"

            """)
        var environment = box.baseEnvironment
        environment["PATH"] = Products.directory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        func cron() throws -> Run { try Sandbox.launch(URL(fileURLWithPath: "/bin/bash"), [script], environment: environment) }

        try box.run("budget", "set", "food", "30000")
        let over = try cron()
        #expect(over.status == 0)
        #expect(over.stdout == "ALERT: kakeibo exited 3\n")
        #expect(over.stderr == "kakeibo: over budget: food ¥32,000 of ¥30,000\n")

        try box.run("budget", "set", "food", "40000")
        let within = try cron()
        #expect(within.status == 0)
        #expect(within.stdout.isEmpty)
        #expect(within.stderr.isEmpty)
    }

    @Test func badBudgetsAreRefusedAndChangeNothing() throws {
        let box = try household()
        try box.run("budget", "set", "food", "30000")
        let before = try box.snapshot()
        let cases: [([String], Int32, String)] = [
            (["budget", "set", "food", "0"], 2, "budget must be whole yen more than 0"),
            (["budget", "set", "food", "-500"], 2, "'-500'"),
            (["budget", "set", "food", "abc"], 2, "'abc'"),
            (["budget", "set", "beer", "100"], 2, "unknown category 'beer'"),
            (["budget", "set", "food"], 2, "budget needs AMOUNT"),
            (["budget", "set", "food", "1", "2"], 2, "unexpected argument '2'"),
            (["budget", "frob"], 2, "budget must be one of set, list, unset, got 'frob'"),
            (["budget"], 2, "budget needs set|list|unset"),
            (["budget", "unset", "entertainment"], 1, "there is no budget for entertainment"),
            (["budget", "list", "--format", "csv"], 2, "--format must be one of table, json"),
        ]
        for (arguments, status, message) in cases {
            let run = try box.run(arguments)
            #expect(run.status == status, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr.hasPrefix("kakeibo: ") && run.stderr.contains(message) && run.lines.count == 1, "\(arguments): \(run.stderr)")
        }
        #expect(try box.snapshot() == before)
        // Unsetting in a store that doesn't exist creates nothing.
        let empty = try Sandbox()
        #expect(try empty.run("budget", "unset", "food").status == 1)
        #expect(!FileManager.default.fileExists(atPath: empty.store.path))
    }

    @Test func anUnreadableBudgetsFileIsReportedAndNeverOverwritten() throws {
        let box = try household()
        let path = box.store.appendingPathComponent("budgets.json")
        let broken = Data("{\"schema\":1,\"total\":".utf8)
        try broken.write(to: path)
        for arguments in [
            ["budget", "set", "food", "1000"], ["budget", "list"], ["month", "2024", "12"], ["month", "2024", "12", "--check-budget"],
        ] {
            let run = try box.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr.contains(path.path) && run.stderr.contains("left untouched"), "\(run.stderr)")
        }
        #expect(try Data(contentsOf: path) == broken)
        // CSV and SVG don't show budgets, so they don't need the file.
        #expect(try box.run("month", "2024", "12", "--format", "csv").status == 0)
    }

    /// #22: a member's お小遣い, their personal items against it, --check-budget when it is over, and a member the
    /// household's split doesn't name refused with exit 2.
    @Test func anAllowanceCountsTheMembersPersonalItems() throws {
        let box = try Sandbox() // today is 2024-12-15
        #expect(try box.run("config", "set", "split", "ayumi=60,ken=40").status == 0)
        let set = try box.run("budget", "set", "お小遣い", "30,000", "--member", "ayumi")
        #expect(set.status == 0 && set.stdout == "Budget for Allowance › ayumi: ¥30,000 a month\n", "\(set.stdout)\(set.stderr)")
        for (arguments, message) in [
            (["budget", "set", "allowance", "20000", "--member", "bob"], "unknown member 'bob'; the split's members: ayumi, ken"),
            (["budget", "set", "allowance", "20000"], "budget needs --member M"),
            (["budget", "set", "food", "20000", "--member", "ken"], "option --member works only with allowance"),
        ] {
            let run = try box.run(arguments)
            #expect(run.status == 2 && run.stderr.hasPrefix("kakeibo: " + message), "\(arguments): \(run.stderr)")
        }
        for arguments in [
            ["add", "服", "28000", "--member", "ayumi", "--personal", "--date", "2024-12-03"],
            ["add", "食材", "5000", "--member", "ayumi", "--date", "2024-12-04"],
        ] {
            #expect(try box.run(arguments).status == 0)
        }
        let json = try #require(try box.run("month", "--format", "json").json() as? [String: Any])
        let budgets = try #require(json["budgets"] as? [[String: Any]])
        #expect(budgets.count == 1 && budgets[0]["member"] as? String == "ayumi" && budgets[0]["spent"] as? Int == 28_000)
        #expect(try box.run("month", "--check-budget").status == 0)
        #expect(try box.run("add", "本", "2001", "--member", "ayumi", "--personal", "--date", "2024-12-05").status == 0)
        let check = try box.run("month", "--check-budget")
        #expect(check.status == 3 && check.stderr.contains("allowance/ayumi ¥30,001 of ¥30,000"), "\(check.stderr)")
        #expect(try box.run("budget", "set", "allowance/ken", "20000").stdout == "Budget for Allowance › ken: ¥20,000 a month\n")
        #expect(try box.run("budget", "unset", "allowance/ken").status == 0, "the key budget list shows")
        #expect(try box.run("budget", "unset", "allowance", "--member", "ayumi").status == 0)
        let left = try #require(try box.run("budget", "list", "--format", "json").json() as? [String: Any])
        #expect((left["budgets"] as? [Any])?.isEmpty == true)
    }
}
