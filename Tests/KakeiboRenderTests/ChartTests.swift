import KakeiboReports
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

/// A taxonomy with long names in both languages, to push the charts against the terminal's width.
let longNames = Taxonomy(categories: [
    Taxonomy.Category(
        key: "food", code: 0, name: LocalizedText(en: "Food and everyday groceries", ja: "食費と日々の買い物"),
        subcategories: [
            Taxonomy.Subcategory(key: "grocery", code: 0, name: LocalizedText(en: "Grocery", ja: "食品")),
            Taxonomy.Subcategory(key: "drink", code: 1, name: LocalizedText(en: "Coffee, tea and other drinks", ja: "コーヒー・お茶・その他の飲み物")),
        ]),
    Taxonomy.Category(key: "fun", code: 1, name: LocalizedText(en: "Entertainment", ja: "娯楽費"), subcategories: []),
    Taxonomy.Category(key: "home", code: 2, name: LocalizedText(en: "Home", ja: "住居"), subcategories: []),
])

/// A year of items: food every month, fun in most, home in a few, a refund in March.
let chartYear: [YearMonth: [Item]] = {
    var months: [YearMonth: [Item]] = [:]
    for month in 1...12 {
        let key = YearMonth(year: 2024, month: month)!
        let day = "2024-\(pad2(month))-10"
        var items = [item("米", 20_000 + month * 1_000, day, 0, 0, id: "a\(month)"), item("茶", 3_000, day, 0, 1, id: "b\(month)")]
        if month % 4 != 0 { items.append(item("映画", 1_800 * month, day, 1, id: "c\(month)")) }
        if month % 3 == 0 { items.append(item("電球", 45_000, day, 2, id: "d\(month)")) }
        if month == 3 { items.append(item("返品", -60_000, day, 1, id: "r")) }
        months[key] = items
    }
    return months
}()

func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

func stripColour(_ text: String) -> String {
    var out = ""
    var escaping = false
    for scalar in text.unicodeScalars {
        if scalar == "\u{1B}" {
            escaping = true
            continue
        }
        if escaping {
            if scalar == "m" { escaping = false }
            continue
        }
        out.unicodeScalars.append(scalar)
    }
    return out
}

/// The display column where a line's first fill character is, or nil.
func barStart(_ line: String) -> Int? {
    var column = 0
    for character in line {
        if ChartPalette.fills.contains(character) { return column }
        column += displayWidth(character)
    }
    return nil
}

@Suite struct TextChartTests {
    let widths = [20, 30, 40, 60, 80, 120, 200]

    func monthReport(_ taxonomy: Taxonomy = longNames, filter: CategoryFilter? = nil) -> MonthReport {
        MonthReport(
            month: YearMonth(year: 2024, month: 3)!, items: chartYear[YearMonth(year: 2024, month: 3)!]!, filter: filter, order: ItemOrder(),
            taxonomy: taxonomy)
    }

    @Test func everyLineFitsTheTerminalInBothLanguages() {
        let year = YearReport(year: 2024, items: chartYear, filter: nil, taxonomy: longNames)
        let byDrink = YearReport(year: 2024, items: chartYear, filter: CategoryFilter(category: 0), taxonomy: longNames)
        let budgets = [
            BudgetStatus(target: .total, budget: 50_000, spent: 40_000),
            BudgetStatus(target: .category(CategoryCode(0, 1)), budget: 2_000, spent: 3_000),
        ]
        for language in Language.allCases {
            for width in widths {
                let style = TextStyle(language: language, width: width)
                let month = monthReport()
                let parts = [
                    TableRenderer.year(year, taxonomy: longNames, style: style),
                    TableRenderer.year(byDrink, taxonomy: longNames, style: style),
                    TableRenderer.overview("March 2024", nil, month.total, month.count, month.breakdown, month.grouping, longNames, style) ?? "",
                    TableRenderer.budgetsTable(budgets, taxonomy: longNames, style: style),
                ]
                for line in parts.flatMap(lines) {
                    #expect(displayWidth(line) <= width, "\(language) at \(width): '\(line)' is \(displayWidth(line)) wide")
                }
            }
        }
    }

