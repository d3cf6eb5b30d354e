import Foundation
import KakeiboKit
import Testing

/// Fixed costs and a month that starts on payday, as a user (and cron) meets them: the real binary on a temporary store.
@Suite struct FixedCommandTests {
    func household() throws -> Sandbox {
        let box = try Sandbox() // today is 2024-12-15
        #expect(try box.run("fixed", "add", "家賃", "85,000", "--day", "27").status == 0)
        #expect(try box.run("fixed", "add", "動画配信", "990", "--day", "1", "--category", "entertainment").status == 0)
        #expect(try box.run("fixed", "add", "保険", "18000", "--day", "10", "--yearly", "12").status == 0)
        return box
    }

    @Test func withoutACategoryTheNameDecidesElseOtherAndTheConfirmationSaysSo() throws {
        let box = try Sandbox()
        let rent = try box.run("fixed", "add", "家賃", "85000", "--day", "27")
        #expect(rent.status == 0)
        #expect(rent.stdout == "Fixed cost 家賃 (2a10025a): ¥85,000, monthly, day 27, Housing › Rent\n", "the help's own example")
        let fire = try box.run("fixed", "add", "火災保険", "18000", "--day", "1", "--yearly", "4", "--lang", "ja")
        #expect(fire.stdout.hasSuffix("18,000円、毎年 4月1日、その他\n"), "\(fire.stdout)")
        let train = try box.run("add", "電車", "220", "--date", "2024-12-01")
        #expect(train.stdout.contains(" ¥220 Transport › Train (id "), "\(train.stdout)")
        let other = try box.run("add", "何か", "100", "--date", "2024-12-01")
        #expect(other.stdout.contains(" ¥100 Other (id "), "\(other.stdout)")
        let salary = try box.run("add", "給与", "300000", "--date", "2024-12-01")
        #expect(salary.stdout.contains(" Other (id "), "a name that is income stays spending without --income: \(salary.stdout)")
        let json = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        let categories = (json["items"] as? [[String: Any]] ?? []).compactMap { $0["category"] as? String }
        #expect(categories.sorted() == ["other", "other", "transport"], "never food")
    }

    /// The items a `fixed post` said it recorded.
    func posted(_ run: Run) -> Int { run.lines.filter { $0.hasPrefix("Posted ") }.count }

    func ids(_ box: Sandbox, _ month: String) throws -> [String] {
        let json = try #require(try box.run("month", month, "--format", "json").json() as? [String: Any])
        return try #require(json["items"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    }

    @Test func postRecordsTheCostsDueByTodayOnceAndIsQuietAfter() throws {
        let box = try household()
        let first = try box.run("fixed", "post")
        #expect(first.status == 0)
        #expect(posted(first) == 2 && first.stdout.contains("動画配信") && first.stdout.contains("保険"))
        let second = try box.run("fixed", "post")
        #expect(second.status == 0 && second.stdout == "" && second.stderr == "")
        #expect(try ids(box, "2024-12").sorted().count == 2)
        // A past month posts all its costs; the ids come from the cost and the month.
        #expect(try box.run("fixed", "post", "2024", "11").status == 0)
        let november = try ids(box, "2024-11")
        #expect(november.count == 2 && november.allSatisfy { $0.hasPrefix("fixed-") && $0.hasSuffix("-2024-11") })
    }

    /// A fixed cost's item shows its whole id in the ID column (every month's item of a rule starts alike), so the
    /// id shown is the one `edit` takes, with other months posted too.
    @Test func theIDShownForAFixedCostsItemNamesIt() throws {
        let box = try household()
        #expect(try box.run("fixed", "post", "2024", "11").status == 0)
        #expect(try box.run("fixed", "post").status == 0)
        let id = try #require(try ids(box, "2024-12").first { $0.hasPrefix("fixed-") })
        let table = try box.run("month", "2024", "12")
        #expect(table.stdout.contains(id), "\(table.stdout)")
        let edit = try box.run("edit", id, "--price", "1000")
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try box.run("edit", String(id.prefix(8)), "--price", "1").stderr.contains("matches"))
    }

