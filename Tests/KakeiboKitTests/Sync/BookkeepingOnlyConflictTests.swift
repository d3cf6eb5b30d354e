import Foundation
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// Two versions of an item that differ only in what matching records about it (which item a line is merged into,
/// a split kept apart) are one item: never a conflict to resolve.
@Suite struct BookkeepingOnlyConflictTests {
    /// An item as matching left it here (not matched again), waiting to be sent.
    func put(_ item: WireItem, _ member: Member) throws {
        try member.household.store.write { transaction in
            let month = item.date.yearMonth
            try transaction.setItems(try transaction.items(in: month) + [item.item(added: Timestamp(milliseconds: 0), sync: .pending)], in: month)
        }
    }

    @Test func anItemBothMembersHaveThatDiffersOnlyInItsMergeSettlesItself() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        // One purchase, on the card's statement and in an app's export: here both came, and matching merged them.
        var card = milk("rc:1", 1080, "2024-11-16")
        card.details.payment = "楽天カード"
        var app = milk("mf:1", 1080, "2024-11-16")
        app.details.payment = "楽天カード"
        _ = try member.household.importFiles(
            [ImportBatch(kind: .statement, items: [card]), ImportBatch(kind: .export, items: [app])], dryRun: false)
        let follower = try #require(try [card, app].first { try member.item($0.id)?.details.merged != nil })
        // The other member sent that line before their store had the other source: no merge in it.
        server.write(follower)
        let report = try member.sync()
        #expect(report.conflicts.isEmpty)
        #expect(try member.household.conflicts().isEmpty)
        let here = try #require(try member.item(follower.id))
        #expect(here.details.merged != nil && here.sync == .synced)
        #expect(server.rows[follower.id]?.item == WireItem(here), "the merge reaches the server, on its revision")
    }

    @Test func aSplitKeptApartOnEitherSideStaysApart() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        var apart = milk("line", 300)
        apart.details.apart = true
        server.write(apart)
        var merged = milk("line", 300)
        merged.details.merged = "typed"
        try put(merged, member)
        let report = try member.sync()
        #expect(report.conflicts.isEmpty)
        let item = try #require(try member.item("line"))
        #expect(item.details.apart && item.details.merged == nil)
        #expect(server.rows["line"]?.item == WireItem(item))
    }

    @Test func anItemThatDiffersInWhatAPersonSeesIsStillAConflict() throws {
        let server = ScriptedServer()
        let member = Member(server)
        defer { member.clean() }
        server.write(milk("line", 300))
        var merged = milk("line", 320)
        merged.details.merged = "typed"
        try put(merged, member)
        #expect(try member.sync().conflicts == ["line"])
    }
}
