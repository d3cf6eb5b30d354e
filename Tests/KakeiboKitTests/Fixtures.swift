@testable import KakeiboOperations
@testable import KakeiboRender
@testable import KakeiboReports
@testable import KakeiboStore
@testable import KakeiboValues

/// Builds items for tests with readable defaults.
func item(
    _ name: String, _ price: Int, _ date: String, _ category: Int = 0, _ sub: Int? = nil, id: String? = nil,
    sync: SyncState = .pending
) -> Item {
    Item(
        id: id ?? "id-\(name)-\(date)", date: try! CalendarDate.parseISO(date), name: name, price: Yen(price),
        category: CategoryCode(category, sub), added: Timestamp(milliseconds: 1_700_000_000_000), sync: sync)
}

let december = YearMonth(year: 2024, month: 12)!
