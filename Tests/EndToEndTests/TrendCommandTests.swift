import Foundation
import Testing

/// `kakeibo trend`: the real binary on a temporary store.
@Suite struct TrendCommandTests {
    @Test func trendShowsEveryMonthEvenEmptyOnes() throws {
        let box = try Sandbox()
        _ = try box.add("a", 1000, date: "2024-10-05")
        _ = try box.add("b", 3000, date: "2024-12-05", category: "entertainment")
        _ = try box.add("c", 500, date: "2024-12-06")
        let json = try successfulObject(try box.run("trend", "--months", "4", "--end", "2025-01", "--format", "json"))
        let months = try #require(json["months"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? Int } == [10, 11, 12, 1])
        #expect(months.map { $0["total"] as? Int } == [1000, 0, 3500, 0])
        #expect(json["start"] as? String == "2024-10" && json["end"] as? String == "2025-01")
        #expect(json["average"] as? Int == 1125)
        #expect((json["highest"] as? [String: Any])?["month"] as? Int == 12)
        #expect((json["lowest"] as? [String: Any])?["month"] as? Int == 11)
        let food = try successfulObject(try box.run("trend", "--months", "3", "--category", "food", "--format", "json")) // ends this month
        #expect((food["months"] as? [[String: Any]])?.map { $0["total"] as? Int } == [1000, 0, 500])
        let table = try box.run(["trend", "--months", "24"], environment: ["COLUMNS": "60"])
        #expect(table.status == 0)
        #expect(table.lines.allSatisfy { $0.count <= 60 })
        #expect(table.lines.contains { $0.contains("Nov 2024") && $0.contains("¥0") })
        #expect(table.stdout.contains("highest") && table.lines.contains { $0.hasPrefix("Average") && $0.contains(" ¥188  a month") })
        #expect(table.lines[1].unicodeScalars.allSatisfy { (0x2581...0x2588).contains($0.value) } && table.lines[1].count == 24)
        #expect(!table.stdout.contains("\u{1B}["))
        let csv = try box.run("trend", "--months", "2", "--format", "csv")
        #expect(csv.stdout == "month,total,count\r\n2024-11,0,0\r\n2024-12,3500,2\r\n")
        for (arguments, mention) in [
            (["--months", "0"], "'0'"), (["--months", "1201"], "1,200"), (["--end", "soon"], "YYYY-MM"),
            (["--end", "0001-02", "--months", "3"], "before year 1"), (["--format", "pdf"], "table, json, csv, svg"),
        ] {
            let run = try box.run(["trend"] + arguments)
            #expect(run.status == 2 && run.stderr.contains(mention), "\(arguments): \(run.stderr)")
        }
    }
}

@Suite struct TrendSVGCommandTests {
    @Test func trendDrawsAnSVGLineChartToStdoutOrAFile() throws {
        let box = try Sandbox()
        _ = try box.add("a", 1000, date: "2024-11-03")
        _ = try box.add("b", 2500, date: "2024-12-03")
        let svg = try box.run("trend", "--months", "3", "--end", "2024-12", "--format", "svg")
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.hasPrefix("<?xml"))
        #expect(svg.stdout.contains("data-month=\"2024-12\" data-total=\"2500\""))
        #expect(svg.stdout.contains("data-month=\"2024-10\" data-total=\"0\""))
        let path = box.root.appendingPathComponent("trend.svg").path
        let written = try box.run("trend", "--months", "3", "--end", "2024-12", "--format", "svg", "--output", path)
        #expect(written.status == 0)
        #expect(written.stdout.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == svg.stdout)
    }
}
