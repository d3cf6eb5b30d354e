import KakeiboReports
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

/// The items most recently added, and when they were added on the user's clock.
@Suite struct RecentReportTests {
    @Test func recentIsNewestAddedFirstWithTiesById() {
        func added(_ id: String, _ ms: Int64, date: String) -> Item {
            var value = item(id, 100, date, id: id)
            value.added = Timestamp(milliseconds: ms)
            return value
        }
        // Purchase dates disagree with when they were added: the old receipt typed in last is first.
        let items = [
            added("c", 3_000, date: "2024-12-30"), added("b", 5_000, date: "2023-01-01"), added("a", 5_000, date: "2024-06-01"),
            added("d", 1_000, date: "2024-12-31"),
        ]
        let report = RecentReport(items: items, limit: 3) { LocalDateTime($0, offsetSeconds: 9 * 3600) }
        #expect(report.entries.map(\.item.id) == ["a", "b", "c"])
        #expect(report.entries[0].added.description == "1970-01-01 09:00")
        #expect(RecentReport(items: items, limit: 10) { LocalDateTime($0, offsetSeconds: 0) }.entries.count == 4)
        let text = TableRenderer.recent(report, taxonomy: .standard, style: TextStyle(language: .en))
        #expect(text.hasPrefix("Last 3 added\n"))
        let csv = CSVRenderer.recent(report, taxonomy: .standard)
        #expect(csv.hasPrefix("id,date,name,price,category,subcategory,added\r\na,2024-06-01,a,100,food,,1970-01-01T00:00:05.000Z\r\n"))
    }

    @Test func localTimeCrossesMidnightBothWays() {
        let stamp = Timestamp.parse("2024-12-31T20:30:00Z")!
        #expect(LocalDateTime(stamp, offsetSeconds: 9 * 3600).description == "2025-01-01 05:30")
        #expect(LocalDateTime(Timestamp.parse("2025-01-01T02:00:00Z")!, offsetSeconds: -5 * 3600).description == "2024-12-31 21:00")
    }
}
