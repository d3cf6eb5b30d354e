import Foundation
import Testing

/// An e-money history's charges (モバイルSuica's VIEW, オート and 現金, WAON's チャージ from 銀行口座 or クレジットカード) are
/// transfers into the card from what the row names, recorded, never spending — so the card's account adds up to the
/// balance its history states. Before, they were set aside, and the account fell ¥8,500 short of the ¥7,517 stated.
@Suite struct WalletChargeTests {
    static func path(_ name: String) -> String {
        Products.repository.appendingPathComponent("Tests/Fixtures/downloads2").appendingPathComponent(name).path
    }

    @Test func aSuicaHistorysChargesAreTransfersAndItsAccountAddsUpToItsStatedBalance() throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2026-01-01T09:00:00Z"
        #expect(try box.run("accounts", "add", "交通系IC", "--kind", "emoney").status == 0)
        let run = try box.run("import", Self.path("mobile-suica-202410.csv"))
        #expect(run.status == 0, "\(run.stderr)")
        let month = try #require(try box.run("month", "2024", "10", "--format", "json").json() as? [String: Any])
        #expect(month["total"] as? Int == 1983)
        let transfers = try #require((month["transfers"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(Set(transfers.compactMap { $0["payment"] as? String }) == ["VIEW", "オート", "現金"])
        #expect(transfers.allSatisfy { $0["transfer"] as? String == "交通系IC" })
        #expect(transfers.compactMap { $0["price"] as? Int }.reduce(0, +) == 8500)
        let accounts = try #require(try box.run("accounts", "list", "--format", "json").json() as? [[String: Any]])
        let card = try #require(accounts.first { $0["name"] as? String == "交通系IC" })
        #expect(card["statedBalance"] as? Int == 7517)
        #expect(card["balance"] as? Int == 7517)
        #expect(card["mismatch"] == nil || card["mismatch"] is NSNull)
    }

    @Test func aWAONChargeComesFromWhatItsRowNames() throws {
        let box = try Sandbox()
        let run = try box.run("import", Self.path("waon-202411.csv"))
        #expect(run.status == 0, "\(run.stderr)")
        let month = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        let transfers = try #require((month["transfers"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(
            transfers.map { "\($0["payment"] ?? "")→\($0["transfer"] ?? "") \($0["price"] ?? "")" }.sorted() == [
                "クレジットカード→WAON 5000", "銀行口座→WAON 10000",
            ])
    }

    /// An IC card's dump states the card's balance, and `accounts list` says the same: before, Suica showed −¥3,369
    /// while its own import said "Card balance ¥974". With the card's history file too, both agree on ¥5,672.
    @Test(arguments: [false, true])
    func aDumpsCardBalanceIsTheAccountsStatedBalance(withHistory: Bool) throws {
        let box = try Sandbox()
        #expect(try box.run("accounts", "add", "交通系IC", "--kind", "emoney").status == 0)
        let dump = Products.repository.appendingPathComponent("Tests/Fixtures/ic-card/card-b.addr.txt").path
        #expect(try box.run("import", dump).status == 0)
        if withHistory { #expect(try box.run("import", Self.path("sfcard-viewer-card-b-202503-sjis.csv")).status == 0) }
        let accounts = try #require(try box.run("accounts", "list", "--format", "json").json() as? [[String: Any]])
        let card = try #require(accounts.first { $0["name"] as? String == "交通系IC" })
        #expect(card["statedBalance"] as? Int == 5672)
        #expect(card["balance"] as? Int == 5672)
    }
}
