import Foundation
import Testing

@testable import KakeiboOperations
@testable import KakeiboStore
@testable import KakeiboValues

/// The other member's re-import after a sync changes nothing a member changed (issue 38): a line deleted or moved by
/// the member who synced it is not brought back by an import of its file here, and an edit that came by sync stays.
@Suite struct ReimportAfterSyncTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-reimport-\(UUID().uuidString)").path
    var household: Household { Household(store: LedgerStore(root: root), now: Timestamp(milliseconds: 1_800_000_000_000)) }

    func wire(_ id: String, _ date: String, _ name: String = "ランチ", _ price: Int = 900) throws -> WireItem {
        WireItem(id: id, date: try CalendarDate.parseISO(date), name: name, price: Yen(price), category: CategoryCode(0, 1))
    }

    @Test func aLineDeletedMovedOrEditedByTheOtherMemberStaysSoAfterAnImportHere() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try household.rememberServer("https://h/exec", household: "h1")
        let file = [try wire("z:deleted-1", "2024-11-10"), try wire("z:moved-1", "2024-11-12"), try wire("z:edited-1", "2024-11-14")]
        _ = try household.applyRows(file.enumerated().map { ServerRow(revision: $0.offset + 1, deleted: false, item: $0.element) }, through: 3)
        // What the other member did, as the server reports it.
        _ = try household.applyRows(
            [
                ServerRow(revision: 4, deleted: true, item: file[0]),
                ServerRow(revision: 5, deleted: false, item: try wire("z:moved-1", "2024-12-01")),
                ServerRow(revision: 6, deleted: false, item: try wire("z:edited-1", "2024-11-14", "社食", 950)),
            ], through: 6)
        // Both kept where the other member put them: a statement's import, which reads only its lines' months, too.
        #expect(try household.store.read(.removedLines) == ["z:deleted-1", "z:moved-1"])
        let imported = try household.importFiles([ImportBatch(kind: .export, items: file)], dryRun: false)
        #expect(imported.files[0].added.isEmpty && imported.files[0].removedHere == 1)
        let kept = imported.files[0].kept.map { [$0.kept.id, $0.kept.date.iso, $0.kept.name, $0.file.date.iso, $0.file.name] }
        #expect(
            kept == [["z:moved-1", "2024-12-01", "ランチ", "2024-11-12", "ランチ"], ["z:edited-1", "2024-11-14", "社食", "2024-11-14", "ランチ"]],
            "the file's values shown, not applied")
        let november = try household.store.items(in: YearMonth(year: 2024, month: 11)!)
        #expect(november.map(\.id) == ["z:edited-1"] && november.first?.price == Yen(950))
        #expect(try household.store.items(in: YearMonth(year: 2024, month: 12)!).map(\.id) == ["z:moved-1"])
    }
}
