import Foundation
import Testing

/// A charge of e-money from cash is a transfer on both sides: the IC card's record of it is a transfer into the card's
/// account, the charge typed as paid with cash (`Suicaチャージ`, payment 現金) is a transfer out of cash, and the two are
/// one transfer — never spending.
@Suite struct ChargeTransferTests {
    func dump(_ name: String) -> String {
        Products.repository.appendingPathComponent("Tests/Fixtures/ic-card").appendingPathComponent(name).path
    }

    func month(_ box: Sandbox, transfers: Bool = false) throws -> [String: Any] {
        let run = try box.run(["month", "2025", "1", "--format", "json"] + (transfers ? ["--transfers"] : []))
        return try #require(try run.json() as? [String: Any])
    }

    @Test func aCashChargeOfSuicaIsOneTransferFromCashIntoTheCard() throws {
        let box = try Sandbox()
        for args in [["Suica", "--kind", "emoney"], ["現金", "--kind", "cash"]] {
            #expect(try box.run(["accounts", "add"] + args).status == 0)
        }
        let typed = try box.run("add", "Suicaチャージ", "3000", "--date", "2025-01-14", "--payment", "現金")
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(try month(box)["total"] as? Int == 0, "the typed charge is no spending (before: ¥3,000)")
        let imported = try box.run("import", dump("card-a-read1.addr.txt"), "--account", "Suica")
        #expect(imported.status == 0, "\(imported.stderr)")
        let transfers = try #require(try month(box, transfers: true)["transfers"] as? [String: Any])
        // The card's two charges (¥3,000 on 01-14 and ¥5,000 on 01-27): the typed one is the first, counted once.
        #expect(transfers["count"] as? Int == 2 && transfers["total"] as? Int == 8000, "\(transfers)")
        let items = try #require(transfers["items"] as? [[String: Any]])
        let cash = try #require(items.first { $0["date"] as? String == "2025-01-14" })
        #expect(cash["payment"] as? String == "現金" && cash["transfer"] as? String == "Suica")
        let accounts = try #require(try box.run("accounts", "list", "--format", "json").json() as? [[String: Any]])
        #expect(accounts.first { $0["name"] as? String == "現金" }?["balance"] as? Int == -3000)
    }
}
