import Foundation
import Testing

@testable import KakeiboKit
@testable import KakeiboSync

let december = YearMonth(year: 2024, month: 12)!
let november = YearMonth(year: 2024, month: 11)!
let earlier = Timestamp(milliseconds: 1_700_000_000_000)
let now = Timestamp(milliseconds: 1_734_253_200_000)

func wire(_ id: String, _ date: String, _ name: String = "品", _ price: Int = 100, _ category: Int = 0) -> WireItem {
    WireItem(id: id, date: try! CalendarDate.parseISO(date), name: name, price: Yen(price), category: CategoryCode(category))
}

func stored(_ id: String, _ date: String, _ sync: SyncState, price: Int = 100) -> Item {
    wire(id, date, "品", price).item(added: earlier, sync: sync)
}

func ledger(_ items: [Item]) -> Ledger { Ledger(Dictionary(grouping: items) { $0.date.yearMonth }) }

/// How the server's answers change the store: local first, nothing the server doesn't have is dropped.
@Suite struct ReconcileTests {
    @Test func pullReplacesOnlySyncedItemsAndKeepsWhatTheServerDoesNotHave() throws {
        var book = ledger([
            stored("gone", "2024-12-01", .synced), stored("kept", "2024-12-02", .synced, price: 100),
            stored("mine", "2024-12-03", .pending), stored("changed", "2024-12-04", .edited, price: 999),
            stored("other-month", "2024-11-05", .synced),
        ])
        let pulled = try PulledMonths([december: [wire("kept", "2024-12-02", "品", 120), wire("changed", "2024-12-04"), wire("new", "2024-12-09")]])
        let effect = Reconcile.pull(pulled, in: &book, now: now)

        let ids = book.months[december]?.map(\.id)
        #expect(ids == ["mine", "changed", "kept", "new"])
        #expect(book.item("kept")?.price == Yen(120))
        #expect(book.item("kept")?.added == earlier) // still the first time it was recorded here
        #expect(book.item("new")?.added == now)
        #expect(book.item("changed")?.price == Yen(999))
        #expect(book.item("changed")?.sync == .edited)
        #expect(book.item("mine")?.sync == .pending)
        #expect(book.item("other-month") != nil)
        #expect(effect == Reconcile.Effect())
        #expect(book.unsent.map(\.id) == ["mine", "changed"])

        // The same answer again changes nothing.
        let again = book
        _ = Reconcile.pull(pulled, in: &book, now: now)
        #expect(book.months == again.months)
    }

    @Test func aPendingItemTheServerAlreadyHasBecomesSyncedOrEditedWhenItDiffers() throws {
        var book = ledger([stored("same", "2024-12-01", .pending), stored("differs", "2024-12-02", .pending, price: 150)])
        let pulled = try PulledMonths([december: [wire("same", "2024-12-01"), wire("differs", "2024-12-02")]])
        let effect = Reconcile.pull(pulled, in: &book, now: now)
        #expect(book.item("same")?.sync == .synced)
        #expect(book.item("differs")?.sync == .edited)
        #expect(book.item("differs")?.price == Yen(150))
        #expect(effect.synced == 1)
        #expect(effect.edited.map(\.id) == ["differs"])
        #expect(book.months[december]?.count == 2)
    }

    @Test func anItemTheServerMovedToAnotherMonthMovesHere() throws {
        var book = ledger([stored("moved", "2024-11-30", .synced)])
        let pulled = try PulledMonths([december: [wire("moved", "2024-12-01")]])
        _ = Reconcile.pull(pulled, in: &book, now: now)
        #expect(book.months[november] == [])
        #expect(book.months[december]?.map(\.id) == ["moved"])
        #expect(book.item("moved")?.added == earlier)
    }

    @Test func anItemDatedOutsideItsMonthIsFiledUnderItsOwnMonth() throws {
        var book = ledger([stored("nov", "2024-11-02", .synced)])
        let pulled = try PulledMonths([december: [wire("late", "2024-11-30"), wire("dec", "2024-12-01")]])
        #expect(pulled.misfiled == [PulledMonths.Misfiled(item: wire("late", "2024-11-30"), cameWith: december)])
        _ = Reconcile.pull(pulled, in: &book, now: now)
        #expect(book.months[november]?.map(\.id) == ["nov", "late"]) // November wasn't fetched: its items stay
        #expect(book.months[december]?.map(\.id) == ["dec"])
    }

    @Test func anIDListedInTwoMonthsRefusesTheWholePull() {
        #expect(throws: SyncError.sameID("x", november, december)) {
            try PulledMonths([november: [wire("x", "2024-11-01")], december: [wire("x", "2024-12-01")]])
        }
    }

    @Test func confirmationsMarkSentItemsSyncedUnlessChangedSince() {
        var book = ledger([
            stored("sent", "2024-12-01", .pending), stored("edited-since", "2024-12-02", .pending, price: 300),
            stored("already", "2024-12-03", .synced),
        ])
        let effect = Reconcile.confirm(
            [wire("sent", "2024-12-01"), wire("edited-since", "2024-12-02"), wire("already", "2024-12-03"), wire("deleted", "2024-12-04")],
            in: &book)
        #expect(effect.synced == 1)
        #expect(book.item("sent")?.sync == .synced)
        #expect(book.item("edited-since")?.sync == .edited)
        #expect(book.item("already")?.sync == .synced)
        #expect(book.item("deleted") == nil)
    }

    @Test func theLedgerWritesOnlyTheMonthsThatChanged() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-sync-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = LedgerStore(root: root)
        try store.write { transaction in
            try transaction.setItems([stored("a", "2024-11-01", .synced)], in: november)
            try transaction.setItems([stored("b", "2024-12-01", .pending)], in: december)
        }
        let changed = try store.write { transaction in
            var book = try Ledger(&transaction)
            _ = Reconcile.confirm([wire("b", "2024-12-01")], in: &book)
            return try book.write(to: &transaction)
        }
        #expect(changed == [december])
        #expect(try store.items(in: december).first?.sync == .synced)
        #expect(try Ledger(reading: store).unsent.isEmpty)
    }
}