    @Test func columnsLineUpWithDoubleWidthNames() {
        for language in Language.allCases {
            for width in [40, 80, 120] {
                let style = TextStyle(language: language, width: width)
                let report = monthReport()
                let rows = lines(TableRenderer.breakdownTable(report.breakdown, grouping: .category, taxonomy: longNames, style: style))
                    .dropFirst().filter { !$0.isEmpty }
                #expect(rows.count == report.breakdown.count)
                // The share column ends at one display column on every row, and every bar starts at one column.
                let shareEnds = zip(rows, report.breakdown).map { line, row -> Int in
                    let share = Labels.percent(row.share)
                    return displayWidth(line.components(separatedBy: share)[0]) + displayWidth(share)
                }
                #expect(Set(shareEnds).count == 1, "\(language) \(width): \(rows)")
                #expect(Set(rows.compactMap(barStart)).count == 1, "\(language) \(width): \(rows)")

                let year = lines(
                    TableRenderer.monthsTable(
                        YearReport(year: 2024, items: chartYear, filter: nil, taxonomy: longNames), taxonomy: longNames, style: style))
                let months = year.dropFirst().prefix(12)
                #expect(Set(months.compactMap(barStart)).count == 1, "\(language) \(width): \(year)")
                let totalEnds = months.map { line -> Int in
                    let firstBar = line.firstIndex { ChartPalette.fills.contains($0) } ?? line.endIndex
                    var head = String(line[..<firstBar])
                    while head.hasSuffix(" ") { head.removeLast() }
                    return displayWidth(head)
                }
                #expect(Set(totalEnds).count == 1, "\(language) \(width): \(year)")
            }
        }
    }

    @Test func eachBarIsAsLongAsItsShare() {
        let report = monthReport(.standard)
        let style = TextStyle(language: .en, width: 80)
        let rows = lines(TableRenderer.breakdownTable(report.breakdown, grouping: .category, taxonomy: .standard, style: style)).dropFirst().filter {
            !$0.isEmpty
        }
        let start = barStart(rows[0]) ?? 0
        let barWidth = 80 - start
        for (line, row) in zip(rows, report.breakdown) {
            let cells = line.filter { ChartPalette.fills.contains($0) }.count
            if row.share > 0 {
                #expect(abs(Double(cells) - row.share * Double(barWidth)) <= 1, "\(line)")
            } else {
                #expect(cells == 0, "a refund draws no bar: \(line)")
            }
        }
    }

    @Test func refundsShowTheirAmountAndNoBar() {
        // March: entertainment is 5,400 of films less a 60,000 refund.
        let report = monthReport(.standard)
        let fun = report.breakdown.first { $0.category == 1 }
        #expect(fun?.total == Yen(5_400 - 60_000))
        let text = TableRenderer.breakdownTable(report.breakdown, grouping: .category, taxonomy: .standard, style: TextStyle(language: .en))
        let line = lines(text).first { $0.hasPrefix("Entertainment") } ?? ""
        #expect(line.contains("-¥54,600"))
        #expect(barStart(line) == nil)
    }

    @Test func slicesHaveDistinctFillsAndALegendWithoutColour() {
        let report = YearReport(year: 2024, items: chartYear, filter: CategoryFilter(category: 0), taxonomy: longNames)
        let text = TableRenderer.monthsTable(report, taxonomy: longNames, style: TextStyle(language: .en, width: 100))
        #expect(!text.contains("\u{1B}"))
        let fills = ChartPalette.looks(report.breakdown, report.grouping).map(\.fill)
        #expect(Set(fills).count == report.breakdown.count)
        // Each month's bar is its slices' fills in order, a run each.
        for line in lines(text).dropFirst().prefix(12) {
            var runs: [Character] = []
            for character in line where fills.contains(character) && runs.last != character { runs.append(character) }
            #expect(runs == fills, "\(line)")
        }
        // The legend names every slice after its fill.
        for (fill, row) in zip(fills, report.breakdown) {
            let name = Labels.rowLabel(row, report.grouping, longNames, .en)
            #expect(text.contains("\(fill) \(name)"), "\(fill) \(name)")
        }
    }

