import Foundation
import KakeiboOperations
import KakeiboStore
import KakeiboValues
import Testing

@testable import KakeiboReports

/// A month that starts on a chosen day: its range, and totals read from the calendar-month files against a sum
/// computed independently over a generated two years (a leap February and a common one).
@Suite struct MonthPeriodTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-period-\(UUID().uuidString)").path

    func period(_ text: String, _ day: Int) -> MonthPeriod { MonthPeriod(YearMonth.parseISO(text)!, start: MonthStart(day: day)!) }

    @Test func aStartDayPastAMonthsEndMeansItsLastDay() {
        #expect(period("2024-12", 25).first.iso == "2024-12-25")
        #expect(period("2024-12", 25).last.iso == "2025-01-24")
        #expect(period("2024-01", 31).last.iso == "2024-02-28") // February 2024 starts on its last day, the 29th
        #expect(period("2024-02", 31).first.iso == "2024-02-29")
        #expect(period("2024-02", 31).last.iso == "2024-03-30")
        #expect(period("2023-02", 30).first.iso == "2023-02-28")
        #expect(period("2023-01", 29).last.iso == "2023-02-27")
        #expect(period("2024-12", 1).first.iso == "2024-12-01" && period("2024-12", 1).last.iso == "2024-12-31")
        #expect(period("2024-12", 1).files == [YearMonth(year: 2024, month: 12)!])
        #expect(period("2024-12", 25).files.map(\.iso) == ["2024-12", "2025-01"])
        #expect(MonthPeriod.containing(try! CalendarDate.parseISO("2025-01-24"), start: MonthStart(day: 25)!).month.iso == "2024-12")
        #expect(MonthPeriod.containing(try! CalendarDate.parseISO("2025-01-25"), start: MonthStart(day: 25)!).month.iso == "2025-01")
        #expect(MonthStart(day: 0) == nil && MonthStart(day: 32) == nil)
        #expect(throws: SettingError.monthStart("32")) { try MonthStart.parse("32") }
        #expect(throws: SettingError.monthStart("")) { try MonthStart.parse("") }
    }

    @Test func consecutiveMonthsCoverEveryDayOnce() {
        for day in 1...31 {
            var month = YearMonth(year: 2023, month: 1)!
            for _ in 0..<24 {
                let this = MonthPeriod(month, start: MonthStart(day: day)!)
                let next = this.next!
                #expect(this.last.adding(days: 1) == next.first, "start \(day), \(month)")
                #expect(this.first <= this.last)
                month = month.next!
            }
        }
    }

    /// The days of month (y, m), counted without the library.
    static func daysIn(_ year: Int, _ month: Int) -> Int {
        if month == 2 { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28 }
        return [4, 6, 9, 11].contains(month) ? 30 : 31
    }

    @Test func totalsEqualTheItemsDatedInTheRange() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = LedgerStore(root: root)
        // One or two items a day from 2022-12-01 to 2025-01-31, prices that differ day to day.
        var generated: [(date: (Int, Int, Int), price: Int)] = []
        var wires: [WireItem] = []
        for year in 2022...2025 {
            for month in 1...12 where (year, month) >= (2022, 12) && (year, month) <= (2025, 1) {
                for day in 1...Self.daysIn(year, month) {
                    let count = (day * 7 + month) % 3 == 0 ? 2 : 1
                    for n in 0..<count {
                        let price = (year * 37 + month * 101 + day * 13 + n * 7) % 5000 + 1
                        generated.append(((year, month, day), price))
                        let date = CalendarDate(year: year, month: month, day: day)!
                        wires.append(
                            WireItem(id: "g-\(date.iso)-\(n)", date: date, name: "品", price: Yen(price), category: CategoryCode(n % 2)))
                    }
                }
            }
        }
        try Household(store: store, now: Timestamp(milliseconds: 0)).add(wires)
        let taxonomy = Taxonomy.standard
        for start in [1, 10, 25, 28, 29, 30, 31] {
            for year in 2023...2024 {
                for month in 1...12 {
                    // Independently: the month runs from min(start, its length) to the day before the next month's.
                    let next = month == 12 ? (year + 1, 1) : (year, month + 1)
                    let first = (year, month, min(start, Self.daysIn(year, month)))
                    let end = (next.0, next.1, min(start, Self.daysIn(next.0, next.1)))
                    let expected = generated.filter { $0.date >= first && $0.date < end }
                    let range = MonthPeriod(YearMonth(year: year, month: month)!, start: MonthStart(day: start)!)
                    var items: [Item] = []
                    for file in range.files { items += try store.items(in: file) }
                    let report = MonthReport(
                        month: range.month, items: items, filter: nil, order: ItemOrder(), taxonomy: taxonomy, period: range)
                    #expect(report.total.amount == expected.reduce(0) { $0 + $1.price }, "start \(start), \(year)-\(month)")
                    #expect(report.count == expected.count, "start \(start), \(year)-\(month)")
                    #expect(report.breakdown.reduce(0) { $0 + $1.total.amount } == report.total.amount)
                    // Year and trend read the same sums through the store.
                    let summary = try #require(try store.summaries(of: [range.month], start: range.start)[range.month])
                    #expect(summary.sum(matching: nil).total == report.total, "start \(start), \(year)-\(month)")
                }
            }
        }
    }
}
