import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboReports

@Suite struct MonthReportTests {
    let items = [
        item("コーヒー", 178, "2024-12-03", 0, 1),
        item("牛乳", 198, "2024-12-31", 0, 0),
        item("電車", 220, "2024-12-15", 1, 1),
        item("弁当", 500, "2024-12-15", 0, nil),
        item("チョコ", 120, "2024-12-03", 0, 2),
    ]

    @Test func totalsAndBreaksDownByCategoryInTaxonomyOrder() {
        let report = MonthReport(month: december, items: items, filter: nil, order: ItemOrder(), taxonomy: .standard)
        #expect(report.total == Yen(1216))
        #expect(report.count == 5)
        #expect(report.breakdown.map(\.category) == [0, 1])
        #expect(report.breakdown.map(\.total) == [Yen(996), Yen(220)])
        #expect(report.breakdown.map(\.count) == [4, 1])
        #expect(abs(report.breakdown[0].share - 996.0 / 1216.0) < 1e-9)
        #expect(report.breakdown.allSatisfy { $0.subcategory == nil })
    }

    @Test func anItemOnTheLastDayOfTheMonthCounts() {
        // The app's filter ended at midnight of the last day and lost that day's items.
        let report = MonthReport(month: december, items: items, filter: nil, order: ItemOrder(), taxonomy: .standard)
        #expect(report.items.contains { $0.name == "牛乳" })
    }

    @Test func anItemOfAnotherMonthIsNotCounted() {
        let stray = item("去年", 1000, "2023-12-31")
        let report = MonthReport(month: december, items: items + [stray], filter: nil, order: ItemOrder(), taxonomy: .standard)
        #expect(report.total == Yen(1216))
    }

    @Test func aCategoryFilterKeepsOnlyThatCategoryAndSplitsBySubcategoryWithNoneLast() {
        let report = MonthReport(month: december, items: items, filter: CategoryFilter(category: 0), order: ItemOrder(), taxonomy: .standard)
        #expect(report.items.allSatisfy { $0.category.category == 0 })
        #expect(report.total == Yen(996))
        #expect(report.grouping == .subcategory(of: 0))
        #expect(report.breakdown.map(\.subcategory) == [0, 1, 2, nil])
        #expect(abs(report.breakdown.map(\.share).reduce(0, +) - 1) < 1e-9)
    }

    @Test func aSubcategoryFilterKeepsOnlyThatSubcategory() {
        let drinks = MonthReport(month: december, items: items, filter: CategoryFilter(CategoryCode(0, 1)), order: ItemOrder(), taxonomy: .standard)
        #expect(drinks.items.map(\.name) == ["コーヒー"])
        let none = MonthReport(
            month: december, items: items, filter: CategoryFilter(category: 0, subcategory: .some(nil)), order: ItemOrder(), taxonomy: .standard)
        #expect(none.items.map(\.name) == ["弁当"])
    }

    @Test func sortsByDateOrPriceWithDeterministicTies() {
        let byDate = MonthReport(month: december, items: items, filter: nil, order: ItemOrder(key: .date), taxonomy: .standard)
        // Same day: by name, then id.
        #expect(byDate.items.map(\.name) == ["コーヒー", "チョコ", "弁当", "電車", "牛乳"])
        let newest = ItemOrder(key: .date, descending: true).sorted(items)
        #expect(newest.map(\.name) == ["牛乳", "弁当", "電車", "コーヒー", "チョコ"])
        let cheapest = ItemOrder(key: .price).sorted(items)
        #expect(cheapest.map(\.price.amount) == [120, 178, 198, 220, 500])
        let dearest = ItemOrder(key: .price, descending: true).sorted(items)
        #expect(dearest.map(\.price.amount) == [500, 220, 198, 178, 120])
    }

    @Test func equalPricesAreOrderedByDateThenNameThenId() {
        let same = [
            item("b", 100, "2024-12-02", id: "2"), item("a", 100, "2024-12-02", id: "3"),
            item("a", 100, "2024-12-02", id: "1"), item("z", 100, "2024-12-01", id: "9"),
        ]
        let sorted = ItemOrder(key: .price, descending: true).sorted(same)
        #expect(sorted.map(\.id) == ["9", "1", "3", "2"])
        #expect(ItemOrder(key: .price).sorted(same.reversed()).map(\.id) == ["9", "1", "3", "2"])
    }

    @Test func sortingLeavesTheCallersArrayAlone() {
        let original = items
        _ = ItemOrder(key: .price, descending: true).sorted(original)
        #expect(original == items)
    }

    @Test func refundsCountNegativelyAndGetNoSlice() {
        let withRefund = items + [item("返品", -300, "2024-12-20", 1, 2)]
        let report = MonthReport(month: december, items: withRefund, filter: nil, order: ItemOrder(), taxonomy: .standard)
        #expect(report.total == Yen(916))
        #expect(report.breakdown[1].total == Yen(-80))
        #expect(report.breakdown[1].share == 0)
        #expect(report.breakdown[0].share == 1)
    }

    @Test func unknownCategoryCodesAreKeptAndComeLast() {
        let report = MonthReport(
            month: december, items: items + [item("謎", 50, "2024-12-01", 7)], filter: nil, order: ItemOrder(), taxonomy: .standard)
        #expect(report.breakdown.map(\.category) == [0, 1, 7])
        #expect(report.total == Yen(1266))
    }

    @Test func anEmptyMonthHasNothing() {
        let report = MonthReport(month: december, items: [], filter: nil, order: ItemOrder(), taxonomy: .standard)
        #expect(report.total == .zero)
        #expect(report.breakdown.isEmpty)
        #expect(report.items.isEmpty)
    }
}

@Suite struct YearReportTests {
    @Test func hasAllTwelveMonthsAndExcludesTheYearBefore() {
        let months: [YearMonth: [Item]] = [
            YearMonth(year: 2024, month: 1)!: [item("a", 100, "2024-01-01", 0, 0)],
            december: [item("b", 300, "2024-12-31", 1, 1), item("c", 50, "2024-12-31", 0, 1)],
            YearMonth(year: 2023, month: 12)!: [item("old", 999, "2023-12-31")],
        ]
        let report = YearReport(year: 2024, items: months, filter: nil, taxonomy: .standard)
        #expect(report.months.count == 12)
        #expect(report.months.map(\.month) == Array(1...12))
        #expect(report.total == Yen(450))
        #expect(report.months[0].total == Yen(100))
        #expect(report.months[5].total == .zero)
        #expect(report.months[5].breakdown.isEmpty)
        #expect(report.months[11].total == Yen(350))
        #expect(report.breakdown.map(\.total) == [Yen(150), Yen(300)])
    }

    @Test func byCategoryBreaksDownBySubcategory() {
        let months: [YearMonth: [Item]] = [
            december: [item("b", 300, "2024-12-31", 1, 1), item("c", 50, "2024-12-30", 0, 1), item("d", 70, "2024-12-30", 0, nil)]
        ]
        let report = YearReport(year: 2024, items: months, filter: CategoryFilter(category: 0), taxonomy: .standard)
        #expect(report.total == Yen(120))
        #expect(report.breakdown.map(\.subcategory) == [1, nil])
        #expect(report.months[11].breakdown.map(\.total) == [Yen(50), Yen(70)])
    }
}
