import Foundation
import Testing

/// The household's settings (categories, budgets, fixed costs, split, month start) travel through the shipped server
/// with `sync`; one changed by two members is a conflict like an item's, settled by `resolve`.
@Suite struct SettingsSyncTests {
    let helper = ChangeSyncTests()

    func categories(_ box: Sandbox) throws -> String? {
        try? String(contentsOf: box.config.appendingPathComponent("categories.json"), encoding: .utf8)
    }

    @Test func aMemberWhoSyncsSeesTheSameNamesAndPlan() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        #expect(try a.run("categories", "init", "--preset", "household").status == 0)
        #expect(try a.run("budget", "set", "food", "60000").status == 0)
        #expect(try a.run("fixed", "add", "家賃", "85000", "--day", "27").status == 0)
        #expect(try a.run("config", "set", "split", "ayumi=60,ken=40").status == 0)
        #expect(try a.run("config", "set", "month-start", "25").status == 0)
        #expect(try a.run("config", "set", "member", "ayumi").status == 0)
        let sent = try a.run("sync")
        #expect(sent.stdout.contains("Household settings: sent categories, budgets, fixed-costs, split, month-start"), "\(sent.stdout)")
        let took = try helper.sync(b)
        #expect(took["settingsReceived"] as? [String] == ["categories", "budgets", "fixed-costs", "split", "month-start"])
        #expect(try categories(b) != nil && categories(b) == categories(a))
        #expect(try b.run("budget", "list").stdout == a.run("budget", "list").stdout)
        #expect(try b.run("fixed", "list").stdout == a.run("fixed", "list").stdout)
        #expect(try b.run("config", "get", "split").stdout == "ayumi=60,ken=40\n")
        #expect(try b.run("config", "get", "month-start").stdout == "25\n")
        #expect(try b.run("config", "get", "member").status != 0, "the member's own name stays on each machine")
        // Nothing new: no settings request at all.
        let before = try server.operations().count
        _ = try helper.sync(b)
        let operations = Array(try server.operations().dropFirst(before))
        #expect(operations == ["since"], "\(operations)")
    }

    @Test func aSettingRemovedByOneMemberIsRemovedForTheOthers() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        #expect(try a.run("budget", "set", "food", "60000").status == 0)
        #expect(try a.run("config", "set", "split", "ayumi=60,ken=40").status == 0)
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try b.run("budget", "list").stdout.contains("¥60,000"))

        // The last budget and the split go: the removal travels like any change.
        #expect(try a.run("budget", "unset", "food").status == 0)
        #expect(try a.run("config", "unset", "split").status == 0)
        let sent = try a.run("sync")
        #expect(sent.stdout.contains("Household settings: sent budgets, split"), "\(sent.stdout)")
        let took = try helper.sync(b)
        #expect(took["settingsReceived"] as? [String] == ["budgets", "split"])
        #expect(try b.run("budget", "list").stdout == a.run("budget", "list").stdout)
        #expect(try b.run("config", "get", "split").status != 0)
        // Nothing new afterwards: no settings request, and a store that never had a setting sends no removal.
        let before = try server.operations().count
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(Array(try server.operations().dropFirst(before)) == ["since", "since"])
    }

    @Test func oneSettingChangedByTwoMembersIsAConflictSettledEitherWay() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        #expect(try a.run("budget", "set", "food", "60000").status == 0)
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try a.run("budget", "set", "food", "70000").status == 0)
        #expect(try b.run("budget", "set", "food", "50000").status == 0)
        _ = try helper.sync(a)
        let conflicted = try b.run("sync", "--format", "json")
        #expect(conflicted.status == 4)
        let summary = try #require(try conflicted.json() as? [String: Any])
        #expect(summary["conflictCount"] as? Int == 1 && summary["settingConflicts"] as? [String] == ["budgets"])
        #expect(conflicted.stderr.contains("kakeibo resolve budgets mine|theirs"))
        let shown = try b.run("conflicts")
        #expect(shown.stdout.contains("50000") && shown.stdout.contains("70000"), "\(shown.stdout)")
        #expect(try b.run("budget", "list").stdout.contains("¥50,000"), "neither side was overwritten")
        let kept = try b.run("resolve", "budgets", "mine")
        #expect(kept.stdout == "Kept this version of budgets; the next sync sends it\n")
        _ = try helper.sync(b)
        _ = try helper.sync(a)
        #expect(try a.run("budget", "list").stdout.contains("¥50,000"))
        #expect(try b.run("conflicts").stdout == "No conflicts\n")
    }

    /// Accounts added by two members before their first sync are both kept, through the shipped server; one account
    /// both changed is a conflict on it alone, shown field by field and settled by its name.
    @Test func accountsMergeEntryByEntryThroughTheShippedServer() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        #expect(try a.run("accounts", "add", "楽天カード", "--kind", "card").status == 0)
        #expect(try b.run("accounts", "add", "ゆうちょ銀行", "--kind", "bank").status == 0)
        _ = try helper.sync(a)
        let merged = try helper.sync(b)
        #expect(merged["settingConflicts"] as? [String] ?? [] == [], "no conflict: \(merged)")
        _ = try helper.sync(a)
        let listed = try a.run("accounts", "list").stdout
        #expect(listed.contains("楽天カード") && listed.contains("ゆうちょ銀行"), "\(listed)")
        #expect(try b.run("accounts", "list").stdout == listed)

        #expect(try a.run("accounts", "edit", "楽天カード", "--member", "ayumi").status == 0)
        #expect(try b.run("accounts", "edit", "楽天カード", "--member", "ken").status == 0)
        #expect(try b.run("accounts", "add", "PayPay", "--kind", "emoney").status == 0)
        _ = try helper.sync(a)
        #expect(try b.run("sync").status == 4)
        let shown = try b.run("conflicts")
        #expect(shown.stdout.contains("  account 楽天カード: member ken (mine) vs ayumi (theirs)\n"), "\(shown.stdout)")
        #expect(try b.run("resolve", "accounts:楽天カード", "theirs").stdout == "Took the server's version of accounts:楽天カード\n")
        _ = try helper.sync(b)
        _ = try helper.sync(a)
        let after = try a.run("accounts", "list").stdout
        let theirs = try b.run("accounts", "list").stdout
        #expect(after.contains("PayPay") && after == theirs, "\(after)")
        #expect(try a.run("conflicts").stdout == "No conflicts\n")
        #expect(try b.run("conflicts").stdout == "No conflicts\n")
    }

    /// A household's own layout, written by one member, reaches the other with `sync`, and their import reads their
    /// bank's file with it; a layout the other changed too is a conflict on that layout alone.
    @Test func aLayoutOneMemberWroteReadsTheOthersFileAfterSync() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        let layout = """
            {"schema": 1, "name": "chigin", "title": "地元銀行", "account": "地元銀行",
             "header": {"match": ["取引日", "摘要", "お支払金額"]},
             "date": {"column": "取引日", "format": "yyyy/MM/dd"},
             "amount": {"column": "お支払金額", "sign": "positive-is-spending"},
             "description": ["摘要"]}

            """
        let folder = a.config.appendingPathComponent("layouts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try layout.write(to: folder.appendingPathComponent("chigin.json"), atomically: true, encoding: .utf8)
        let sent = try a.run("sync")
        #expect(sent.stdout.contains("sent layouts"), "\(sent.stdout)")
        let took = try helper.sync(b)
        #expect(took["settingsReceived"] as? [String] == ["layouts"], "\(took)")
        let copied = b.config.appendingPathComponent("layouts/chigin.json")
        #expect(try String(contentsOf: copied, encoding: .utf8) == layout)
        let csv = b.root.appendingPathComponent("chigin.csv")
        try "取引日,摘要,お支払金額\n2024/06/03,スーパー地元,1280\n".write(to: csv, atomically: true, encoding: .utf8)
        #expect(try b.run("import", csv.path, "--layout", "chigin").status == 0)
        let month = try b.run("month", "2024", "6", "--format", "json").stdout
        #expect(month.contains("\"total\": 1280,"), "\(month)")
    }
}
