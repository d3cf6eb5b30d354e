import Foundation
import Testing

/// `undo` in a household on the shipped server: undoing a change that was synced is a change the next sync sends,
/// a sync is never what `undo` takes back, and after one more sync each both members hold the same items.
@Suite struct UndoSyncTests {
    let helper = ChangeSyncTests()

    /// December 2024 as name → price (ids may differ: an undone delete comes back under a new id).
    func names(_ box: Sandbox) throws -> [String: Int] {
        let json = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        return Dictionary(items.map { ($0["name"] as? String ?? "", $0["price"] as? Int ?? 0) }) { first, _ in first }
    }

    func undo(_ box: Sandbox, _ arguments: String...) throws -> Run {
        let run = try box.run(["undo"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }

    @Test func undoingSyncedChangesSendsThemAndBothMembersEndEqual() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        let eggs = try a.add("卵", 300, date: "2024-12-04")
        _ = try helper.sync(a)
        _ = try helper.sync(b)

        // A delete that was sent, undone: the item comes back (under a new id) and reaches the other member.
        #expect(try a.run("delete", eggs).status == 0)
        _ = try helper.sync(a)
        let undone = try undo(a)
        #expect(undone.stdout.hasPrefix("Undid #") && undone.stdout.contains(": delete 卵 ¥300 (2024-12-04)"), "\(undone.stdout)")
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try names(a) == ["牛乳": 178, "卵": 300])
        #expect(try names(b) == ["牛乳": 178, "卵": 300])

        // An edit that was sent, undone: the old price is an edit the next sync sends.
        #expect(try a.run("edit", milk, "--price", "250").status == 0)
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try names(b)["牛乳"] == 250)
        let backups = try a.run("backups").stdout
        #expect(
            backups.contains("(edit 牛乳 ¥178 → ¥250 (2024-12-03))\n") && !backups.contains("(sync"), "backups names the edit, not the sync: \(backups)"
        )
        let edit = try undo(a)
        #expect(edit.stdout.contains(": edit 牛乳 ¥178 → ¥250"), "the first undo after a sync takes the member's own last change")
        #expect(edit.stdout.contains("a sync is not undone"), "and says the sync stays: \(edit.stdout)")
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try names(a)["牛乳"] == 178)
        #expect(try names(b)["牛乳"] == 178)

        // An add that was sent, undone: a delete for everyone.
        _ = try a.add("パン", 240, date: "2024-12-05")
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try names(b)["パン"] == 240)
        _ = try undo(a)
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try names(a)["パン"] == nil)
        #expect(try names(b)["パン"] == nil)
        #expect(try names(a) == names(b))
    }

    @Test func aSyncIsNotUndoneAndAnItemChangedByAnotherMemberIsNotPutBack() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        // B's only backups are its syncs: there is nothing of B's own to undo, and the sync is not taken back.
        let refused = try b.run("undo")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is a sync"), "\(refused.stderr)")
        #expect(try names(b) == ["牛乳": 178])

        // A's add was edited by B since: undoing it would throw B's change away, so it is refused.
        #expect(try b.run("edit", milk, "--price", "190").status == 0)
        _ = try helper.sync(b)
        _ = try helper.sync(a)
        let changed = try a.run("undo")
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("has changed since"), "\(changed.stderr)")
        #expect(try names(a) == ["牛乳": 190])
    }
}

extension UndoSyncTests {
    /// `check` reports a store that differs from what it last synced with nothing waiting to be sent to explain it.
    @Test func checkReportsWhatTheSyncStateCannotExplain() throws {
        let server = try ShippedServer()
        let a = try helper.member(server)
        let milk = try a.add("牛乳", 178, date: "2024-12-03")
        _ = try helper.sync(a)
        #expect(try a.run("check").stdout.contains("No problems"))
        let path = a.store.appendingPathComponent("sync-state.json")
        let state = try String(contentsOf: path, encoding: .utf8)
        // As an undo of a sync used to leave it: the server's item gone here, and one here the server never confirmed.
        let edited = state.replacingOccurrences(of: "\"\(milk)\": ", with: "\"ghost-1\": ")
        #expect(edited != state)
        try edited.write(to: path, atomically: true, encoding: .utf8)
        let check = try a.run("check")
        #expect(check.status == 1, "warnings, and exit 1 so that cron hears of them")
        #expect(check.stdout.contains("ghost-1") && check.stdout.contains("gone here with no delete to send"), "\(check.stdout)")
        // The one the server never listed exists only here as far as this store knows: never a pull, which would remove it.
        #expect(check.stdout.contains("never had it") && check.stdout.contains("sync --all"), "\(check.stdout)")
    }
}

extension UndoSyncTests {
    /// A household setting another member changed since (a sync took their version) is not put back by undo.
    @Test func undoDoesNotPutBackASettingAnotherMemberChanged() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        #expect(try a.run("budget", "set", "food", "60000").status == 0)
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try b.run("budget", "set", "food", "50000").status == 0)
        _ = try helper.sync(b)
        let took = try helper.sync(a)
        #expect(took["settingsReceived"] as? [String] == ["budgets"])
        let undo = try a.run("undo")
        #expect(undo.status == 1)
        #expect(undo.stderr.contains("took another member's version"), "\(undo.stderr)")
        #expect(try a.run("budget", "list").stdout.contains("¥50,000"))
    }
}
