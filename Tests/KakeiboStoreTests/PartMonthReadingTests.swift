import Foundation
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboStore

/// A period that covers part of a month file (a month from payday) reads only the days it needs, and only when the
/// month's summary vouches for the rest; otherwise the file is read and checked whole.
@Suite struct PartMonthReadingTests {
    let store = LedgerStore(
        root: FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-part-\(UUID().uuidString)").path + "/store")
    let june = YearMonth(uncheckedYear: 2024, month: 6)
    let items = [
        item("牛乳", 200, "2024-06-03"), item("パン", 300, "2024-06-24"), item("米", 2_000, "2024-06-25", 0, 1),
        item("卵", 250, "2024-06-30", 2), item("\"茶\"", 120, "2024-06-30", 2),
    ]

    init() throws {
        try store.write { try $0.setItems(items, in: june) }
    }

    @Test func theDaysAskedForAreTheItemsOnThemAndTheSumsAreTheMonths() throws {
        for days in [25...30, 1...24, 30...30, 1...30, 4...23] {
            let (read, sums) = try store.items(in: june, days: days)
            #expect(read == items.filter { days.contains($0.date.day) }, "\(days)")
            #expect(sums == DaySums(month: june, items: items))
        }
    }

    /// Without a summary that vouches for the file, every item is read and checked: a broken one on a day not asked
    /// for is still reported.
    @Test func withoutACurrentSummaryABrokenItemOnAnotherDayIsReported() throws {
        let path = store.path(june)
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"price\":200", with: "\"price\":\"200\"")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: StoreError.self) { _ = try store.items(in: june, days: 25...30) }
    }

    /// An item written otherwise than kakeibo writes it (its date not second) is read whole, and still only kept
    /// when it is on the days asked for.
    @Test func anItemWrittenOtherwiseIsReadWhole() throws {
        let plain = MonthFileCodec.encode(items, month: june)
        let text = String(decoding: plain, as: UTF8.self)
        let reordered = text.replacingOccurrences(
            of: #"{"id":"id-牛乳-2024-06-03","date":"2024-06-03","#, with: #"{"date":"2024-06-03","id":"id-牛乳-2024-06-03","#)
        #expect(reordered != text)
        for days in [1...24, 25...30] {
            let read = try MonthFileCodec.decode(Array(reordered.utf8), month: june, days: days)
            #expect(read == items.filter { days.contains($0.date.day) })
        }
    }

    @Test func aRowOfIntegersIsReadAsTheSlowWayReadsIt() throws {
        func row(_ text: String) -> [Int?]? {
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(buffer)
                var values = [Int?](repeating: 0, count: 5)
                return scanner.readIntegerRow(&values) ? values : nil
            }
        }
        #expect(row("[3,0,null,1280,4]") == [3, 0, nil, 1280, 4])
        #expect(row(" [ 31 , 101 , 2 , -500 , 1 ] ") == [31, 101, 2, -500, 1])
        #expect(row("[1,0,0,\(Int.max),1]") == [1, 0, 0, Int.max, 1])
        for refused in [
            "[1,0,null,1280]", "[1,0,null,1280,4,5]", "[01,0,null,1,1]", "[1,0,null,1.5,1]", "[1,0,nul,1,1]",
            "[1,0,null,99999999999999999999,1]", "[1,0,null,-,1]", "{}", "[1,0,null,1,1", "",
        ] {
            #expect(row(refused) == nil, "\(refused)")
        }
    }

    @Test func daySumsOutOfOrderOrTwiceAreNotDaySums() {
        let sum = MonthSummary.Sum(total: Yen(100), count: 1)
        let first = DaySums.Row(day: 3, code: CategoryCode(0, 1), sum: sum)
        let later = DaySums.Row(day: 3, code: CategoryCode(2, nil), sum: sum)
        #expect(DaySums(ordered: [first, later]) != nil)
        #expect(DaySums(ordered: [later, first]) == nil)
        #expect(DaySums(ordered: [first, first]) == nil)
    }
}
