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
            let run = try box.run("add", "x", "100", "--date", typed, "--format", "json")
            #expect(run.status == 0, "\(typed): \(run.stderr)")
            #expect((try run.json() as? [String: Any])?["date"] as? String == expected, "\(typed)")
        }
        for month in ["2024年12月", "12月", "2024/12"] {
            let run = try box.run("month", month, "--format", "json")
            #expect(run.status == 0, "\(month): \(run.stderr)")
            #expect((try run.json() as? [String: Any])?["count"] as? Int == 4, "\(month)")
        }
        let bad = try box.run("add", "x", "100", "--date", "next friday")
        #expect(bad.status == 2)
        #expect(["2024/12/1", "12月1日", "一昨日"].allSatisfy { bad.stderr.contains($0) }, "\(bad.stderr)")
    }
}
