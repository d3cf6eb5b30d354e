import KakeiboReports
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

/// A month among its neighbours and its largest items.
@Suite struct NeighbourReportTests {
    let january = YearMonth(year: 2025, month: 1)!
    func report(_ month: YearMonth, _ items: [Item], filter: CategoryFilter? = nil, neighbours: Neighbours? = nil) -> MonthReport {
        MonthReport(month: month, items: items, filter: filter, order: ItemOrder(), taxonomy: .standard, neighbours: neighbours)
    }

    @Test func monthsStepAcrossYearsAndStopAtTheEdges() {
        #expect(january.previous == december)
        #expect(december.next == january)
        #expect(january.adding(months: -13) == YearMonth(year: 2023, month: 12))
        #expect(january.adding(months: 0) == january)
        #expect(YearMonth(year: 1, month: 1)!.previous == nil)
        #expect(YearMonth(year: 1, month: 1)!.adding(months: -1) == nil)
        #expect(YearMonth(year: 9999, month: 12)!.next == nil)
        #expect(YearMonth(year: 9999, month: 12)!.adding(months: Int.max) == nil)
        #expect(YearMonth(ordinal: YearMonth(year: 2024, month: 7)!.ordinal) == YearMonth(year: 2024, month: 7))
    }

    @Test func januaryIsComparedWithLastDecember() {
        let items = [item("a", 1000, "2025-01-03", 0, 1), item("b", 500, "2025-01-04", 1, 1)]
        let last = [item("c", 800, "2024-12-30", 0, 0), item("d", 300, "2024-12-31", 1)]
        let january = report(
            self.january, items,
            neighbours: Neighbours(
                previous: MonthTotals(month: december, items: last, filter: nil, taxonomy: .standard),
                next: MonthTotals(month: YearMonth(year: 2025, month: 2)!, items: [], filter: nil, taxonomy: .standard)))
        let rows = january.neighbourRows(taxonomy: .standard)
        #expect(rows.map(\.code) == [CategoryCode(0), CategoryCode(1), nil])
        #expect(rows.map(\.previous) == [Yen(800), Yen(300), Yen(1100)])
        #expect(rows.map(\.current) == [Yen(1000), Yen(500), Yen(1500)])
        #expect(rows.map(\.next) == [Yen(0), Yen(0), Yen(0)])
        #expect(rows.map(\.change) == [Yen(200), Yen(200), Yen(400)])
        #expect(abs((rows[2].ratio ?? 0) - 400.0 / 1100.0) < 1e-12)
        let text = TableRenderer.month(january, taxonomy: .standard, style: TextStyle(language: .en))
        #expect(text.contains("Dec 2024  Jan 2025  Feb 2025"))
        #expect(text.contains("+36.4%"))
    }

    @Test func emptyNeighboursShowNoPercentageAndAllEmptyShowsNothing() {
        let month = report(
            december, [item("a", 100, "2024-12-01")],
            neighbours: Neighbours(
                previous: MonthTotals(month: YearMonth(year: 2024, month: 11)!, items: [], filter: nil, taxonomy: .standard), next: nil))
        let rows = month.neighbourRows(taxonomy: .standard)
        #expect(rows.last?.previous == .zero)
        #expect(rows.last?.change == Yen(100))
        #expect(rows.last?.ratio == nil)
        #expect(rows.last?.next == nil)
        let empty = report(december, [], neighbours: Neighbours(previous: nil, next: nil))
        #expect(empty.neighbourRows(taxonomy: .standard).isEmpty)
        #expect(TableRenderer.month(empty, taxonomy: .standard, style: TextStyle(language: .en)) == "December 2024\nNo data\n")
        #expect(report(december, [item("a", 100, "2024-12-01")]).neighbourRows(taxonomy: .standard).isEmpty)
    }

    @Test func anEmptyMonthStillShowsItsNeighbours() {
        let empty = report(
            december, [],
            neighbours: Neighbours(
                previous: MonthTotals(
                    month: YearMonth(year: 2024, month: 11)!, items: [item("a", 700, "2024-11-02")], filter: nil, taxonomy: .standard),
                next: nil))
        let text = TableRenderer.month(empty, taxonomy: .standard, style: TextStyle(language: .ja))
        #expect(text.hasPrefix("2024年12月\nデータなし\n"))
        #expect(text.contains("-700円"))
        #expect(text.contains("-100.0%"))
    }

    @Test func aFilteredMonthComparesSubcategoriesWithNoneLast() {
        let items = [item("a", 100, "2024-12-01", 0, nil), item("b", 200, "2024-12-02", 0, 1), item("c", 999, "2024-12-03", 1, 1)]
        let month = report(
            december, items, filter: CategoryFilter(category: 0),
            neighbours: Neighbours(
                previous: MonthTotals(
                    month: YearMonth(year: 2024, month: 11)!, items: [item("d", 50, "2024-11-02", 0, 2)], filter: CategoryFilter(category: 0),
                    taxonomy: .standard),
                next: nil))
        let rows = month.neighbourRows(taxonomy: .standard)
        #expect(rows.map(\.code) == [CategoryCode(0, 1), CategoryCode(0, 2), CategoryCode(0, nil), nil])
        #expect(rows.last?.current == Yen(300))
    }

    @Test func topThreeIsDeterministicOnTies() {
        let items = [
            item("b", 500, "2024-12-05", id: "2"), item("a", 500, "2024-12-05", id: "9"), item("z", 500, "2024-12-01", id: "5"),
            item("a", 500, "2024-12-05", id: "1"), item("big", 900, "2024-12-20"), item("refund", -5000, "2024-12-02"),
        ]
        let top = report(december, items).largestItems()
        // Price first, then the earlier date, then name, then id.
        #expect(top.map { "\($0.name)/\($0.id)" } == ["big/id-big-2024-12-20", "z/5", "a/1"])
        #expect(report(december, items.reversed()).largestItems() == top)
        #expect(report(december, [item("refund", -5, "2024-12-02")]).largestItems().isEmpty)
    }
}
