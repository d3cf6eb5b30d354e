import Foundation
import KakeiboStore
import KakeiboValues
import Testing

@testable import KakeiboReports

/// `recentlyAdded` reads the newest-written months first and stops early only when that can't change the answer.
@Suite struct RecentStoreTests {
    let store = LedgerStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-recent-\(UUID().uuidString)").path)
    let base: Int64 = 1_735_689_600_000 // 2025-01-01T00:00:00Z

    func item(_ id: String, _ date: String, addedHoursAfterBase hours: Int64) -> Item {
        Item(
            id: id, date: try! CalendarDate.parseISO(date), name: id, price: 100, category: CategoryCode(0),
            added: Timestamp(milliseconds: base + hours * 3_600_000))
    }

    /// Writes the items and sets each month file's modification time to just after its newest item was added.
    func write(_ items: [Item], modifiedAfterNewest: Bool = true) throws {
        try store.write { transaction in
            for (month, group) in Dictionary(grouping: items, by: \.date.yearMonth) {
                try transaction.setItems(group, in: month)
            }
        }
        for (month, group) in Dictionary(grouping: items, by: \.date.yearMonth) {
            let newest = group.map(\.added.milliseconds).max()!
            let modified = modifiedAfterNewest ? newest + 1000 : base - 86_400_000
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: Double(modified) / 1000)], ofItemAtPath: store.path(month))
        }
    }

    func answer(_ items: [Item], _ limit: Int) -> [String] {
        RecentReport(items: items, limit: limit) { LocalDateTime($0, offsetSeconds: 0) }.entries.map(\.item.id)
    }

    @Test func stopsOnceTheNewestAreCertainAndAgreesWithReadingEverything() throws {
        var items: [Item] = []
        for month in 1...12 {
            for n in 0..<5 {
                // Each month's items were added during that month; a receipt for January was typed in last of all.
                items.append(item("m\(month)-\(n)", "2024-\(month < 10 ? "0" : "")\(month)-0\(n + 1)", addedHoursAfterBase: Int64(month * 100 + n)))
            }
        }
        items.append(item("late-january", "2024-01-20", addedHoursAfterBase: 5000))
        try write(items)
        let read = try store.recentlyAdded(limit: 3)
        #expect(read.monthsInStore == 12)
        #expect(read.monthsRead == 2) // January (written last), then December; November is older than the third newest
        #expect(answer(read.items, 3) == ["late-january", "m12-4", "m12-3"])
        #expect(answer(read.items, 3) == answer(items, 3))
        for limit in [1, 5, 6, 7, 20, 61, 100] {
            #expect(answer(try store.recentlyAdded(limit: limit).items, limit) == answer(items, limit), "limit \(limit)")
        }
        #expect(try store.recentlyAdded(limit: 100).monthsRead == 12)
    }

    @Test func readsEverythingWhenFileTimesCannotBeTrusted() throws {
        // Files whose times lie before the items in them (a clock set ahead, a file touched into the past).
        let items = (1...6).map { item("x\($0)", "2024-0\($0)-01", addedHoursAfterBase: Int64($0)) }
        try write(items, modifiedAfterNewest: false)
        let read = try store.recentlyAdded(limit: 1)
        #expect(read.monthsRead == 6)
        #expect(answer(read.items, 1) == ["x6"])
    }

    @Test func anEmptyOrMissingStoreHasNothingRecent() throws {
        let read = try store.recentlyAdded(limit: 10)
        #expect(read.items.isEmpty && read.monthsRead == 0 && read.monthsInStore == 0)
    }
}
