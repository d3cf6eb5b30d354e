import Foundation
import Testing

/// What a statement states for an account not defined yet waits in the store, and the account claims it when it is
/// added, given the alias, or arrives by sync (issue 38: "stated balances and bills are lost" in every order where a
/// member imports before the accounts exist in their store): `accounts list` then shows the stated balance, and the
/// card's bill turns its withdrawal into a transfer, as when the account was there first.
@Suite(.serialized) struct StatedBeforeAccountTests {
    static let bank = DownloadsFolder("Tests/Fixtures/downloads").path("rakuten-bank-202412-sjis.csv")
    let helper = ChangeSyncTests()

    func accounts(_ box: Sandbox) throws -> [String: [String: Any]] {
        let run = try box.run("accounts", "list", "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let list = try #require(try run.json() as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as? String ?? "?", $0) })
    }

    func december(_ box: Sandbox) throws -> Int? {
        let run = try box.run("month", "2024", "12", "--format", "json")
        return (try run.json() as? [String: Any])?["total"] as? Int
    }

    @Test func anAccountAddedAfterItsStatementClaimsWhatTheStatementStated() throws {
        let box = try Sandbox()
        let card = try box.write("enavi-202412.csv", CardBillWithoutAliasTests.cardStatement(bill: 64210))
        for file in [Self.bank, card] {
            let run = try box.run("import", file)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try accounts(box).isEmpty)
        let waiting = try box.run("accounts", "list").stdout
        #expect(waiting.contains("Balances and bills waiting for an account") && waiting.contains("楽天銀行 (1 statement)"), "\(waiting)")
        let added = try box.run("accounts", "add", "楽天銀行", "--kind", "bank")
        #expect(added.status == 0)
        #expect(
            added.stdout.contains("Recorded what 1 statement imported before stated: balance ¥393,308 on 2024-12-31"),
            "says what it took: \(added.stdout)")
        #expect(!(try box.run("accounts", "list").stdout.contains("楽天銀行 (1 statement)")), "claimed: it waits no longer")
        let bank = try #require(try accounts(box)["楽天銀行"])
        #expect(bank["statedBalance"] as? Int == 393308 && bank["statedDate"] as? String == "2024-12-31", "the statement's 残高: \(bank)")
        #expect(try december(box) == 98710, "no card yet: every withdrawal is spending")
        #expect(try box.run("accounts", "add", "楽天カード", "--kind", "card").status == 0)
        #expect(try december(box) == 34500, "the card's bill, stated before the card was an account, is found among the withdrawals")

        // Importing both again changes nothing: nothing waits, nothing is recorded twice.
        let before = try box.run("accounts", "list", "--format", "json").stdout
        for file in [Self.bank, card] { #expect(try box.run("import", file).status == 0) }
        #expect(try box.run("accounts", "list", "--format", "json").stdout == before)
        #expect(try december(box) == 34500)
    }

    /// An import records its statement's balance in its own change: one undo takes back the lines and the balance,
    /// whether the account was there (accounts.json) or not (stated.json).
    @Test func oneUndoTakesBackTheImportAndWhatItStated() throws {
        let box = try Sandbox()
        #expect(try box.run("accounts", "add", "楽天銀行", "--kind", "bank").status == 0)
        #expect(try box.run("import", Self.bank).status == 0)
        #expect(try accounts(box)["楽天銀行"]?["statedBalance"] as? Int == 393308)
        #expect(try box.run("undo").status == 0)
        #expect(try accounts(box)["楽天銀行"]?["statedBalance"] is NSNull, "the balance went with the lines")
        #expect(try december(box) == 0)
        #expect(try box.run("accounts", "remove", "楽天銀行").status == 0)
        #expect(try box.run("import", Self.bank).status == 0)
        #expect(try box.run("undo").status == 0)
        #expect(try december(box) == 0)
        #expect(try box.run("accounts", "add", "楽天銀行", "--kind", "bank").status == 0)
        #expect(try accounts(box)["楽天銀行"]?["statedBalance"] is NSNull, "nothing waited: the import was taken back whole")
    }

    @Test func anAliasGivenLaterClaimsItToo() throws {
        let box = try Sandbox()
        #expect(try box.run("import", Self.bank).status == 0)
        #expect(try box.run("accounts", "add", "メインバンク", "--kind", "bank").status == 0)
        #expect(try accounts(box)["メインバンク"]?["statedBalance"] is NSNull, "another account: nothing claimed")
        #expect(try box.run("accounts", "edit", "メインバンク", "--alias", "楽天銀行").status == 0)
        #expect(try accounts(box)["メインバンク"]?["statedBalance"] as? Int == 393308)
    }

    @Test func anAccountArrivingBySyncClaimsItAndTheOthersGetIt() throws {
        let server = try ShippedServer()
        let (ayumi, ken) = (try helper.member(server), try helper.member(server))
        #expect(try ayumi.run("import", Self.bank).status == 0)
        #expect(try ken.run("accounts", "add", "楽天銀行", "--kind", "bank").status == 0)
        _ = try helper.sync(ken)
        _ = try helper.sync(ayumi)
        #expect(try accounts(ayumi)["楽天銀行"]?["statedBalance"] as? Int == 393308, "the account came by sync and claimed the balance")
        _ = try helper.sync(ken)
        #expect(try accounts(ken)["楽天銀行"]?["statedBalance"] as? Int == 393308, "the claimed account synced back")
        #expect(try accounts(ken)["楽天銀行"]?["balance"] as? Int == 393308)
    }
}
