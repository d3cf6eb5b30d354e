import Foundation
import Testing

/// `kakeibo export`: the whole store or a period, as JSON that `import` reads back, as CSV, and as a journal that
/// ledger and hledger total exactly as kakeibo does.
@Suite struct ExportTests {
    /// A household over three months, with a refund, names ledger could misread and a category code the taxonomy
    /// doesn't know.
    func household() throws -> Sandbox {
        let box = try Sandbox()
        _ = try box.add("コーヒー", 178, date: "2024-11-03", category: "food/drink")
        _ = try box.add("*特売* a;b (c) | 1,000 \"円\"", 1980, date: "2024-12-03", category: "food/grocery")
        _ = try box.add("(返品", -500, date: "2024-12-04", category: "food/drink")
        _ = try box.add("電車", 220, date: "2024-12-15", category: "entertainment/traffic")
        _ = try box.add("!雑誌", 680, date: "2025-01-02", category: "entertainment")
        let imported = try box.run(
            ["import", "-"], stdin: #"[{"id":"x7","date":"20241220","name":"謎の項目","price":300,"category":57,"categorySub":2}]"#)
        #expect(imported.status == 0)
        return box
    }

    @Test func jsonRoundTripsIntoAnEmptyStore() throws {
        let box = try household()
        let exported = try box.run("export", "--format", "json")
        #expect(exported.status == 0)
        let other = try Sandbox()
        let imported = try other.run(["import", "-"], stdin: exported.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 6 items: 6 new"))
        #expect(try other.run("export").stdout == exported.stdout, "json is the default format")
        for (year, month) in [("2024", "11"), ("2024", "12"), ("2025", "1")] {
            #expect(try other.run("month", year, month, "--format", "json").stdout == box.run("month", year, month, "--format", "json").stdout)
        }
    }

    @Test func aPeriodIsAYearOrAMonth() throws {
        let box = try household()
        func ids(_ arguments: String...) throws -> [String] {
            let run = try box.run(["export"] + arguments)
            #expect(run.status == 0)
            // The published shape: an array of items, whatever the period.
            let items = try #require(try run.json() as? [[String: Any]])
            return items.compactMap { $0["date"] as? String }
        }
        #expect(try ids() == ["20241103", "20241203", "20241204", "20241215", "20241220", "20250102"])
        #expect(try ids("2024") == ["20241103", "20241203", "20241204", "20241215", "20241220"])
        #expect(try ids("2024", "12") == ["20241203", "20241204", "20241215", "20241220"])
        #expect(try ids("2023") == [])
        for bad in [["2024", "13"], ["0"], ["2024", "12", "1"], ["--format", "xml"]] {
            let run = try box.run(["export"] + bad)
            #expect(run.status == 2, "\(bad)")
            #expect(run.stdout.isEmpty)
        }
        #expect(try Sandbox().run("export", "2024").stdout == "[]\n")
        #expect(try Sandbox().run("export").stdout == "[]\n")
        let empty = try #require(try Sandbox().run("export", "--with-settings").json() as? [String: Any])
        #expect((empty["items"] as? [Any])?.isEmpty == true && empty["budgets"] != nil && empty["fixed"] != nil && empty["notes"] != nil)
        let csv = try box.run("export", "--with-settings", "--format", "csv")
        #expect(csv.status == 2 && csv.stdout.isEmpty && csv.stderr.contains("--with-settings"))
    }

    @Test func csvIsRFC4180WithAHeader() throws {
        let box = try household()
        let csv = try box.run("export", "2024", "12", "--format", "csv").stdout
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines.first == "id,date,name,price,category,subcategory,payment,shop,memo,member,personal,tags")
        #expect(lines.count == 6 && lines.last == "")
        #expect(lines[1].contains(#","*特売* a;b (c) | 1,000 ""円""",1980,food,grocery"#))
        #expect(lines[2].hasSuffix(",2024-12-04,(返品,-500,food,drink,,,,,,"))
        #expect(lines[4].hasSuffix(",2024-12-20,謎の項目,300,57,2,,,,,,"))
    }

    /// A household's plan: budgets, a savings goal, fixed costs and month notes, beside its items.
    func planned() throws -> Sandbox {
        let box = try household()
        for arguments in [
            ["budget", "set", "food", "30000"], ["budget", "set", "entertainment/traffic", "8000"], ["budget", "set", "savings", "20000"],
            ["fixed", "add", "家賃", "85000", "--day", "27", "--category", "entertainment"], ["fixed", "add", "保険", "4800", "--day", "5"],
            ["review", "2024-12", "--note", "外食を減らす"], ["review", "2024-11", "--note", "Fewer taxis."],
        ] {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        return box
    }

    /// What a household's settings look like to a person: every budget, every fixed cost, each month's note.
    static func plan(_ box: Sandbox) throws -> [String] {
        try [["budget", "list"], ["fixed", "list"], ["review", "2024-11"], ["review", "2024-12"]].map { try box.run($0).stdout }
    }

    /// `export --with-settings` carries budgets, fixed costs and notes, and `import` of it into an empty store gives
    /// the same household: the same items, plan and notes, and the same export.
    @Test func withSettingsCarriesBudgetsFixedCostsAndNotes() throws {
        let box = try planned()
        let exported = try box.run("export", "--with-settings")
        let document = try #require(try exported.json() as? [String: Any])
        #expect(Set(document.keys) == ["items", "budgets", "fixed", "notes"])
        let other = try Sandbox()
        let imported = try other.run(["import", "-"], stdin: exported.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.lines == ["Imported 6 items: 6 new, 0 updated, 0 unchanged, in 3 months", "Settings: 3 budgets, 2 fixed costs, 2 notes set", ""])
        #expect(try other.run("export", "--with-settings").stdout == exported.stdout)
        #expect(try Self.plan(other) == Self.plan(box))
        // Again: nothing changes, and the JSON summary says so.
        let again = try other.run(["import", "-", "--format", "json"], stdin: exported.stdout)
        let summary = try #require(try again.json() as? [String: Any])
        #expect(
            summary["unchanged"] as? Int == 6 && summary["budgets"] as? Int == 0 && summary["fixed"] as? Int == 0 && summary["notes"] as? Int == 0)
        // The items alone are the array an older kakeibo imports, and import still takes a bare array.
        let items = try JSONSerialization.data(withJSONObject: try #require(document["items"]))
        let third = try Sandbox()
        #expect(
            try third.run(["import", "-"], stdin: String(decoding: items, as: UTF8.self)).lines.first
                == "Imported 6 items: 6 new, 0 updated, 0 unchanged, in 3 months")
        #expect(try third.run("budget", "list").stdout.hasPrefix("No budgets"))
    }

    /// Importing into a store that has its own plan: what the file has replaces the same category, name or month;
    /// what the file doesn't have stays. Each settings file is one change, which `undo` takes back.
    @Test func importedSettingsReplaceTheSameAndKeepTheRest() throws {
        let exported = try planned().run("export", "--with-settings").stdout
        let other = try Sandbox()
        for arguments in [
            ["budget", "set", "food", "25000"], ["budget", "set", "entertainment", "9000"], ["fixed", "add", "家賃", "70000", "--day", "25"],
            ["fixed", "add", "ジム", "7000", "--day", "1"], ["review", "2024-12", "--note", "mine"], ["review", "2024-10", "--note", "October"],
        ] {
            #expect(try other.run(arguments).status == 0)
        }
        let imported = try other.run(["import", "-"], stdin: exported)
        #expect(imported.lines.dropFirst().first == "Settings: 3 budgets, 2 fixed costs, 2 notes set", "\(imported.stdout)")
        let budgets = try other.run("budget", "list").stdout
        #expect(budgets.contains("¥30,000") && !budgets.contains("¥25,000") && budgets.contains("¥9,000") && budgets.contains("¥8,000"))
        let fixed = try other.run("fixed", "list").stdout
        #expect(fixed.contains("¥85,000") && !fixed.contains("¥70,000") && fixed.contains("ジム") && fixed.contains("保険"))
        #expect(try other.run("review", "2024-12").stdout.contains("外食を減らす"))
        #expect(try other.run("review", "2024-10").stdout.contains("October"))
        #expect(try other.run("undo").status == 0)
        #expect(try other.run("review", "2024-12").stdout.contains("mine"), "undo takes the notes back first")
    }

    /// A bad settings part refuses the whole file, naming the part, before anything is written.
    @Test func aBadSettingsPartRefusesTheFile() throws {
        let box = try Sandbox()
        for (text, words) in [
            (#"{"items":[],"budgets":{"schema":1,"total":-5,"categories":[]}}"#, "budgets: total"),
            (#"{"items":[],"fixed":{"schema":9,"fixed":[]}}"#, "fixed:"), (#"{"items":[],"notes":{"schema":1,"notes":{"2024-13":"x"}}}"#, "notes:"),
            (#"{"budgets":{"schema":1,"total":null,"categories":[]}}"#, "array of items"),
        ] {
            let run = try box.run(["import", "-"], stdin: text)
            #expect(run.status == 2 && run.stderr.contains(words), "\(text): \(run.stderr)")
        }
        #expect(try box.snapshot().isEmpty)
        let future = try box.run(["import", "-"], stdin: #"{"items":[],"tags":{"schema":1}}"#)
        #expect(future.status == 0, "a key a later kakeibo adds is skipped: \(future.stderr)")
    }

    /// `--bom` starts every CSV kakeibo writes with U+FEFF (EF BB BF), so Excel on Japanese Windows reads UTF-8; without
    /// it CSV starts with its header, and with another format it is refused.
    @Test func bomStartsEveryCSVForExcel() throws {
        let box = try household()
        let commands: [[String]] = [
            ["export"], ["export", "2024"], ["month", "2024", "12"], ["month", "2024", "12", "--by", "payment"], ["year", "2024"],
            ["year", "2024", "--by", "shop"], ["trend", "--end", "2024-12"], ["find", "コーヒー"], ["recent"],
        ]
        for command in commands {
            let marked = try box.run(command + ["--format", "csv", "--bom"])
            #expect(marked.status == 0, "\(command): \(marked.stderr)")
            #expect(Array(marked.stdout.utf8.prefix(3)) == [0xEF, 0xBB, 0xBF], "\(command)")
            let plain = try box.run(command + ["--format", "csv"])
            #expect(plain.stdout.utf8.first != 0xEF && Array(marked.stdout.utf8.dropFirst(3)) == Array(plain.stdout.utf8), "\(command)")
            let json = try box.run(command + ["--format", "json", "--bom"])
            #expect(json.status == 2 && json.stderr.contains("--bom works only with --format csv"), "\(command): \(json.stderr)")
        }
        let file = box.root.appendingPathComponent("2024.csv").path
        #expect(try box.run("export", "2024", "--format", "csv", "--bom", "--output", file).status == 0)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: file)).prefix(3)) == [0xEF, 0xBB, 0xBF])
    }

    @Test func outputWritesAFileInsteadOfStdout() throws {
        let box = try household()
        let path = box.root.appendingPathComponent("out/2024.csv").path
        try FileManager.default.createDirectory(atPath: box.root.appendingPathComponent("out").path, withIntermediateDirectories: true)
        let run = try box.run("export", "2024", "--format", "csv", "--output", path)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == box.run("export", "2024", "--format", "csv").stdout)
    }

    /// Account → total from a balance report: hledger's "   178 JPY  expenses:food:drink" or the
    /// "expenses:food:drink 178" that the format given to ledger prints. Only accounts below the top level.
    static func balances(_ output: String) -> [String: Int] {
        var result: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let amount = words.lazy.compactMap({ Int($0) }).first, let account = words.last(where: { $0.contains(":") }) else { continue }
            result[account] = amount
        }
        return result
    }

    /// The balance report of each tool: per account, or down to `depth` levels.
    static func balance(_ tool: String, _ file: String, depth: Int?, _ box: Sandbox) throws -> [String: Int] {
        var arguments = ["-f", file, "balance", "--no-total"]
        // ledger 3.3 drops accounts with --flat and --depth together; its own format gives full names instead.
        arguments += tool == "ledger" ? ["--format", "%(account) %(quantity(display_total))\n"] : ["--flat"]
        if let depth { arguments += ["--depth", String(depth)] }
        let run = try Tools.run(tool, arguments, environment: box.baseEnvironment)
        #expect(run.status == 0, "\(tool): \(run.stderr)")
        return balances(run.stdout)
    }

    @Test(.enabled(if: Tools.has("ledger") && Tools.has("hledger")))
    func ledgerAndHledgerReadTheJournalWithKakeibosTotals() throws {
        let box = try household()
        _ = try box.add("給与", 300_000, date: "2024-12-25", category: "income/salary")
        _ = try box.add("賞与", 50_000, date: "2025-01-10", category: "income/bonus")
        let journal = try box.run("export", "--format", "ledger")
        #expect(journal.status == 0)
        let file = try box.write("kakeibo.journal", journal.stdout)

        // What kakeibo itself says, per category and in all.
        var expected: [String: Int] = [:]
        var total = 0
        var income = 0
        for year in ["2024", "2025"] {
            let report = try #require(try box.run("year", year, "--format", "json").json() as? [String: Any])
            total += report["total"] as? Int ?? 0
            income += report["income"] as? Int ?? 0
            for row in report["incomeBreakdown"] as? [[String: Any]] ?? [] {
                expected["income:" + (row["subcategory"] as? String ?? ""), default: 0] -= row["total"] as? Int ?? 0
            }
            for row in report["breakdown"] as? [[String: Any]] ?? [] {
                expected["expenses:" + (row["category"] as? String ?? ""), default: 0] += row["total"] as? Int ?? 0
            }
        }
        expected["assets:cash"] = income - total
        #expect(total == 178 + 1980 - 500 + 220 + 680 + 300, "income is not spending")
        #expect(income == 350_000 && expected["income:salary"] == -300_000 && expected["income:bonus"] == -50_000)

        for tool in ["ledger", "hledger"] {
            #expect(try Self.balance(tool, file, depth: 2, box) == expected, "\(tool)")
            let leaves = try Self.balance(tool, file, depth: nil, box)
            #expect(leaves["expenses:food:drink"] == 178 - 500, "\(tool): the refund counts against its subcategory")
            #expect(leaves["expenses:food:grocery"] == 1980, "\(tool)")
            #expect(leaves["expenses:57:2"] == 300, "\(tool): an unknown code keeps its number")
            let payees = try Tools.run(tool, ["-f", file, "payees"], environment: box.baseEnvironment).stdout
            #expect(payees.contains("＊特売* a；b (c) ｜ 1,000 \"円\""), "\(tool) reads the whole name: \(payees)")
            #expect(payees.contains("（返品") && payees.contains("！雑誌"), "\(tool)")
        }
    }

    /// Each payment method is its own account, and ledger and hledger total each as `month --by payment` does.
    @Test(.enabled(if: Tools.has("ledger") && Tools.has("hledger")))
    func eachPaymentMethodIsAnAccountWithKakeibosTotals() throws {
        let box = try household()
        for (name, price, payment) in [("昼食", 900, "現金"), ("本", 1_500, "楽天カード"), ("返品", -300, "楽天カード"), ("切符", 210, "モバイル Suica")] {
            #expect(try box.run("add", name, String(price), "--date", "2024-12-20", "--payment", payment).status == 0)
        }
        let file = try box.write("kakeibo.journal", try box.run("export", "--format", "ledger").stdout)
        var expected: [String: Int] = [:]
        for (year, month) in [("2024", "11"), ("2024", "12"), ("2025", "1")] {
            let report = try #require(try box.run("month", year, month, "--by", "payment", "--format", "json").json() as? [String: Any])
            for row in report["breakdown"] as? [[String: Any]] ?? [] {
                let account =
                    switch row["value"] as? String {
                    case nil: "assets:cash"
                    case "楽天カード": "liabilities:楽天カード"
                    case let other?: "assets:" + other.replacingOccurrences(of: " ", with: "_")
                    }
                expected[account, default: 0] -= row["total"] as? Int ?? 0
            }
        }
        #expect(expected["liabilities:楽天カード"] == -1_200 && expected["assets:モバイル_Suica"] == -210)
        for tool in ["ledger", "hledger"] {
            let balances = try Self.balance(tool, file, depth: nil, box).filter { !$0.key.hasPrefix("expenses:") }
            #expect(balances == expected, "\(tool)")
        }
    }
}