    @Test func twoPostsAtOnceRecordEachCostOnce() throws {
        for round in 0..<4 {
            let box = try household()
            nonisolated(unsafe) var runs: [Run?] = [nil, nil]
            let lock = NSLock()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let run = try? box.run("fixed", "post", "2024", "11")
                lock.withLock { runs[index] = run }
            }
            #expect(runs.allSatisfy { $0?.status == 0 }, "round \(round)")
            let total = runs.compactMap { $0.map { posted($0) } }.reduce(0, +)
            #expect(total == 2, "round \(round): the two costs due in November, between both runs")
            let november = try ids(box, "2024-11")
            #expect(november.count == 2 && Set(november).count == 2, "round \(round)")
        }
    }

    @Test func untilPostedTheMonthShowsPlannedCostsAndAForecast() throws {
        let box = try household()
        _ = try box.add("コーヒー", 1_500, date: "2024-12-05")
        let json = try #require(try box.run("month", "--format", "json").json() as? [String: Any])
        #expect(json["first"] as? String == "2024-12-01" && json["last"] as? String == "2024-12-31")
        let planned = try #require(json["planned"] as? [[String: Any]])
        #expect(planned.compactMap { $0["name"] as? String } == ["動画配信", "保険", "家賃"])
        #expect(json["plannedTotal"] as? Int == 103_990)
        // ¥1,500 over 15 days gone, 16 days left: ¥1,600 more.
        #expect(json["forecast"] as? Int == 1_500 + 103_990 + 1_600)
        #expect(try box.run("month").stdout.contains("Planned"))
        _ = try box.run("fixed", "post")
        let after = try #require(try box.run("month", "--format", "json").json() as? [String: Any])
        #expect((after["planned"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["家賃"])
        #expect(after["forecast"] as? Int == 1_500 + 103_990 + 1_600)
        let past = try #require(try box.run("month", "prev", "--format", "json").json() as? [String: Any])
        #expect(past["forecast"] is NSNull && (past["planned"] as? [Any])?.isEmpty == true)
    }

    @Test func listShowsEveryCostAndAnUnreadableFileIsNeverOverwritten() throws {
        let box = try household()
        let json = try #require(try box.run("fixed", "list", "--format", "json").json() as? [String: Any])
        let costs = try #require(json["fixed"] as? [[String: Any]])
        #expect(costs.compactMap { $0["name"] as? String } == ["家賃", "動画配信", "保険"])
        #expect(costs.map { $0["month"] as? Int } == [nil, nil, 12])
        #expect(costs[1]["category"] as? String == "entertainment")
        let file = box.store.appendingPathComponent("fixed.json")
        try Data(#"{"schema":1,"fixed":[{"name":"x","price":1,"day":40,"category":0}]}"#.utf8).write(to: file)
        let before = try box.snapshot()
        let add = try box.run("fixed", "add", "水道", "3000", "--day", "5")
        #expect(add.status == 1 && add.stderr.contains("fixed.json") && add.stderr.contains("fixed[0]"))
        #expect(try box.run("fixed", "post").status == 1)
        #expect(try box.snapshot() == before)
    }

    @Test func badInputExitsTwoAndLeavesTheStoreAlone() throws {
        let box = try household()
        let before = try box.snapshot()
        for arguments in [
            ["fixed", "add", "家賃", "85000", "--day", "0"], ["fixed", "add", "家賃", "85000", "--day", "32"],
            ["fixed", "add", " ", "85000", "--day", "1"], ["fixed", "add", "家賃", "850.5", "--day", "1"],
            ["fixed", "add", "家賃", "85000", "--day", "1", "--yearly", "13"], ["month", "--month-start", "32"],
            ["month", "--month-start", "0"], ["config", "set", "month-start", "32"], ["fixed", "add", "家賃", "85000"],
        ] {
            let run = try box.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout == "" && run.stderr.split(separator: "\n").count == 1, "\(arguments)")
        }
        #expect(try box.snapshot() == before)
        #expect(try box.run("fixed", "remove", "nothing").status == 1)
    }

    @Test func aMonthFromPaydayReadsBothFilesAndSaysItsDays() throws {
        let box = try Sandbox()
        _ = try box.add("前", 100, date: "2024-12-24")
        _ = try box.add("給料日", 1_000, date: "2024-12-25")
        _ = try box.add("末", 10_000, date: "2025-01-24")
        _ = try box.add("次", 7, date: "2025-01-25")
        #expect(try box.run("config", "set", "month-start", "25").status == 0)
        #expect(try box.run("config", "get", "month-start").stdout == "25\n")
        let json = try #require(try box.run("month", "2024-12", "--format", "json").json() as? [String: Any])
        #expect(json["first"] as? String == "2024-12-25" && json["last"] as? String == "2025-01-24")
        #expect(json["total"] as? Int == 11_000 && json["count"] as? Int == 2)
        #expect((json["previous"] as? [String: Any])?["total"] as? Int == 100)
        #expect((json["next"] as? [String: Any])?["total"] as? Int == 7)
        // Today (2024-12-15) falls in the month named November: it began on 2024-11-25.
        let this = try #require(try box.run("month", "--format", "json").json() as? [String: Any])
        #expect(this["month"] as? Int == 11 && this["total"] as? Int == 100)
        // --month-start overrides the setting for one command.
        let calendar = try #require(try box.run("month", "2024-12", "--month-start", "1", "--format", "json").json() as? [String: Any])
        #expect(calendar["total"] as? Int == 1_100 && calendar["last"] as? String == "2024-12-31")
        #expect(try box.run("month", "2024-12").stdout.contains("(2024-12-25 – 2025-01-24)"))
        let year = try #require(try box.run("year", "2024", "--format", "json").json() as? [String: Any])
        #expect(year["first"] as? String == "2024-01-25" && year["last"] as? String == "2025-01-24" && year["total"] as? Int == 11_100)
        let trend = try #require(try box.run("trend", "--months", "2", "--end", "2024-12", "--format", "json").json() as? [String: Any])
        #expect((trend["months"] as? [[String: Any]])?.compactMap { $0["total"] as? Int } == [100, 11_000])
    }

    /// The stumble of issue #20 as a person met it: a planned salary (`--category income/salary`) is listed as
    /// planned income and left out of the spending forecast, and on the 1st of the month there is no forecast.
    @Test func aPlannedSalaryIsNoSpendingAndTheFirstHasNoForecast() throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2024-12-10T09:00:00Z"
        #expect(try box.run("fixed", "add", "家賃", "85000", "--day", "27").status == 0)
        #expect(try box.run("fixed", "add", "給与", "300000", "--day", "25", "--category", "income/salary").status == 0)
        _ = try box.add("ランチ", 9000, date: "2024-12-02")
        let month = try #require(try box.run("month", "--format", "json").json() as? [String: Any])
        // 9,000 so far, rent to come, and nine days' pace over the 21 left (9,000 / 10 × 31 − 9,000 = 18,900).
        #expect(month["forecast"] as? Int == 9000 + 85000 + 18900)
        let table = try box.run("month").stdout
        #expect(table.contains("Planned income") && table.contains("¥300,000") && table.contains("Forecast for the month's end: ¥112,900"))
        box.environment["KAKEIBO_NOW"] = "2024-12-01T09:00:00Z"
        let first = try #require(try box.run("month", "--format", "json").json() as? [String: Any])
        #expect(first["forecast"] == nil || first["forecast"] is NSNull, "one day times 31 says nothing")
    }

    /// #22's household over two years: water every two months, 自動車税 in May, bonuses in June and December as
    /// income, each posted month by month, and what the store holds counted against the calendar done by hand.
    @Test func irregularRepeatsPostOnTheirMonthsOverTwoYears() throws {
        let box = try Sandbox() // today is 2024-12-15
        for arguments in [
            ["水道", "7800", "--day", "20", "--every", "2", "--from", "2023-01"],
            ["自動車税", "36000", "--day", "31", "--months", "5", "--category", "other"],
            ["賞与", "500000", "--day", "10", "--months", "6,12", "--income", "--category", "income/bonus"],
        ] {
            let run = try box.run(["fixed", "add"] + arguments)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let list = try #require(try box.run("fixed", "list", "--format", "json").json() as? [String: Any])
        let water = try #require((list["fixed"] as? [[String: Any]])?.first)
        #expect(water["every"] as? Int == 2 && water["from"] as? String == "2023-01" && water["income"] as? Bool == false)
        for year in 2023...2024 {
            for month in 1...12 { #expect(try box.run("fixed", "post", "\(year)", "\(month)").status == 0) }
        }
        #expect(try box.run("fixed", "post", "2024", "12").stdout == "", "posting again records nothing")
        for year in ["2023", "2024"] {
            var names: [String: [Int]] = [:]
            for month in 1...12 {
                let json = try #require(try box.run("month", year, "\(month)", "--format", "json").json() as? [String: Any])
                let items = (json["items"] as? [[String: Any]] ?? []) + (json["incomeItems"] as? [[String: Any]] ?? [])
                for item in items { names[item["name"] as? String ?? "", default: []].append(month) }
            }
            #expect(names["水道"] == [1, 3, 5, 7, 9, 11], "\(year): 6 times a year")
            #expect(names["自動車税"] == [5], "\(year)")
            #expect(names["賞与"] == [6, 12], "\(year)")
            let report = try #require(try box.run("year", year, "--format", "json").json() as? [String: Any])
            #expect(report["total"] as? Int == 6 * 7_800 + 36_000, "\(year)")
            #expect(report["income"] as? Int == 2 * 500_000, "\(year): the bonuses are income, not spending")
        }
    }

    @Test func aScheduleThatCantBeKeptExitsTwoWithItsReason() throws {
        let box = try Sandbox()
        for (arguments, message) in [
            (["--months", "5,13"], "--months: a month must be 1–12, got '13'"),
            (["--every", "0"], "--every must be a whole number from 1 to 120, got '0'"),
            (["--every", "2", "--months", "5"], "--every and --months don't mix"),
            (["--from", "2025-05", "--until", "2025-01"], "--until 2025-01 is before --from 2025-05"),
            (["--from", "2025/05"], "--from must be a month as YYYY-MM"),
        ] {
            let run = try box.run(["fixed", "add", "水道", "7800", "--day", "20"] + arguments)
            #expect(run.status == 2 && run.stdout == "", "\(arguments)")
            #expect(run.stderr.hasPrefix("kakeibo: " + message) && run.lines.count == 1, "\(run.stderr)")
        }
        #expect(try box.run("fixed", "list").stdout == "No fixed costs\n", "nothing was added")
    }

    /// `fixed list` at 80 columns folds a schedule that doesn't fit instead of cutting its date ("monthly, day 24,
    /// from 20…"): the months it runs go to the line under the cost, with the months it is skipped in.
    @Test func fixedListFoldsAScheduleInsteadOfCuttingItsDate() throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2024-11-25T09:00:00Z"
        #expect(try box.run("fixed", "add", "携帯電話", "2970", "--day", "24", "--from", "2024-11", "--category", "communication/mobile").status == 0)
        let folded = try box.run(["fixed", "list"], environment: ["COLUMNS": "80"])
        #expect(!folded.stdout.contains("…") && folded.stdout.contains("↳ from 2024-11\n"), "nothing cut: \(folded.stdout)")
        // With a skipped month, both on the one line under the cost.
        #expect(try box.run("fixed", "skip", "携帯電話", "2024-12").status == 0)
        let list = try box.run(["fixed", "list"], environment: ["COLUMNS": "80"])
        for line in list.lines { #expect(displayWidth(line) <= 80, "'\(line)'") }
        #expect(!list.stdout.contains("…"), "nothing cut: \(list.stdout)")
        #expect(list.stdout.contains("monthly, day 24") && list.stdout.contains("↳ from 2024-11 · skipped in 2024-12"), "\(list.stdout)")
        // Where it fits, the schedule stays whole on its line.
        let wide = try box.run(["fixed", "list"], environment: ["COLUMNS": "120"])
        #expect(wide.stdout.contains("monthly, day 24, from 2024-11") && wide.stdout.contains("↳ skipped in 2024-12"), "\(wide.stdout)")
    }
}
