import Foundation
import Testing

/// Yearly funds (特別費), rolled budgets and the year's planned fixed costs, as a user and cron meet them (#22).
@Suite struct YearlyFundCommandTests {
    static let months = (2023...2024).flatMap { year in (1...12).map { (year, $0) } }
    /// Food each month: 22,000 to 35,999, and 15,000 more in March 2023 (the rolled balance goes below zero).
    static func food(_ index: Int) -> Int { 22_000 + (index * 6_151) % 14_000 }
    static let extraFood = (month: "2023-03", price: 15_000)
    /// 特別費: over the fund in 2023 (¥260,000), within it in 2024 (¥90,000).
    static let special: [(date: String, price: Int)] = [
        ("2023-01-03", 50_000), ("2023-08-12", 120_000), ("2023-12-24", 90_000), ("2024-05-03", 30_000), ("2024-08-14", 60_000),
    ]

    /// #22's two-year household: the irregular repeats posted month by month, a yearly 特別費 fund of ¥240,000 and
    /// food at ¥30,000 a month rolling over from January 2023. Today is 2024-12-15.
    func household() throws -> Sandbox {
        let box = try Sandbox()
        for arguments in [
            ["fixed", "add", "水道", "7800", "--day", "20", "--every", "2", "--from", "2023-01"],
            ["fixed", "add", "自動車税", "36000", "--day", "31", "--months", "5", "--category", "other"],
            ["fixed", "add", "賞与", "500000", "--day", "10", "--months", "6,12", "--income", "--category", "income/bonus"],
            ["budget", "set", "特別費", "240000", "--yearly"],
            ["budget", "set", "food", "30000", "--rollover", "--from", "2023-01"],
        ] {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        for (index, (year, month)) in Self.months.enumerated() {
            let day = String(format: "%04d-%02d-10", year, month)
            _ = try box.add("食材", Self.food(index), date: day)
            #expect(try box.run("fixed", "post", "\(year)", "\(month)").status == 0)
        }
        _ = try box.add("外食", Self.extraFood.price, date: Self.extraFood.month + "-28")
        for item in Self.special { _ = try box.add("特別", item.price, date: item.date, category: "special") }
        return box
    }

    /// The food spent in each month, from what the test itself added.
    static func foodSpent(_ year: Int, _ month: Int) -> Int {
        let index = try! #require(months.firstIndex { $0 == (year, month) })
        return food(index) + (String(format: "%04d-%02d", year, month) == extraFood.month ? extraFood.price : 0)
    }

    @Test func twoYearsOfFundsRolloverAndTheCalendarAgreeWithSumsDoneByHand() throws {
        let box = try household()
        var carried = 0 // the rolled balance, summed by hand from January 2023
        for year in [2023, 2024] {
            let report = try #require(try box.run("year", "\(year)", "--format", "json").json() as? [String: Any])
            // The calendar: water 6 times, 自動車税 once in May, the bonuses in June and December as income.
            #expect(report["income"] as? Int == 2 * 500_000)
            let specialSpent = Self.special.filter { $0.date.hasPrefix("\(year)") }.reduce(0) { $0 + $1.price }
            let foodSpent = (1...12).reduce(0) { $0 + Self.foodSpent(year, $1) }
            #expect(report["total"] as? Int == 6 * 7_800 + 36_000 + specialSpent + foodSpent, "\(year)")
            // The yearly fund: spent and left.
            let fund = try #require((report["funds"] as? [[String: Any]])?.first)
            #expect(fund["category"] as? String == "special" && fund["budget"] as? Int == 240_000)
            #expect(fund["spent"] as? Int == specialSpent && fund["left"] as? Int == 240_000 - specialSpent, "\(year): \(fund)")
            #expect(fund["over"] as? Bool == (specialSpent > 240_000))
            // The rolled budget, month by month.
            let rolled = try #require((report["rolled"] as? [[String: Any]])?.first)
            let months = try #require(rolled["months"] as? [[String: Any]])
            #expect(months.count == 12 && rolled["carriedIn"] as? Int == carried, "\(year)")
            for (number, month) in zip(1..., months) {
                let spent = Self.foodSpent(year, number)
                #expect(month["carried"] as? Int == carried && month["available"] as? Int == 30_000 + carried, "\(year)-\(number)")
                #expect(month["spent"] as? Int == spent)
                carried += 30_000 - spent
                #expect(month["left"] as? Int == carried)
            }
            #expect(rolled["balance"] as? Int == carried && rolled["finished"] as? Bool == (year == 2023))
            // Every month of both years is over or in progress: nothing planned but December 2024's.
            #expect(report["plannedTotal"] as? Int == 0 && report["plannedIncomeTotal"] as? Int == 0, "all posted")
        }
        let allFood: Int = Self.months.map { Self.foodSpent($0.0, $0.1) }.reduce(0, +)
        #expect(carried == 24 * 30_000 - allFood)
        // The table: a compact row per fund and rolled budget.
        let table = try box.run("year", "2023").stdout
        let fundRow = try #require(table.split(separator: "\n").first { $0.hasPrefix("Special") && $0.contains("¥240,000") })
        #expect(fundRow.contains("¥260,000") && fundRow.contains("-¥20,000") && fundRow.contains("over"), "\(fundRow)")
        #expect(table.contains("Rolled budget") && table.contains("Year end"))
        let now = try box.run("year", "2024", "--lang", "ja").stdout
        #expect(now.contains("繰越の予算") && now.contains("現在") && now.contains(yen(carried)), "\(now)")
    }

    /// The year ahead follows the calendar: each fixed cost where its schedule puts it, marked planned, apart from
    /// the (empty) actual totals.
    @Test func aYearAheadListsItsFixedCostsAsPlannedNotAsSpent() throws {
        let box = try household()
        let next = try #require(try box.run("year", "2025", "--format", "json").json() as? [String: Any])
        #expect(next["total"] as? Int == 0 && next["income"] as? Int == 0, "planned is never spent")
        #expect(next["plannedTotal"] as? Int == 6 * 7_800 + 36_000 && next["plannedIncomeTotal"] as? Int == 1_000_000)
        var names: [String: [Int]] = [:]
        for month in try #require(next["months"] as? [[String: Any]]) {
            let number = try #require(month["month"] as? Int)
            let planned = (month["planned"] as? [[String: Any]] ?? []) + (month["plannedIncome"] as? [[String: Any]] ?? [])
            for cost in planned { names[cost["name"] as? String ?? "", default: []].append(number) }
            #expect(month["total"] as? Int == 0)
        }
        #expect(names["水道"] == [1, 3, 5, 7, 9, 11] && names["自動車税"] == [5] && names["賞与"] == [6, 12], "\(names)")
        let fund = try #require((next["funds"] as? [[String: Any]])?.first)
        #expect(fund["spent"] as? Int == 0 && fund["through"] as? Int == 0)
        let table = try box.run("year", "2025").stdout
        #expect(table.contains("Planned") && table.contains("Fixed costs still to come; not in the totals above."))
        let may = try #require(table.split(separator: "\n").first { $0.hasPrefix("May ") && $0.contains("¥43,800") })
        #expect(!may.isEmpty)
        // Unposted costs of the month in progress are planned too; posted ones are not.
        box.environment["KAKEIBO_NOW"] = "2025-03-05T09:00:00Z"
        let march = try #require(try box.run("year", "2025", "--format", "json").json() as? [String: Any])
        let months = try #require(march["months"] as? [[String: Any]])
        #expect(months[0]["plannedTotal"] as? Int == 0, "January is over")
        #expect(months[2]["plannedTotal"] as? Int == 7_800, "March's water, not posted yet")
    }

