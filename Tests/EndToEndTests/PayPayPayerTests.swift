import Foundation
import Testing

/// Who paid a PayPay row is what its 取引方法 says: a purchase paid by a card is that card's (and merges with the card
/// statement's line, so it is counted once), a payment split between points and a card is one purchase with each leg
/// on its own account, and a チャージ comes from the bank or card that paid it, not from PayPay (its 取引先).
@Suite struct PayPayPayerTests {
    static let header = "取引日,出金金額（円）,入金金額（円）,海外出金金額,通貨,変換レート（円）,利用国,取引内容,取引先,取引方法,支払い区分,利用者,取引番号\n"
    static let paypay =
        header + """
            2024/12/22 18:33:51,780,-,-,-,-,-,支払い,マクドナルド,"PayPayポイント (1円), クレジット VISA 1234 (779円)",-,-,04931021063461429249
            2024/12/20 12:55:55,73,-,-,-,-,-,支払い,ダイソー　大崎ニューシティ店,PayPayポイント,-,本人,04651096480421495930
            2024/12/20 12:55:55,257,-,-,-,-,-,支払い,ダイソー　大崎ニューシティ店,クレジット VISA 1234,-,本人,04651096480421495930
            2024/12/20 12:55:55,-,2,-,-,-,-,ポイント、残高の獲得,ダイソー　大崎ニューシティ店,PayPayポイント,-,-,04651096480421495930
            2024/12/18 09:12:40,-,"10,000",-,-,-,-,チャージ,PayPay,ゆうちょ銀行 *****71,-,-,04650380193342095360
            2024/12/10 07:45:12,"12,800",-,-,-,-,-,支払い,ユニクロ,クレジット VISA 1234,-,本人,04647493214730240001
            2024/12/07 20:11:45,"2,460",-,-,-,-,-,支払い,ウエルシア,PayPay残高,-,本人,04646388119445504000

            """
    /// The card's statement (Vpass): the card's leg of the split payment and the whole of the other, booked a day later.
    static let vpass = """
        山田　太郎　様,4980-00**-****-1234,三井住友カード（ＮＬ）
        2024/12/23,ＰａｙＰａｙ＊マクドナルド,779,１回,,,
        2024/12/21,ＰａｙＰａｙ＊ダイソー,257,１回,,,
        2024/12/11,ＰａｙＰａｙ＊ユニクロ,"12,800",１回,,,
        2024/12/12,ローソン,630,１回,,,
        ,,,,,"14,466",

        """

    func setUp() throws -> Sandbox {
        let box = try Sandbox()
        for args in [
            ["PayPay", "--kind", "emoney"], ["三井住友カード", "--kind", "card", "--alias", "三井住友カード（ＮＬ）", "--alias", "VISA 1234"],
            ["ゆうちょ銀行", "--kind", "bank"],
        ] {
            let run = try box.run(["accounts", "add"] + args)
            #expect(run.status == 0, "\(run.stderr)")
        }
        return box
    }

    func balances(_ box: Sandbox) throws -> [String: Int] {
        let accounts = try #require(try box.run("accounts", "list", "--format", "json").json() as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: accounts.map { ($0["name"] as? String ?? "", $0["balance"] as? Int ?? 0) })
    }

