import Foundation
import Testing

@testable import KakeiboCLI
@testable import KakeiboKit

/// How an import changes a store: ids found by their place, updated in place, moved to their new month.
@Suite struct ImportPlanTests {
    let store = LedgerStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-plan-\(UUID().uuidString)").path)
    let december = YearMonth(year: 2024, month: 12)!
    let firstImport = Timestamp(milliseconds: 1_735_689_600_000)

    func wire(_ id: String, _ date: String, _ price: Int) throws -> WireItem {
        WireItem(id: id, date: try CalendarDate.parseISO(date), name: "品\(id)", price: Yen(price), category: CategoryCode(0))
    }

    func apply(_ incoming: [WireItem], at now: Timestamp = Timestamp(milliseconds: 1_800_000_000_000)) throws -> ImportPlan.Summary {
        try store.write { transaction in try ImportPlan.apply(incoming, to: &transaction, now: now) }
    }

    @Test func updatesInPlaceMovesAndAddsInOneBatch() throws {
        let first = try apply(
            [
                try wire("a", "2024-12-01", 100), try wire("b", "2024-12-02", 200), try wire("c", "2024-12-03", 300),
                try wire("d", "2024-11-30", 400),
            ], at: firstImport)
        #expect((first.added, first.months) == (4, [YearMonth(year: 2024, month: 11)!, december]))
        // b moves to January, c changes price where it is, d is unchanged, e is new in December.
        let second = try apply([
            try wire("b", "2025-01-02", 200), try wire("c", "2024-12-03", 333), try wire("d", "2024-11-30", 400),
            try wire("e", "2024-12-04", 500),
        ])
        #expect((second.added, second.updated, second.unchanged) == (1, 2, 1))
        #expect(second.months == [december, YearMonth(year: 2025, month: 1)!])
        #expect(try store.items(in: december).map(\.id) == ["a", "c", "e"])
        #expect(try store.items(in: december).map(\.price.amount) == [100, 333, 500])
        let moved = try #require(try store.items(in: YearMonth(year: 2025, month: 1)!).first)
        #expect(moved.id == "b")
        #expect(moved.added == firstImport) // kept from when it was first recorded
        // Moving every item out of a month empties (removes) it.
        let third = try apply([try wire("d", "2025-01-05", 400)])
        #expect(third.updated == 1)
        #expect(try store.months() == [december, YearMonth(year: 2025, month: 1)!])
        #expect(try store.items(in: YearMonth(year: 2025, month: 1)!).map(\.id) == ["b", "d"])
    }
}
