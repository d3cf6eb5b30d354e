import Foundation
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboStore

/// The store against real files in a temporary directory.
@Suite struct StoreTests {
    let directory: String
    let store: LedgerStore

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-store-\(UUID().uuidString)").path
        store = LedgerStore(root: directory + "/store")
    }

    func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: store.root + "/" + name) }

    func add(_ items: [Item]) throws {
        try store.write { transaction in
            for item in items {
                let month = item.date.yearMonth
                try transaction.setItems(try transaction.items(in: month) + [item], in: month)
            }
        }
    }

    @Test func writesOneFilePerMonthWithPrivatePermissions() throws {
        try add([item("a", 1, "2024-12-03"), item("b", 2, "2024-11-30")])
        #expect(try store.items(in: december).map(\.name) == ["a"])
        #expect(try store.months() == [YearMonth(year: 2024, month: 11)!, december])
        let file = try FileManager.default.attributesOfItem(atPath: store.path(december))
        #expect((file[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: store.root)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(FileManager.default.fileExists(atPath: store.root + "/.tx/COMMIT") == false)
    }

    @Test func aMissingMonthOrStoreIsEmpty() throws {
        #expect(!store.exists)
        #expect(try store.items(in: december).isEmpty)
        #expect(try store.items(inYear: 2024).values.allSatisfy(\.isEmpty))
    }

    @Test func rewritesOnlyTheMonthsItTouches() throws {
        try add([item("a", 1, "2024-12-03"), item("b", 2, "2024-11-30")])
        let november = try #require(bytes("2024-11.json"))
        let before = try FileManager.default.attributesOfItem(atPath: store.root + "/2024-11.json")[.modificationDate] as? Date
        try add([item("c", 3, "2024-12-04")])
        #expect(bytes("2024-11.json") == november)
        let after = try FileManager.default.attributesOfItem(atPath: store.root + "/2024-11.json")[.modificationDate] as? Date
        #expect(before == after)
        #expect(try store.items(in: december).count == 2)
    }

    @Test func aCorruptFileIsReportedAndNeverOverwritten() throws {
        try add([item("a", 1, "2024-12-03")])
        let corrupt = Data("{\"schema\":1,\"month\":\"2024-12\",\"items\":[{\"id\":".utf8)
        try corrupt.write(to: URL(fileURLWithPath: store.path(december)))
        let error = #expect(throws: StoreError.self) { try store.items(in: december) }
        #expect(throws: StoreError.self) { try add([item("b", 2, "2024-12-05")]) }
        #expect(bytes("2024-12.json") == corrupt)
        #expect(error?.message(in: .en).contains(store.path(december)) == true)
        #expect(error?.kind == .runtime)
    }

    @Test func aFailedTransactionWritesNothing() throws {
        try add([item("a", 1, "2024-12-03")])
        let before = bytes("2024-12.json")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try store.write { transaction in
                try transaction.setItems([], in: december)
                throw Stop()
            }
        }
        #expect(bytes("2024-12.json") == before)
    }

    @Test func movesBetweenMonthsAllOrNothing() throws {
        let moving = item("a", 1, "2024-12-03", id: "m")
        try add([moving])
        try store.write { transaction in
            var moved = moving
            moved.date = CalendarDate(year: 2025, month: 1, day: 2)!
            try transaction.setItems([], in: december)
            try transaction.setItems([moved], in: YearMonth(year: 2025, month: 1)!)
        }
        #expect(bytes("2024-12.json") == nil)
        #expect(try store.items(in: YearMonth(year: 2025, month: 1)!).map(\.id) == ["m"])
        #expect(try store.find(id: "m").map(\.month) == [YearMonth(year: 2025, month: 1)!])
    }

    @Test func anInterruptedMultiMonthCommitIsRolledForward() throws {
        try add([item("old", 1, "2024-12-03", id: "o")])
        // As if killed after the journal was written but before the renames: the next reader finishes the commit.
        let staged = MonthFileCodec.encode([item("new", 2, "2024-12-04", id: "n")], month: december)
        let january = YearMonth(year: 2025, month: 1)!
        let stagedJanuary = MonthFileCodec.encode([item("jan", 3, "2025-01-01", id: "j")], month: january)
        try FileManager.default.createDirectory(atPath: store.root + "/.tx", withIntermediateDirectories: true)
        try Data(staged).write(to: URL(fileURLWithPath: store.root + "/.tx/2024-12.json"))
        try Data(stagedJanuary).write(to: URL(fileURLWithPath: store.root + "/.tx/2025-01.json"))
        try Data("put 2024-12.json\nput 2025-01.json\n".utf8).write(to: URL(fileURLWithPath: store.root + "/.tx/COMMIT"))
        #expect(try store.items(in: december).map(\.id) == ["n"])
        #expect(try store.items(in: january).map(\.id) == ["j"])
        #expect(!FileManager.default.fileExists(atPath: store.root + "/.tx/COMMIT"))
    }

    @Test func anUncommittedStageIsThrownAway() throws {
        try add([item("old", 1, "2024-12-03", id: "o")])
        // As if killed while staging, before the journal: the month stays as it was.
        try FileManager.default.createDirectory(atPath: store.root + "/.tx", withIntermediateDirectories: true)
        try Data("{\"schema\":1,\"mon".utf8).write(to: URL(fileURLWithPath: store.root + "/.tx/2024-12.json"))
        try add([item("more", 2, "2024-12-05", id: "m")])
        #expect(try store.items(in: december).map(\.id) == ["o", "m"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.root + "/.tx").isEmpty)
    }

    @Test func findsByIdOrUniquePrefix() throws {
        try add([item("a", 1, "2024-12-03", id: "abc-123"), item("b", 2, "2023-05-01", id: "abd-456"), item("c", 3, "2023-05-02", id: "abc")])
        #expect(try store.find(id: "abc").map(\.item.id) == ["abc"])
        #expect(try store.find(id: "abd").map(\.item.id) == ["abd-456"])
        #expect(try store.find(id: "ab").count == 3)
        #expect(try store.find(id: "zzz").isEmpty)
    }

    @Test func concurrentWritersAllLand() async throws {
        // Threads open the lock file separately, so flock serialises them just as it does processes.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for n in 0..<25 {
                        try self.add([item("w\(writer)-\(n)", 1, "2024-12-03", id: "w\(writer)-\(n)")])
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.items(in: december).count == 100)
    }

    @Test func findsWhereTheStoreIs() throws {
        #expect(try Locations.store(option: "/x", environment: ["KAKEIBO_HOME": "/y"]) == "/x")
        #expect(try Locations.store(option: nil, environment: ["KAKEIBO_HOME": "/y", "XDG_DATA_HOME": "/d"]) == "/y")
        #expect(try Locations.store(option: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/kakeibo")
        #expect(try Locations.store(option: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]) == "/h/.local/share/kakeibo")
        #expect(try Locations.config(environment: ["HOME": "/h"]) == "/h/.config/kakeibo")
        #expect(throws: StoreError.noHome) { try Locations.store(option: nil, environment: [:]) }
    }
}
