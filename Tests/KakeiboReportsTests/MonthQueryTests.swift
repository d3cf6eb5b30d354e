import Foundation
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboReports

/// `MonthQuery.view`: the one builder behind `kakeibo month`, against a real store in a temporary directory.
@Suite struct MonthQueryTests {
    let store = LedgerStore(
        root: FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-query-\(UUID().uuidString)").path + "/store")
    let items = [
        item("牛乳", 200, "2024-11-10"), item("パン", 300, "2024-11-26"), item("米", 2_000, "2024-12-05"),
        item("給与", 300_000, "2024-12-25", 90, 0), item("卵", 250, "2024-12-27"), item("茶", 120, "2025-01-03"),
    ]

    init() throws {
        try store.write { transaction in
            for item in items { try transaction.setItems(try transaction.items(in: item.date.yearMonth) + [item], in: item.date.yearMonth) }
        }
    }

    func query(_ period: MonthPeriod, filter: CategoryFilter? = nil) -> MonthQuery {
        MonthQuery(period: period, filter: filter, order: ItemOrder(), details: DetailFilter())
    }

    @Test func aViewHasTheMonthItsNeighboursPlanAndBudgetsBuiltTogether() throws {
        try store.update(.budgets, .standard) { $0.set(.total, Yen(10_000)) }
        let rent = FixedCost(name: "家賃", price: Yen(80_000), day: 28, month: nil, category: CategoryCode(1, nil))
        try store.update(.fixedCosts) { $0 = FixedCosts([rent]) }
        let today = try CalendarDate.parseISO("2024-12-20")
        let view = try query(MonthPeriod(december)).view(store, taxonomy: .standard, today: today, parts: [.neighbours, .plan, .budgets])
        #expect(view.report.total == Yen(2_250) && view.report.income.total == Yen(300_000))
        #expect(view.report.neighbours?.previous?.total == Yen(500))
        #expect(view.report.neighbours?.next?.total == Yen(120))
        #expect(view.report.plan?.plannedTotal == Yen(80_000))
        #expect(view.budgets.map(\.spent) == [Yen(2_250)])
        #expect(view.unreadable.isEmpty)
    }

    @Test func partsNotAskedForAreNotBuilt() throws {
        let view = try query(MonthPeriod(december)).view(store, taxonomy: .standard, today: try CalendarDate.parseISO("2024-12-20"), parts: [])
        #expect(view.report.neighbours == nil && view.report.plan == nil && view.budgets.isEmpty && view.savings == nil)
        #expect(view.report.total == Yen(2_250))
    }

    /// From payday (the 25th), a neighbour's days lie in two files: summed from their days, and equal to its items.
    @Test func aPaydayMonthsNeighboursAreTheirDaysItems() throws {
        let start = try #require(MonthStart(day: 25))
        let period = MonthPeriod(december, start: start)
        let view = try query(period).view(store, taxonomy: .standard, today: try CalendarDate.parseISO("2025-02-01"), parts: [.neighbours])
        func spent(_ month: YearMonth) -> Yen {
            let days = MonthPeriod(month, start: start)
            return items.filter { days.contains($0.date) && $0.category.category != 90 }.reduce(.zero) { $0 + $1.price }
        }
        #expect(view.report.total == spent(december))
        #expect(view.report.neighbours?.previous?.total == spent(try #require(december.previous)))
        #expect(view.report.neighbours?.next?.total == spent(try #require(december.next)))
    }

    /// A neighbour whose file can't be read is left out and named; the month itself still shows.
    @Test func anUnreadableNeighbourIsNamedAndTheMonthStillShows() throws {
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: store.path(try #require(december.next))))
        let view = try query(MonthPeriod(december)).view(
            store, taxonomy: .standard, today: try CalendarDate.parseISO("2024-12-20"), parts: [.neighbours])
        #expect(view.report.total == Yen(2_250))
        #expect(view.report.neighbours?.previous?.total == Yen(500))
        #expect(view.report.neighbours?.next == nil)
        #expect(view.unreadable.count == 1)
    }
}
