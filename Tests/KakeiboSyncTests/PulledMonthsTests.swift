import Testing

@testable import KakeiboKit
@testable import KakeiboSync

let december = YearMonth(year: 2024, month: 12)!
let november = YearMonth(year: 2024, month: 11)!

func wire(_ id: String, _ date: String, _ name: String = "品", _ price: Int = 100, _ category: Int = 0) -> WireItem {
    WireItem(id: id, date: try! CalendarDate.parseISO(date), name: name, price: Yen(price), category: CategoryCode(category))
}

/// The server's months are checked as a whole before anything is written (how they change the store is the
/// operations layer's: see HouseholdTests).
@Suite struct PulledMonthsTests {
    @Test func anItemDatedOutsideItsMonthIsReportedAndFiledUnderItsOwnMonth() throws {
        let pulled = try PulledMonths([december: [wire("late", "2024-11-30"), wire("dec", "2024-12-01")]])
        #expect(pulled.misfiled == [PulledMonths.Misfiled(item: wire("late", "2024-11-30"), cameWith: december)])
        #expect(pulled.server == ServerMonths(months: [december], items: [wire("late", "2024-11-30"), wire("dec", "2024-12-01")]))
    }

    @Test func anIDListedInTwoMonthsRefusesTheWholePull() {
        #expect(throws: SyncError.sameID("x", november, december)) {
            try PulledMonths([november: [wire("x", "2024-11-01")], december: [wire("x", "2024-12-01")]])
        }
    }
}
