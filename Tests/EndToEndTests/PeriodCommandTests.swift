import Foundation
import Testing

/// Every command that takes a month or a year reads the same grammar: what `month` accepts, `export` accepts.
@Suite struct PeriodCommandTests {
    func sandbox() throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2025-01-15T09:00:00Z"
        _ = try box.add("りんご", 300, date: "2024-12-01")
        _ = try box.add("みかん", 200, date: "2024-11-01")
        return box
    }

    @Test func exportTakesTheMonthFormsAndAYear() throws {
        let box = try sandbox()
        let december = box.runInProcess("export", "2024", "12")
        #expect(december.status == 0)
        #expect(december.stdout.contains("りんご") && !december.stdout.contains("みかん"))
        for words in [["2024-12"], ["prev"], ["先月"], ["-1"]] {
            #expect(box.runInProcess(["export"] + words).stdout == december.stdout, "\(words)")
        }
        let year = box.runInProcess("export", "2024")
        #expect(year.stdout.contains("りんご") && year.stdout.contains("みかん"))
        #expect(box.runInProcess("export", "去年").stdout == year.stdout)
    }

    @Test func yearAndTrendTakeTheirForms() throws {
        let box = try sandbox()
        let year = box.runInProcess("year", "2024", "--format", "json")
        #expect(year.status == 0)
        for word in ["去年", "prev", "-1"] { #expect(box.runInProcess("year", word, "--format", "json").stdout == year.stdout, "\(word)") }
        let trend = box.runInProcess("trend", "--end", "2024-12", "--months", "2", "--format", "csv")
        #expect(box.runInProcess("trend", "--end", "先月", "--months", "2", "--format", "csv").stdout == trend.stdout)
    }

    @Test(arguments: [
        (["month", "someday"], "a month is"), (["month", "--lang", "ja", "someday"], "月は"),
        (["export", "2024-13"], "month must be 1–12"), (["export", "2024", "12", "1"], "unexpected argument"),
        (["year", "先月"], "a year is"), (["year", "--lang", "ja", "2024-12"], "年は"),
        (["trend", "--end", "2024"], "a month is"), (["export", "someday"], "a period is"),
    ])
    func badPeriodsAreOneLineAndExitTwo(_ arguments: [String], _ mention: String) throws {
        let box = try sandbox()
        let run = box.runInProcess(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("kakeibo: ") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(mention), "\(run.stderr)")
    }
}