    /// `month` shows the fund for the year to date and the rolled budget with its carry; --check-budget exits 3
    /// for the overspent fund (and the month the rolled budget ran over), 0 on plan.
    @Test func checkBudgetExitsThreeForAnOverspentFundAndZeroOnPlan() throws {
        let box = try household()
        let december = try box.run("month", "2023", "12", "--check-budget")
        #expect(december.status == 3)
        #expect(
            december.stderr.contains("kakeibo: yearly fund overspent: special ¥260,000 of ¥240,000 for 2023, over by ¥20,000"),
            "\(december.stderr)")
        let ja = try box.run("month", "2023", "12", "--check-budget", "--lang", "ja")
        #expect(ja.status == 3 && ja.stderr.contains("年の予算を超過: 特別費 2023年 260,000円（年の予算 240,000円）、20,000円 超過"), "\(ja.stderr)")
        let onPlan = try box.run("month", "2024", "12", "--check-budget")
        #expect(onPlan.status == 0 && onPlan.stderr.isEmpty, "\(onPlan.stderr)")
        #expect(onPlan.stdout.contains("Special (year)") && onPlan.stdout.contains("Food (rolled)"))
        #expect(onPlan.stdout.contains("Special: Jan–Dec ¥90,000, share ¥240,000"), "\(onPlan.stdout)")
        // March 2023: food had ¥39,849 with January's and February's carry and spent ¥49,302.
        let march = try box.run("month", "2023", "3", "--check-budget")
        #expect(march.status == 3)
        #expect(march.stderr.contains("over budget: food ¥49,302 of ¥39,849 with the carry (+¥9,849), over by ¥9,453"), "\(march.stderr)")
        let json = try #require(try box.run("month", "2023", "4", "--format", "json").json() as? [String: Any])
        let food = try #require((json["budgets"] as? [[String: Any]])?.first { $0["category"] as? String == "food" })
        #expect(food["carried"] as? Int == -9_453 && food["available"] as? Int == 30_000 - 9_453 && food["rollover"] as? Bool == true)
    }

    /// On course to be overspent: past the year's share to date and a quarter of the fund, though not the fund.
    @Test func aFundAheadOfTheYearExitsThreeAndSaysByHowMuch() throws {
        let box = try Sandbox() // today is 2024-12-15
        #expect(try box.run("budget", "set", "特別費", "240,000", "--yearly").status == 0)
        _ = try box.add("冷蔵庫", 100_000, date: "2024-01-20", category: "special")
        // January: share ¥20,000 and a quarter ¥60,000 make ¥80,000; ¥100,000 is ¥20,000 past it.
        let january = try box.run("month", "2024", "1", "--check-budget")
        #expect(january.status == 3)
        #expect(
            january.stderr
                == "kakeibo: yearly fund on course to be overspent: special ¥100,000 in 1 month of 2024, past the share to date and a quarter of the fund (¥80,000) by ¥20,000\n"
        )
        let ja = try box.run("month", "2024", "1", "--check-budget", "--lang", "ja")
        #expect(ja.stderr == "kakeibo: 年の予算を超えそう: 特別費 2024年 1か月で 100,000円、経過月分と 4 分の 1（80,000円）を 20,000円 上回っています\n")
        // February: the limit is ¥100,000, and spending exactly it is on plan.
        let february = try box.run("month", "2024", "2", "--check-budget")
        #expect(february.status == 0, "\(february.stderr)")
        #expect(february.stdout.contains("Special: Jan–Feb ¥100,000, share ¥40,000"))
        let json = try #require(try box.run("month", "2024", "1", "--format", "json").json() as? [String: Any])
        let fund = try #require((json["budgets"] as? [[String: Any]])?.first?["yearToDate"] as? [String: Any])
        #expect(fund["limit"] as? Int == 80_000 && fund["ahead"] as? Bool == true && fund["share"] as? Int == 20_000)
    }

    /// A payday household (month-start 25): the rolled budget's months are the household's months.
    @Test func theRolledBalanceFollowsTheMonthStart() throws {
        let box = try Sandbox()
        #expect(try box.run("config", "set", "month-start", "25").status == 0)
        #expect(try box.run("budget", "set", "food", "30000", "--rollover", "--from", "2024-10").status == 0)
        _ = try box.add("前月", 50_000, date: "2024-10-24") // September's month: before the balance starts
        _ = try box.add("十月", 20_000, date: "2024-10-25") // October's first day
        _ = try box.add("十一月", 25_000, date: "2024-11-24") // still October's month
        let november = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        let food = try #require((november["budgets"] as? [[String: Any]])?.first)
        #expect(food["carried"] as? Int == 30_000 - 45_000, "\(food)")
    }

    @Test(arguments: ["en", "ja"]) func badFundsExitTwoWithOneLineAndChangeNothing(language: String) throws {
        let box = try Sandbox()
        #expect(try box.run("budget", "set", "food", "30000").status == 0)
        let before = try box.snapshot()
        let en = language == "en"
        for (arguments, message) in [
            (
                ["特別費", "0", "--yearly"],
                en ? "budget must be whole yen more than 0" : "予算は 1〜"
            ),
            (["special", "-5000", "--yearly"], en ? "budget must be whole yen more than 0" : "予算は 1〜"),
            (
                ["special", "240000", "--yearly", "--rollover"],
                en ? "--yearly and --rollover don't mix" : "--yearly と --rollover は同時に指定できません"
            ),
            (["旅行費", "240000", "--yearly"], en ? "unknown category '旅行費'" : "不明な項目 '旅行費'"),
            (["total", "1200000", "--yearly"], en ? "--yearly is for a category's fund" : "--yearly は項目の年の予算"),
            (["savings", "600000", "--yearly"], en ? "--yearly is for a category's fund" : "--yearly は項目の年の予算"),
            (["allowance", "360000", "--yearly", "--member", "ayumi"], en ? "--yearly is for a category's fund" : "--yearly は項目の年の予算"),
            (["total", "200000", "--rollover"], en ? "--rollover is for a category's or an allowance's" : "--rollover は項目かお小遣い"),
            (["food", "30000", "--from", "2024-01"], en ? "--from" : "--from"),
            (["food", "30000", "--rollover", "--from", "2024/01"], en ? "--from must be a month as YYYY-MM" : "--from は YYYY-MM"),
        ] {
            let run = try box.run(["budget", "set"] + arguments + ["--lang", language])
            #expect(run.status == 2 && run.stdout.isEmpty, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.hasPrefix("kakeibo: ") && run.stderr.contains(message) && run.lines.count == 1, "\(arguments): \(run.stderr)")
        }
        #expect(try box.snapshot() == before, "nothing was written")
    }

    /// Setting a rolled budget again keeps its balance (the new amount from this month on); --from starts afresh;
    /// budgets.json is schema 4 only while a fund or rolled budget is in it.
    @Test func settingARolledBudgetAgainNeverResetsItsBalance() throws {
        let box = try Sandbox() // today is 2024-12-15
        let file = box.store.appendingPathComponent("budgets.json")
        #expect(try box.run("budget", "set", "food", "30000").status == 0)
        #expect(try schema(file) == 1)
        #expect(
            try box.run("budget", "set", "food", "30000", "--rollover", "--from", "2024-10").stdout
                == "Budget for Food: ¥30,000 a month, rolling over since 2024-10\n")
        _ = try box.add("食材", 20_000, date: "2024-10-05")
        _ = try box.add("食材", 20_000, date: "2024-11-05")
        let again = try box.run("budget", "set", "food", "35000", "--rollover")
        #expect(again.stdout == "Budget for Food: ¥35,000 a month from 2024-12, rolling over since 2024-10\n", "\(again.stdout)")
        let json = try #require(try box.run("month", "--format", "json").json() as? [String: Any])
        let food = try #require((json["budgets"] as? [[String: Any]])?.first)
        #expect(food["carried"] as? Int == 20_000 && food["budget"] as? Int == 35_000 && food["available"] as? Int == 55_000)
        let list = try #require(try box.run("budget", "list", "--format", "json").json() as? [String: Any])
        let steps = try #require((list["budgets"] as? [[String: Any]])?.first?["rollover"] as? [[String: Any]])
        #expect(steps.map { $0["from"] as? String } == ["2024-10", "2024-12"] && steps.map { $0["amount"] as? Int } == [30_000, 35_000])
        #expect(try schema(file) == 4)
        let ja = try box.run("budget", "list", "--lang", "ja").stdout
        #expect(ja.contains("繰越 2024-10"), "\(ja)")
        // Back to a plain monthly budget: the file is the schema an older kakeibo reads again.
        #expect(try box.run("budget", "set", "food", "35000").status == 0)
        #expect(try schema(file) == 1)
    }

    func schema(_ file: URL) throws -> Int? {
        (try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])?["schema"] as? Int
    }

    func yen(_ amount: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        return (formatter.string(from: NSNumber(value: amount)) ?? "") + "円"
    }
}
