import Foundation
import Testing

/// A withdrawal to a place of the household's own (a brokerage, another bank) that names no account stays spending and
/// is said once — by the import that brings it, and in `accounts list` — with the one command that makes it a
/// transfer; once that account is there, the move is a transfer between the two.
@Suite struct OwnAccountMoveTests {
    /// ゆうちょ's 入出金明細 (UTF-8): a move to the household's brokerage, a phone bill and a payment to a person.
    static let yucho = """
        ファイル作成日,2024/12/20
        記号番号,10180-12345671
        店名,〇一八
        口座種別,通常貯金
        照会開始日,20241201
        照会終了日,20241219
        現在（貸付）高,"241,060"
        取引日,入出金明細ＩＤ,受入金額（円）,払出金額（円）,詳細１,詳細２,現在（貸付）高
        20241205,0001,,"50,000",振替,ＳＢＩ証券,"250,000"
        20241210,0002,,"5,940",自払,ｴﾇﾃｲﾃｲﾄﾞｺﾓ,"244,060"
        20241215,0003,,"3,000",振込,ヤマダ　タロウ,"241,060"

        """

    func total(_ box: Sandbox) throws -> Int? {
        (try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])?["total"] as? Int
    }

    @Test func aMoveToABrokerageThatIsNoAccountIsSaidOnceWithTheCommandThatMakesItATransfer() throws {
        let box = try Sandbox()
        #expect(try box.run("accounts", "add", "ゆうちょ銀行", "--kind", "bank").status == 0)
        let file = try box.write("yucho.csv", Self.yucho)
        let command = "kakeibo accounts add 'SBI証券' --kind brokerage"

        let first = try box.run("import", file, "--format", "json")
        #expect(first.status == 0, "\(first.stderr)")
        let found = try #require((try first.json() as? [String: Any])?["possibleTransfers"] as? [[String: Any]])
        #expect(found.count == 1, "the phone bill and the payment to a person are no move of one's own")
        #expect(found.first?["amount"] as? Int == 50000 && found.first?["from"] as? String == "ゆうちょ銀行")
        #expect(found.first?["kind"] as? String == "brokerage" && found.first?["command"] as? String == command)
        let again = try box.run("import", file)
        #expect(again.status == 0 && !again.stdout.contains("Possibly"), "said by the import that brought it, not every one")
        #expect(try total(box) == 50000 + 5940 + 3000, "spending until the account is there")

        let list = try box.run("accounts", "list")
        #expect(list.stdout.contains("SBI証券 from ゆうちょ銀行 (1 line, ¥50,000): \(command)"), "\(list.stdout)")
        #expect(!list.stdout.contains("ドコモ") && !list.stdout.contains("ヤマダ"))

        let added = try box.run(["accounts", "add", "SBI証券", "--kind", "brokerage"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try total(box) == 5940 + 3000, "the move is a transfer now")
        let month = try #require(try box.run("month", "2024", "12", "--transfers", "--format", "json").json() as? [String: Any])
        let transfers = try #require((month["transfers"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(transfers.count == 1 && transfers.first?["transfer"] as? String == "SBI証券")
        let after = try box.run("accounts", "list", "--format", "json")
        let accounts = try #require(try after.json() as? [[String: Any]])
        let brokerage = try #require(accounts.first { $0["name"] as? String == "SBI証券" })
        #expect(brokerage["kind"] as? String == "brokerage" && brokerage["balance"] as? Int == 50000)
        #expect(!(try box.run("accounts", "list").stdout.contains("Possibly")))
    }
}