    @Test(arguments: [false, true]) func aPayPayPurchasePaidByACardIsThatCardsAndCountedOnce(cardFirst: Bool) throws {
        let box = try setUp()
        let files = [try box.write("paypay.csv", Self.paypay), try box.write("vpass.csv", Self.vpass)]
        for file in cardFirst ? files.reversed() : files {
            let run = try box.run("import", file)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let month = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        // 73 + 257 (one purchase at ダイソー, two rows) + 780 (マクドナルド, one row of two legs: 1 + 779) + 12,800 +
        // 2,460 from PayPay, and the card's ローソン 630: the card's ¥257, ¥779 and ¥12,800 are the PayPay purchases'
        // lines (before: ¥30,836, each counted twice).
        #expect(month["total"] as? Int == 73 + 257 + 780 + 12800 + 2460 + 630)
        let balance = try balances(box)
        #expect(balance["三井住友カード"] == -(257 + 779 + 12800 + 630), "each card leg on the card")
        #expect(balance["PayPay"] == 10000 - 73 - 1 - 2460, "the points legs and PayPay's own on PayPay, the charge into it")
        #expect(balance["ゆうちょ銀行"] == -10000, "the charge left the bank that paid it")
    }

    /// MoneyForward's lines of the same card: the card's parts of the PayPay purchases, as the card's statement has them.
    static let moneyForward = """
        "計算対象","日付","内容","金額（円）","保有金融機関","大項目","中項目","メモ","振替","ID"
        "1","2024/12/23","ＰａｙＰａｙ＊マクドナルド","-779","三井住友カード","食費","外食","","0","mfDec24Mac"
        "1","2024/12/21","ＰａｙＰａｙ＊ダイソー","-257","三井住友カード","日用品","日用品","","0","mfDec24Daiso"

        """

    /// A purchase paid in parts (points and a card under one 取引番号, or within one row) is one purchase at its whole
    /// price, whatever order PayPay's export, the card's statement and MoneyForward's lines of the card come in: its
    /// card part merges with both card lines, and each part is on its own account (before: two purchases each).
    @Test(arguments: [[0, 1, 2], [2, 1, 0], [1, 2, 0]]) func aPurchasePaidInPartsIsOnePurchaseWithEachPartOnItsAccount(order: [Int]) throws {
        let box = try setUp()
        let files = [
            try box.write("paypay.csv", Self.paypay), try box.write("vpass.csv", Self.vpass), try box.write("mf.csv", Self.moneyForward),
        ]
        for position in order {
            let run = try box.run("import", files[position])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let month = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect(month["total"] as? Int == 330 + 780 + 12800 + 2460 + 630)
        #expect(month["count"] as? Int == 5, "ダイソー, マクドナルド, ユニクロ, ウエルシア, ローソン: each once")
        let found = try #require(try box.run("find", "ダイソー", "--format", "json").json() as? [String: Any])
        let items = try #require(found["items"] as? [[String: Any]])
        #expect(items.count == 1 && items.first?["price"] as? Int == 330)
        let legs = try #require(items.first?["legs"] as? [[String: Any]])
        #expect(legs.count == 1 && legs.first?["payment"] as? String == "PayPay" && legs.first?["price"] as? Int == 73)
        let balance = try balances(box)
        #expect(balance["三井住友カード"] == -(257 + 779 + 12800 + 630), "each card part on the card")
        #expect(balance["PayPay"] == 10000 - 73 - 1 - 2460, "each points part on PayPay")
    }

    /// A line dated before the purchase paid in parts (typed a day early) leads its merge and takes the whole price and
    /// the legs; split apart again, it is its own account's part, and the purchase its whole price, once each.
    @Test func aLeaderThatTookTheLegsGivesThemBackWhenSplit() throws {
        let box = try setUp()
        #expect(try box.run("add", "ダイソー", "257", "--date", "2024-12-19", "--payment", "三井住友カード").status == 0)
        #expect(try box.run("import", box.write("paypay.csv", Self.paypay)).status == 0)
        func daiso() throws -> [[String: Any]] {
            let found = try #require(try box.run("find", "ダイソー", "--format", "json").json() as? [String: Any])
            return try #require(found["items"] as? [[String: Any]])
        }
        let merged = try daiso()
        #expect(merged.count == 1 && merged.first?["price"] as? Int == 330 && merged.first?["legs"] != nil, "\(merged)")
        let unmerge = try box.run("unmerge", "pp:" + "dd8d0a9ce54a117b")
        #expect(unmerge.status == 0, "\(unmerge.stderr)")
        let apart = try daiso().map { ($0["price"] as? Int ?? 0, $0["legs"] != nil) }.sorted { $0.0 < $1.0 }
        #expect(apart.map(\.0) == [257, 330] && apart.map(\.1) == [false, true], "\(apart)")
    }

    /// The charge's other side is the bank 取引方法 names, read from the file, whatever accounts the store has.
    @Test func aChargesSourceIsTheBankThatPaidItNotPayPay() throws {
        let box = try Sandbox()
        let run = try box.run("import", box.write("paypay.csv", Self.paypay))
        #expect(run.status == 0, "\(run.stderr)")
        let month = try #require(try box.run("month", "2024", "12", "--transfers", "--format", "json").json() as? [String: Any])
        let transfers = try #require((month["transfers"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(transfers.count == 1)
        #expect(transfers.first?["payment"] as? String == "ゆうちょ銀行 *****71" && transfers.first?["transfer"] as? String == "PayPay")
    }
}
