import KakeiboKit
import Testing

@testable import KakeiboImport

/// A PayPay purchase paid in parts — two 支払い rows under one 取引番号, or one row whose 取引方法 lists the parts — is
/// one line at its whole price, on the card that paid a part (what the card's statement and MoneyForward see), the
/// parts other accounts paid as its legs; a purchase paid by PayPay's money alone, in parts, is one line on PayPay.
@Suite struct PayPayLegsTests {
    static let japanese = """
        取引日,出金金額（円）,入金金額（円）,海外出金金額,通貨,変換レート（円）,利用国,取引内容,取引先,取引方法,支払い区分,利用者,取引番号
        2024/06/26 13:12:28,780,-,-,-,-,-,支払い,すき家　大崎駅前店,"PayPayポイント (80円), PayPay残高 (700円)",-,本人,04617100000000201065
        2024/06/20 10:00:00,900,-,-,-,-,-,支払い,マクドナルド,"PayPayポイント (1円), クレジット VISA 1234 (899円)",-,本人,04617100000000190000
        2024/06/12 09:00:00,100,-,-,-,-,-,支払い,ダイソー　大崎ニューシティ店,PayPayポイント,-,本人,04617100000000040213
        2024/06/12 09:00:00,"1,000",-,-,-,-,-,支払い,ダイソー　大崎ニューシティ店,クレジット JCB 1234,-,本人,04617100000000040213
        2024/06/12 09:00:00,-,5,-,-,-,-,ポイント、残高の獲得,ダイソー　大崎ニューシティ店,PayPayポイント,-,-,04617100000000040213
        2024/06/09 12:09:21,-,460,-,-,-,-,返金,ウエルシア　品川大崎店,PayPay残高,-,-,04617100000000160852
        2024/06/08 11:06:14,"2,460",-,-,-,-,-,支払い,ウエルシア　品川大崎店,PayPay残高,-,本人,04617100000000120639

        """
    static let english = """
        Date & Time,Amount Outgoing (Yen),Amount Incoming (Yen),Amount Outgoing Overseas,Currency,Exchange Rate (Yen),Country Paid In,Transaction Type,Business Name,Method,Payment Option,User,Transaction ID
        2024/06/26 13:12:28,780,-,-,-,-,-,Payment,すき家　大崎駅前店,"PayPay Point (80yen), PayPay Balance (700yen)",-,本人,04617100000000201065
        2024/06/20 10:00:00,900,-,-,-,-,-,Payment,マクドナルド,"PayPay Point (1yen), Credit VISA 1234 (899yen)",-,本人,04617100000000190000
        2024/06/12 09:00:00,100,-,-,-,-,-,Payment,ダイソー　大崎ニューシティ店,PayPay Point,-,本人,04617100000000040213
        2024/06/12 09:00:00,"1,000",-,-,-,-,-,Payment,ダイソー　大崎ニューシティ店,Credit JCB 1234,-,本人,04617100000000040213
        2024/06/12 09:00:00,-,5,-,-,-,-,"Points, Balance Earned",ダイソー　大崎ニューシティ店,PayPay Point,-,-,04617100000000040213
        2024/06/09 12:09:21,-,460,-,-,-,-,Refund,ウエルシア　品川大崎店,PayPay Balance,-,-,04617100000000160852
        2024/06/08 11:06:14,"2,460",-,-,-,-,-,Payment,ウエルシア　品川大崎店,PayPay Balance,-,本人,04617100000000120639

        """

    @Test(arguments: [japanese, english]) func aPurchasePaidInPartsIsOneLineWithLegs(_ text: String) throws {
        let statement = try StatementReader.read(Array(text.utf8))
        let lines = statement.lines.map { ($0.name, $0.price.amount, $0.payment, $0.legs) }
        #expect(lines.count == 5, "one line a purchase (and the refund): \(lines)")
        let daiso = try #require(statement.lines.first { $0.name.hasPrefix("ダイソー") })
        #expect(daiso.price.amount == 1100 && daiso.payment == "クレジット JCB 1234")
        #expect(daiso.legs == [PaymentLeg(payment: "PayPay", price: Yen(100))])
        let mac = try #require(statement.lines.first { $0.name == "マクドナルド" })
        #expect(mac.price.amount == 900 && mac.payment == "クレジット VISA 1234" && mac.legs == [PaymentLeg(payment: "PayPay", price: Yen(1))])
        let sukiya = try #require(statement.lines.first { $0.name.hasPrefix("すき家") })
        #expect(sukiya.price.amount == 780 && sukiya.payment == "PayPay" && sukiya.legs.isEmpty, "PayPay's own money in parts is PayPay's")
        #expect(statement.lines.filter { $0.name.hasPrefix("ウエルシア") }.map(\.price.amount) == [-460, 2460])
    }

    /// The Japanese and the English export of one month are the same lines, legs and ids alike.
    @Test func bothExportsGiveTheSameLines() throws {
        let japanese = try StatementReader.read(Array(Self.japanese.utf8))
        let english = try StatementReader.read(Array(Self.english.utf8))
        #expect(japanese.lines.map(\.id) == english.lines.map(\.id))
        #expect(japanese.lines.map(\.legs) == english.lines.map(\.legs))
    }

    /// The lines' ids are those kakeibo before legs gave the row (and the card's part) each now stands for, so a store
    /// that holds the parts as lines finds the purchase already there.
    @Test func aPurchasesLineKeepsTheIDOfTheRowItsCardPaid() throws {
        let lines = try StatementReader.read(Array(Self.japanese.utf8)).lines
        let daiso = try #require(lines.first { $0.name.hasPrefix("ダイソー") })
        let cardRow = ["04617100000000040213", "支払い", "クレジット JCB 1234", "1"].joined(separator: "\u{1F}")
        #expect(daiso.id == StatementFormat.paypay.idPrefix + stableHash(cardRow))
        let welcia = try #require(lines.first { $0.price.amount == 2460 })
        let row = ["04617100000000120639", "支払い", "PayPay残高", "1"].joined(separator: "\u{1F}")
        #expect(welcia.id == StatementFormat.paypay.idPrefix + stableHash(row), "a line paid one way keeps its id")
    }
}
