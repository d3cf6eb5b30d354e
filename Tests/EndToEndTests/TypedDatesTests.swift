import Foundation
import Testing

/// Dates and months as people type them, through the commands (issue #20): `add --date`, `month`, `export` take
/// MoneyForward's 2024/12/1, 12月1日, 一昨日, 2024年12月 and 12月, and a date they can't read lists what they can.
@Suite struct TypedDatesTests {
    @Test func addAndMonthTakeWhatPeopleType() throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2025-01-05T09:00:00Z"
        let dates = [
            "2024/12/1": "2024-12-01", "12/2": "2024-12-02", "12月3日": "2024-12-03", "2024年12月4日": "2024-12-04",
            "一昨日": "2025-01-03", "明日": "2025-01-06",
        ]
        for (typed, expected) in dates.sorted(by: { $0.key < $1.key }) {
            let run = box.runInProcess("add", "x", "100", "--date", typed, "--format", "json")
            #expect(run.status == 0, "\(typed): \(run.stderr)")
            #expect((try run.json() as? [String: Any])?["date"] as? String == expected, "\(typed)")
        }
        for month in ["2024年12月", "12月", "2024/12"] {
            let run = box.runInProcess("month", month, "--format", "json")
            #expect(run.status == 0, "\(month): \(run.stderr)")
            #expect((try run.json() as? [String: Any])?["count"] as? Int == 4, "\(month)")
        }
        let bad = box.runInProcess("add", "x", "100", "--date", "next friday")
        #expect(bad.status == 2)
        #expect(["2024/12/1", "12月1日", "一昨日"].allSatisfy { bad.stderr.contains($0) }, "\(bad.stderr)")
    }

    /// `add --date 2/29` in a year near no leap day, `edit --date 2/29`, an era's date outside it, a skipped month
    /// no item can have: refused with the reason (exit 2), the store as it was.
    @Test func aDateThatDoesNotExistIsRefusedNotMadeToday() throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2026-12-06T09:00:00Z"
        let added = box.runInProcess("add", "うるう日", "500", "--date", "2024-02-29", "--format", "json")
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require((try added.json() as? [String: Any])?["id"] as? String)
        #expect(box.runInProcess("fixed", "add", "家賃", "80000", "--day", "27", "--category", "housing").status == 0)
        let before = try box.snapshot()
        let refusals: [([String], String)] = [
            (["add", "x", "100", "--date", "2/29"], "'2/29' is not a date: 2027-02 has 28 days"),
            (["add", "x", "100", "--date", "2月29日"], "2027-02 has 28 days"),
            (["add", "x", "100", "--date", "12/0"], "2026-12 has 31 days"),
            (["edit", id, "--date", "2/29"], "'2/29' is not a date"),
            (["add", "x", "100", "--date", "H31.5.1"], "平成 ran from 1989-01-08 to 2019-04-30"),
            (["add", "x", "100", "--date", "S64.1.8"], "昭和 ran from 1926-12-25 to 1989-01-07"),
            (["fixed", "skip", "家賃", "1899-12"], "1899-12 is outside 1900-01 to 2999-12"),
            (["fixed", "skip", "家賃", "3000-01"], "3000-01 is outside 1900-01 to 2999-12"),
        ]
        for (arguments, message) in refusals {
            let run = box.runInProcess(arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        #expect(try box.snapshot() == before)
    }

    /// Dates as receipts and forms print them (2024.11.2, R6.11.2, 令和6年11月2日) by one rule for `add`, `edit`,
    /// `find`'s bounds and receipts, and every date option's help lists the forms.
    @Test func datesParseAsPeopleWriteThemAndHelpSaysSo() throws {
        let box = try Sandbox()
        let id = try box.add("ケーキ", 1200, date: "2024.11.2")
        for typed in ["R6.11.3", "令和6年11月4日", "Ｒ６．１１．５", "2024/11/6"] {
            let run = box.runInProcess("edit", id, "--date", typed)
            #expect(run.status == 0, "\(typed): \(run.stderr)")
        }
        let found = box.runInProcess("find", "--from", "R6.11.6", "--to", "2024.11.6", "--format", "json")
        #expect((try found.json() as? [String: Any])?["count"] as? Int == 1, "\(found.stdout)\(found.stderr)")
        let overview = box.runInProcess("help").stdout
        #expect(overview.split(separator: "\n").contains { $0.contains("import ") && $0.contains("statement") }, "\(overview)")
        for command in ["add", "edit", "receipt", "fuel", "furusato", "find"] {
            let help = box.runInProcess(command, "--help").stdout
            #expect(help.contains("2024.12.1") && help.contains("R6.12.1"), "\(command): \(help)")
        }
    }
}
