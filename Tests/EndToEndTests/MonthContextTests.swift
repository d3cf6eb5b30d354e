import Foundation
import Testing

/// `kakeibo month` among its neighbours, by name, and with its largest items: the real binary on a temporary store.
@Suite struct MonthContextTests {
    @Test func aMonthShowsItsNeighboursAcrossTheYearBoundary() throws {
        let box = try Sandbox()
        _ = try box.add("年末", 1000, date: "2024-12-31", category: "food")
        _ = try box.add("遊び", 500, date: "2024-12-30", category: "entertainment")
        _ = try box.add("正月", 1500, date: "2025-01-01", category: "food")
        _ = try box.add("二月", 300, date: "2025-02-01", category: "food")

        let table = try box.run("month", "2025", "1")
        #expect(table.status == 0)
        #expect(table.stdout.contains("Dec 2024  Jan 2025  Feb 2025"))
        let food = try #require(table.lines.last { $0.hasPrefix("Food ") })
        #expect(food.contains("¥1,000") && food.contains("¥1,500") && food.contains("¥300") && food.contains("+¥500") && food.contains("+50.0%"))
        let total = try #require(table.lines.last { $0.hasPrefix("Total ") })
        #expect(total.contains("+¥0") == false && total.contains("0.0%"))
        #expect(!table.stdout.contains("Top ")) // one item: the list already is the top

        let json = try successfulObject(try box.run("month", "2025", "1", "--format", "json"))
        let previous = try #require(json["previous"] as? [String: Any])
        #expect(previous["year"] as? Int == 2024 && previous["month"] as? Int == 12 && previous["total"] as? Int == 1500)
        let next = try #require(json["next"] as? [String: Any])
        #expect(next["year"] as? Int == 2025 && next["month"] as? Int == 2 && next["total"] as? Int == 300)
        #expect(json["total"] as? Int == 1500) // the published keys are all still there
        #expect((json["top"] as? [[String: Any]])?.map { $0["name"] as? String } == ["正月"])

        let ja = try box.run("month", "2025", "1", "--lang", "ja")
        #expect(ja.stdout.contains("2024年12月  2025年1月  2025年2月"))
        #expect(ja.stdout.contains("前月比"))
    }

    @Test func theMonthTableEndsWithItsThreeLargestItems() throws {
        let box = try Sandbox()
        for (name, price, day) in [("a", 500, 3), ("b", 900, 9), ("c", 500, 1), ("d", 100, 2), ("e", 500, 2)] {
            _ = try box.add(name, price, date: "2024-12-0\(day)")
        }
        _ = try box.add("refund", -2000, date: "2024-12-04")
        let table = try box.run("month", "2024", "12", "--sort", "price")
        let top = try #require(table.lines.firstIndex(of: "Top 3"))
        #expect(table.lines[(top + 1)...].prefix(3).map { $0.split(separator: " ", omittingEmptySubsequences: true)[3] } == ["b", "c", "e"])
        #expect(table.lines.last { !$0.isEmpty }?.contains(" e ") == true) // the table ends with them
        let json = try successfulObject(try box.run("month", "2024", "12", "--format", "json"))
        #expect((json["top"] as? [[String: Any]])?.map { $0["name"] as? String } == ["b", "c", "e"])
        #expect(try box.run("month", "2024", "12", "--lang", "ja").stdout.contains("金額の大きい 3 件"))
    }

    @Test func emptyNeighboursAndTheEdgesOfTheCalendar() throws {
        let box = try Sandbox()
        _ = try box.add("a", 100, date: "2024-06-10")
        let table = try box.run("month", "2024", "6")
        let total = try #require(table.lines.last { $0.hasPrefix("Total ") })
        #expect(total.contains("+¥100"))
        #expect(total.hasSuffix("-")) // no percentage from an empty month
        let first = try successfulObject(try box.run("month", "1", "1", "--format", "json"))
        #expect(first["previous"] is NSNull)
        #expect((first["next"] as? [String: Any])?["month"] as? Int == 2)
        let last = try successfulObject(try box.run("month", "9999", "12", "--format", "json"))
        #expect(last["next"] is NSNull)
        #expect(try box.run("month", "1", "1").status == 0)
        #expect(try box.run("month", "9999", "12").status == 0)
        let far = try box.run(["month", "next"], environment: ["KAKEIBO_NOW": "9999-12-15T00:00:00Z"])
        #expect(far.status == 2 && far.stderr.contains("'next'"))
        // CSV stays one row per item of this month: the neighbours are not read for it.
        #expect(try box.run("month", "2024", "6", "--format", "csv").stdout.components(separatedBy: "\r\n").count == 3)
    }

    @Test func monthsByNameRelativeToToday() throws {
        let box = try Sandbox() // today is 2024-12-15
        for (words, heading) in [
            (["prev"], "November 2024"), (["-1"], "November 2024"), (["-12"], "December 2023"),
            (["next"], "January 2025"), (["this"], "December 2024"), (["2024-03"], "March 2024"),
            (["先月"], "November 2024"),
        ] {
            let run = try box.run(["month"] + words)
            #expect(run.status == 0, "\(words): \(run.stderr)")
            #expect(run.lines.first == heading, "\(words)")
        }
        for bad in [["yesterday"], ["2024"], ["-x"], ["2024-13"], ["-99999"]] {
            let run = try box.run(["month"] + bad)
            #expect(run.status == 2, "\(bad)")
            #expect(run.stdout.isEmpty)
        }
        #expect(try box.run("month", "lastmonth").stderr.contains("YEAR MONTH (2024 12), YYYY-MM (2024-12), this, prev, next or -N"))
    }

    @Test func anUnreadableNeighbourIsReportedAndLeftOut() throws {
        let box = try Sandbox()
        _ = try box.add("a", 100, date: "2024-12-10")
        _ = try box.add("b", 100, date: "2024-11-10")
        let path = box.store.appendingPathComponent("2024-11.json")
        try Data("{broken".utf8).write(to: path)
        let before = try box.snapshot()
        let run = try box.run("month", "2024", "12")
        #expect(run.status == 0)
        #expect(run.stdout.contains("Total ¥100"))
        #expect(run.stderr.contains(path.path))
        #expect(try box.snapshot() == before)
    }
}
