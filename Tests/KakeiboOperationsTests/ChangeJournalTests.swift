import Foundation
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// The change protocol's side of the operations layer: the sync state's file, changes made from edits and deletes
/// with ids kept across retries, results applied, rows applied without undoing a decision made here.
@Suite struct ChangeJournalTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-changes-\(UUID().uuidString)").path
    var household: Household { Household(store: LedgerStore(root: root), now: Timestamp(milliseconds: 1_800_000_000_000)) }

    func wire(_ id: String, _ price: Int) -> WireItem {
        WireItem(id: id, date: try! CalendarDate.parseISO("2024-12-03"), name: "牛乳", price: Yen(price), category: CategoryCode(0, 1))
    }

    func clean() { try? FileManager.default.removeItem(atPath: root) }

    @Test func theJournalReadsBackAsWritten() throws {
        var journal = SyncJournal()
        journal.server = "https://script.google.com/macros/s/X/exec"
        journal.household = "h1"
        journal.changeProtocol = true
        journal.revision = 42
        journal.revisions = ["a": 3, "b": 0]
        journal.deleted = ["c": 7, "d": SyncJournal.awaitingCreate]
        journal.outbox = [
            OutgoingChange(changeID: "k-1", kind: .update, base: 3, id: "a", item: wire("a", 100)),
            OutgoingChange(changeID: "k-2", kind: .delete, base: 7, id: "c", item: nil),
        ]
        journal.conflicts = [Conflict(id: "e", theirs: wire("e", 5), theirsRevision: 9, theirsDeleted: false, code: "stale")]
        #expect(try SyncJournalFile.decode(SyncJournalFile.encode(journal)) == journal)
        #expect(throws: (any Error).self) { try SyncJournalFile.decode(Array("{}".utf8)) }
    }

    @Test func aLostAnswerIsResentWithTheSameIDsAndAPullDoesNotUndoADelete() throws {
        defer { clean() }
        try household.rememberServer("https://h/exec", household: "h1")
        try household.add([wire("a", 100)])
        let first = try household.prepareChanges()
        #expect(first.map(\.kind) == [.create])
        #expect(try household.prepareChanges() == first) // the answer never came: the same change, the same id
        _ = try household.applyChangeResults([
            ChangeResult(changeID: first[0].changeID, status: .applied, row: ServerRow(revision: 5, deleted: false, item: wire("a", 100)), code: nil)
        ])
        #expect(try household.prepareChanges().isEmpty)

        _ = try household.delete("a")
        let rows = [ServerRow(revision: 5, deleted: false, item: wire("a", 100))]
        _ = try household.applyRows(rows, through: 5)
        _ = try household.applyRows(rows, through: nil, months: [YearMonth(year: 2024, month: 12)!])
        #expect(try household.store.items(in: YearMonth(year: 2024, month: 12)!).isEmpty)
        let delete = try household.prepareChanges()
        #expect(delete.map(\.kind) == [.delete] && delete.first?.base == 5)
    }

    @Test func aStaleChangeIsAConflictAndEitherSideCanBeKept() throws {
        defer { clean() }
        try household.rememberServer("https://h/exec", household: "h1")
        _ = try household.applyRows([ServerRow(revision: 2, deleted: false, item: wire("a", 100))], through: 2)
        _ = try household.edit("a", ItemChanges(price: Yen(150)))
        let sent = try household.prepareChanges()
        #expect(sent.first?.base == 2)
        let outcome = try household.applyChangeResults([
            ChangeResult(
                changeID: sent[0].changeID, status: .conflict, row: ServerRow(revision: 4, deleted: false, item: wire("a", 120)), code: "stale")
        ])
        #expect(outcome.conflicts.count == 1)
        #expect(try household.conflicts().first?.mine?.price == Yen(150))
        #expect(try household.prepareChanges().isEmpty) // held until resolved
        _ = try household.resolve("a", keep: .mine)
        let again = try household.prepareChanges()
        #expect(again.first?.base == 4 && again.first?.item?.price == Yen(150))
    }

    func price(_ id: String) throws -> Int? { try household.store.find(id: id).first { $0.item.id == id }.map { $0.item.price.amount } }

    /// A server's answer can't go back in time.
    @Test func aRowOrTombstoneOlderThanTheRevisionHeldIsIgnoredAndCounted() throws {
        defer { clean() }
        try household.rememberServer("https://h/exec", household: "h1")
        let b = WireItem(id: "b", date: try CalendarDate.parseISO("2024-12-04"), name: "卵", price: Yen(300), category: CategoryCode(0, 1))
        _ = try household.applyRows(
            [ServerRow(revision: 2, deleted: false, item: wire("a", 200)), ServerRow(revision: 3, deleted: false, item: b)], through: 3)
        let replayed = try household.applyRows([ServerRow(revision: 1, deleted: false, item: wire("a", 100))], through: 3)
        #expect(try price("a") == 200, "a since row of revision 1 over a held revision 2")
        #expect(replayed.older == 1)
        let carried = try household.applyChangeResults([], rows: [ServerRow(revision: 2, deleted: true, item: b)], through: 4)
        #expect(try price("b") == 300, "an old tombstone in a changes answer")
        #expect(carried.rows.older == 1)
    }

    /// No conflict with oneself.
    @Test func aDeleteMadeWhileTheItemsEditIsInFlightIsBasedOnTheRevisionTheAnswerBrings() throws {
        defer { clean() }
        try household.rememberServer("https://h/exec", household: "h1")
        _ = try household.applyRows([ServerRow(revision: 1, deleted: false, item: wire("a", 100))], through: 1)
        _ = try household.edit("a", ItemChanges(price: Yen(150)))
        let sent = try household.prepareChanges()
        #expect(sent.first?.base == 1)
        _ = try household.delete("a") // while the edit waits for its answer
        _ = try household.applyChangeResults([
            ChangeResult(changeID: sent[0].changeID, status: .applied, row: ServerRow(revision: 2, deleted: false, item: wire("a", 150)), code: nil)
        ])
        let next = try household.prepareChanges()
        #expect(next.map(\.kind) == [.delete] && next.first?.base == 2)
    }
}
