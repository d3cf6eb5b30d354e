import KakeiboReports
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

/// Monthly totals over time, their average and extremes.
@Suite struct TrendReportTests {
    let january = YearMonth(year: 2025, month: 1)!
    @Test func trendCountsEmptyMonthsAsZeroAndFindsTheExtremes() throws {
        let months = try #require(TrendReport.months(ending: YearMonth(year: 2025, month: 2)!, length: 4))
        #expect(months.map(\.iso) == ["2024-11", "2024-12", "2025-01", "2025-02"])
        let items: [YearMonth: [Item]] = [
            december: [item("a", 300, "2024-12-01"), item("b", 100, "2024-12-02", 1)],
            january: [item("c", 301, "2025-01-09")],
        ]
        let trend = TrendReport(months: months, items: items, filter: nil)
        #expect(trend.points.map(\.total) == [Yen(0), Yen(400), Yen(301), Yen(0)])
        #expect(trend.total == Yen(701))
        #expect(trend.average == Yen(175)) // 175.25
        #expect(trend.highest.month == december)
        #expect(trend.lowest.month == months[0]) // the earliest of the empty months
        let food = TrendReport(months: months, items: items, filter: CategoryFilter(category: 0))
        #expect(food.points.map(\.total) == [Yen(0), Yen(300), Yen(301), Yen(0)])
        #expect(TrendReport.months(ending: YearMonth(year: 1, month: 3)!, length: 4) == nil)
        #expect(TrendReport.months(ending: december, length: 0) == nil)
        #expect(CSVRenderer.trend(trend) == "month,total,count\r\n2024-11,0,0\r\n2024-12,400,2\r\n2025-01,301,1\r\n2025-02,0,0\r\n")
    }

    @Test func averagesRoundHalfAwayFromZero() {
        #expect(divideRoundingHalfAway(5, 2) == 3)
        #expect(divideRoundingHalfAway(-5, 2) == -3)
        #expect(divideRoundingHalfAway(7, 3) == 2)
        #expect(divideRoundingHalfAway(-7, 3) == -2)
        #expect(divideRoundingHalfAway(0, 9) == 0)
    }
}

/// The sparkline and the text line chart.
@Suite struct ChartTests {
    @Test func sparklineScalesFromLowestToHighest() {
        #expect(sparkline([0, 7, 14]) == "▁▅█")
        #expect(sparkline([5, 5, 5]) == "▁▁▁")
        #expect(sparkline([-100, 0, 100]) == "▁▅█")
        #expect(sparkline([]) == "")
    }

    func chart(_ values: [Int], width: Int) -> String {
        LineChart(values: values, valueLabel: { "¥\($0)" }, pointLabel: { "m\($0 + 1)" }, groupLabel: { $0 == 0 ? "2024" : nil })
            .render(width: width, style: TextStyle(language: .en))
    }

    @Test func theLineChartFitsTheWidthAndDrawsEveryPoint() {
        let values = [100, 300, 200, 200, 0, 400]
        let text = chart(values, width: 40)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { displayWidth($0) <= 40 })
        #expect(lines.count == 8 + 3) // eight rows, the axis, the month labels, the year
        #expect(lines[0].hasPrefix("¥400 ┤"))
        #expect(lines[7].hasPrefix("  ¥0 ┤"))
        #expect(lines[9].contains("m1") && lines[10].contains("2024"))
        // Five turns between six points, drawn as corners.
        #expect(text.filter { "╭╮╰╯".contains($0) }.count == 8)
    }

    @Test func moreMonthsThanColumnsAreAveragedAndSaidSo() {
        let text = chart(Array(0..<500), width: 40)
        #expect(text.split(separator: "\n").allSatisfy { displayWidth(String($0)) <= 40 })
        #expect(text.contains("(a column: 15 months' average)")) // 500 points over 34 columns
        #expect(!chart([1, 2], width: 40).contains("average"))
    }

    @Test func aFlatLineStaysOnOneRow() {
        let lines = chart([0, 0, 0], width: 30).split(separator: "\n")
        #expect(lines.filter { $0.contains("─") && $0.contains("┤") }.count == 1)
    }
}
