import Foundation
import Testing

/// Income and 収支 in every format, the savings goal with --check-budget, and the bad input of both, run through the
/// real binary (the clock is 2024-12-15: November is finished, December is not).
@Suite struct IncomeAndSavingsCommandTests {
    @Test func monthShowsIncomeBalanceAndSavingsRateInEveryFormatAndLanguage() throws {
        let box = try Sandbox.incomeAndSpending()
        let table = try box.run("month", "2024", "11", "--lang", "en").stdout
        #expect(table.contains("Total ¥3,000 · 2 items"), "income is not spending")
        #expect(table.contains("Income ¥300,000 · Balance +¥297,000 · Savings rate 99.0%"))
        let ja = try box.run("month", "2024", "11", "--lang", "ja").stdout
        #expect(ja.contains("収入 300,000円 · 収支 +297,000円 · 貯蓄率 99.0%"))
        let json = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        #expect(json["total"] as? Int == 3_000 && (json["items"] as? [Any])?.count == 2)
        #expect(json["income"] as? Int == 300_000 && json["balance"] as? Int == 297_000)
        #expect(json["savingsRate"] as? Double == 0.99)
        #expect((json["incomeItems"] as? [[String: Any]])?.first?["name"] as? String == "給与")
        #expect((json["breakdown"] as? [[String: Any]])?.map { $0["category"] as? String } == ["food", "entertainment"])
        let csv = try box.run("month", "2024", "11", "--format", "csv").stdout.components(separatedBy: "\r\n")
        #expect(csv[0] == "id,date,name,price,category,subcategory,payment,shop,memo,member,personal,tags")
        #expect(csv[3].hasSuffix(",2024-11-25,給与,300000,income,salary,,,,,,"), "income follows the spending items")
        let svg = try box.run("month", "2024", "11", "--format", "svg", "--lang", "en").stdout
        #expect(svg.contains("Income ¥300,000 · Balance +¥297,000"))
        let year = try box.run("year", "2024", "--format", "csv", "--lang", "en").stdout
        #expect(year.contains("2024-11,income,,Income,300000,,\r\n2024-11,balance,,Balance,297000,,\r\n"))
        let trend = try #require(try box.run("trend", "--months", "2", "--end", "2024-11", "--format", "json").json() as? [String: Any])
        #expect(trend["total"] as? Int == 8_000, "the trend is of spending")
    }

    @Test func theSavingsGoalFailsAFinishedMonthThatFellShort() throws {
        let box = try Sandbox.incomeAndSpending()
        #expect(try box.run("budget", "set", "savings", "300,000").status == 0)
        let list = try #require(try box.run("budget", "list", "--format", "json").json() as? [String: Any])
        #expect(list["savings"] as? Int == 300_000)
        let short = try box.run("month", "2024", "11", "--check-budget", "--lang", "en")
        #expect(short.status == 3)
        #expect(short.stderr == "kakeibo: short of the savings goal: balance ¥297,000 of ¥300,000\n")
        #expect(short.stdout.contains("Savings goal ¥300,000: short by ¥3,000"))
        let running = try box.run("month", "2024", "12", "--check-budget")
        #expect(running.status == 0, "a month under way is not judged on savings: \(running.stderr)")
        #expect(try box.run("budget", "set", "savings", "290000").status == 0)
        #expect(try box.run("month", "2024", "11", "--check-budget").status == 0)
        #expect(try box.run("budget", "unset", "savings").status == 0)
        #expect(try box.run("budget", "unset", "savings").status == 1)
    }

    @Test func badInputExitsTwoNamingTheValueAndChangesNothing() throws {
        let box = try Sandbox.incomeAndSpending()
        let before = try box.snapshot()
        for (arguments, words) in [
            (["budget", "set", "savings", "0"], "'0'"),
            (["budget", "set", "income", "1000"], "'income'"),
            (["add", "給与", "300000", "--income", "--category", "food"], "'food'"),
            (["review", "2024", "11", "--note", "a\u{1B}[2Jb"], "U+001B"),
            (["review", "2024", "11", "--note", String(repeating: "x", count: 2001)], "2001"),
        ] {
            let run = try box.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(words) && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
        #expect(try box.snapshot() == before)
    }

    /// A salary is listed under the income as a purchase is under the spending, and `--category income` shows the
    /// income items as any other category's (a household found its salaries only with `find 給与`).
    @Test func monthListsIncomeItemsAndTheIncomeCategoryShowsThem() throws {
        let box = try Sandbox()
        #expect(try box.run("categories", "init", "--preset", "household").status == 0)
        _ = try box.add("給与", 250_000, date: "2024-11-25", category: "income")
        _ = try box.add("パン", 300, date: "2024-11-21")
        let month = try box.run("month", "2024", "11")
        #expect(month.status == 0)
        let lines = month.lines
        let balance = try #require(lines.firstIndex { $0.hasPrefix("Income ¥250,000") }, "\(month.stdout)")
        let salary = try #require(lines.firstIndex { $0.contains("給与") && $0.contains("¥250,000") }, "\(month.stdout)")
        let bread = try #require(lines.firstIndex { $0.contains("パン") }, "\(month.stdout)")
        #expect(balance < salary && salary < bread, "the salary under the income, before the spending's items: \(month.stdout)")
        let income = try box.run("month", "2024", "11", "--category", "income")
        #expect(income.status == 0 && income.stdout.contains("給与") && income.stdout.contains("Total ¥250,000 · 1 item"), "\(income.stdout)")
        #expect(!income.stdout.contains("No data"), "\(income.stdout)")
    }
}
