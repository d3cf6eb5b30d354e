import Foundation
import Testing

/// An account is keyed by a stable id: renaming it, and then dropping its old name, changes no merge, transfer,
/// balance or member (issue 38: `accounts edit ゆうちょ銀行 --name ゆうちょ` took the month from ¥150,650 to ¥241,590,
/// as dropping the old name still does on a store keyed by names).
@Suite struct RenamedAccountTests {
    @Test func renamingAndDroppingTheOldNameChangesNoMergeTransferOrBalance() throws {
        let box = try WholeHousehold.store()
        let before = try WholeHousehold.month(box)
        #expect(before == [150_650, 23, 87_555, 4])
        try WholeHousehold.expectSuccess(box, ["accounts", "edit", "ゆうちょ銀行", "--name", "ゆうちょ"])
        #expect(try WholeHousehold.month(box) == before)
        try WholeHousehold.expectSuccess(box, ["accounts", "edit", "ゆうちょ", "--unalias", "ゆうちょ銀行"])
        #expect(try WholeHousehold.month(box) == before, "the old name dropped: lines that name it are still the account's")
        let list = try #require(try box.run("accounts", "list", "--format", "json").json() as? [[String: Any]])
        let bank = try #require(list.first { $0["name"] as? String == "ゆうちょ" })
        #expect(bank["balance"] as? Int == 763_505 && bank["mismatch"] is NSNull, "\(bank)")
        #expect(try box.run("accounts", "list").stdout.contains("accounts add 'ゆうちょ銀行") == false, "no suggestion to add the old name")
    }

    /// A file an older kakeibo wrote (schema 1, no ids) reads as it did; a rename writes the id and the old name,
    /// and every key the file had is there still.
    @Test func anOlderAccountsFileKeepsWorkingAndARenameWritesItsId() throws {
        let box = try Sandbox()
        try FileManager.default.createDirectory(at: box.store, withIntermediateDirectories: true)
        let old = #"{"schema": 1, "accounts": [{"name": "楽天カード", "kind": "card", "member": "ayumi", "aliases": ["ﾗｸﾃﾝｶｰﾄﾞｻｰﾋﾞｽ"]}]}"#
        try Data(old.utf8).write(to: box.store.appendingPathComponent("accounts.json"))
        try WholeHousehold.expectSuccess(box, ["add", "本", "1540", "--date", "2024-11-30", "--payment", "楽天カード"])
        try WholeHousehold.expectSuccess(box, ["accounts", "edit", "楽天カード", "--name", "Rakuten"])
        try WholeHousehold.expectSuccess(box, ["accounts", "edit", "Rakuten", "--unalias", "楽天カード"])
        let written = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: box.store.appendingPathComponent("accounts.json"))) as? [String: Any])
        let account = try #require((written["accounts"] as? [[String: Any]])?.first)
        #expect(written["schema"] as? Int == 2)
        #expect((account["id"] as? String)?.hasPrefix("a-") == true && account["former"] as? [String] == ["楽天カード"], "\(account)")
        #expect(account["aliases"] as? [String] == ["ﾗｸﾃﾝｶｰﾄﾞｻｰﾋﾞｽ"] && account["member"] as? String == "ayumi", "\(account)")
        let month = try box.run("month", "2024", "11", "--by", "account").stdout
        #expect(month.contains("Rakuten") && !month.contains("楽天カード"), "the item paid by the old name is the account's: \(month)")
        // The old name is free again: a new account of that name is another account, with an id of its own.
        try WholeHousehold.expectSuccess(box, ["accounts", "add", "楽天カード", "--kind", "card"])
        let ids = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: box.store.appendingPathComponent("accounts.json"))) as? [String: Any])
        let both = try #require(ids["accounts"] as? [[String: Any]])
        #expect(both.count == 2 && both[0]["id"] as? String != nil && both[1]["id"] as? String != both[0]["id"] as? String, "\(both)")
    }
}