    @Test func stackedBarsAddUpToEachMonthScaledToTheLargest() {
        let report = YearReport(year: 2024, items: chartYear, filter: nil, taxonomy: .standard)
        let width = 120
        let text = TableRenderer.monthsTable(report, taxonomy: .standard, style: TextStyle(language: .en, width: width))
        let months = lines(text).dropFirst().prefix(12)
        let positive = report.stacks.map { $0.reduce(0, +) }
        let largest = positive.max() ?? 1
        let barWidth = width - (barStart(months.first ?? "") ?? 0)
        for (line, amount) in zip(months, positive) {
            let cells = line.filter { ChartPalette.fills.contains($0) }.count
            #expect(cells == Int((Double(amount) / Double(largest) * Double(barWidth)).rounded()), "\(line)")
        }
        #expect(months.contains { $0.filter { ChartPalette.fills.contains($0) }.count == barWidth })
    }

    @Test func colourOnlyAddsEscapesAndFollowsTheCategoryCode() {
        let report = YearReport(year: 2024, items: chartYear, filter: nil, taxonomy: .standard)
        let plain = TableRenderer.year(report, taxonomy: .standard, style: TextStyle(language: .ja, colour: false, width: 90))
        let coloured = TableRenderer.year(report, taxonomy: .standard, style: TextStyle(language: .ja, colour: true, width: 90))
        #expect(coloured.contains("\u{1B}["))
        #expect(stripColour(coloured) == plain)
        // A month with only entertainment still paints it entertainment's colour (blue), not the first slice's.
        let onlyFun = MonthReport(month: december, items: [item("映画", 1_800, "2024-12-01", 1)], filter: nil, order: ItemOrder(), taxonomy: .standard)
        let chart = TableRenderer.breakdownTable(
            onlyFun.breakdown, grouping: .category, taxonomy: .standard, style: TextStyle(language: .en, colour: true))
        #expect(chart.contains("\u{1B}[34m█"))
        // Items without a subcategory are grey.
        let none = MonthReport(
            month: december, items: [item("弁当", 500, "2024-12-01", 0)], filter: CategoryFilter(category: 0), order: ItemOrder(), taxonomy: .standard)
        let noneChart = TableRenderer.breakdownTable(
            none.breakdown, grouping: none.grouping, taxonomy: .standard, style: TextStyle(language: .en, colour: true))
        #expect(noneChart.contains("\u{1B}[90m█"))
    }

    @Test func longNamesAreShortenedByDisplayWidthOnNarrowTerminals() {
        let report = monthReport()
        let text = TableRenderer.breakdownTable(
            report.breakdown, grouping: .category, taxonomy: longNames, style: TextStyle(language: .ja, width: 30))
        #expect(text.contains("…"))
        #expect(!text.contains("食費と日々の買い物"))
        for line in lines(text) { #expect(displayWidth(line) <= 30, "\(line)") }
        #expect(lines(text).dropFirst().filter { !$0.isEmpty }.allSatisfy { barStart($0) != nil || $0.contains("-") })
    }

    @Test func theSummaryWrapsRatherThanOverflow() {
        #expect(TableRenderer.summary(Yen(1_265_096), 1_500, TextStyle(language: .en, width: 80)) == "Total ¥1,265,096 · 1,500 items")
        #expect(TableRenderer.summary(Yen(1_265_096), 1_500, TextStyle(language: .en, width: 20)) == "Total ¥1,265,096\n1,500 items")
    }
}
