import Foundation
import Testing

@testable import KakeiboValues

/// The receipt parser on realistic OCR text of both layouts, and on the lines that trip parsers up.
@Suite struct ReceiptParserTests {
    static func example(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/receipts/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    func summary(_ proposal: ReceiptProposal) -> [String] {
        proposal.items.map { "\($0.name) \($0.price.amount)" }
    }

    @Test func supermarketLayoutNameAndPriceOnOneLine() throws {
        let proposal = ReceiptParser.parse(try Self.example("supermarket.txt"))
        #expect(summary(proposal) == ["牛乳 198", "食パン 6枚 128", "バナナ 196", "トイレットペーパー 12R 358", "カップヌードル 1899"])
        #expect(proposal.items[3].discount == Yen(-40))
        #expect(proposal.items[3].lines == [9, 10, 11])
        #expect(proposal.items[2].lines == [7, 8])
        #expect(proposal.total == Yen(2987))
        // The egg's price is unreadable (O for 0): listed, never guessed, so the sum falls short of the total.
        #expect(proposal.unread.contains { $0.number == 12 && $0.reason == .unreadablePrice })
        #expect(proposal.matchesTotal == false)
        #expect(proposal.difference == Yen(208))
        #expect(proposal.unread.filter { $0.number <= 4 }.map(\.reason) == [.noPrice, .noPrice, .noPrice, .noPrice])
        #expect(proposal.unread.contains { $0.number == 20 && $0.reason == .afterTotal })
        // Subtotal, points base, tax, payment and change are neither items nor unread.
        #expect(!proposal.unread.contains { (13...19).contains($0.number) })
    }

    @Test func homeCenterLayoutNameLinesThenPriceLine() throws {
        let proposal = ReceiptParser.parse(try Self.example("homecenter.txt"))
        #expect(summary(proposal) == ["カラーボックス 3段ホワイト 1899", "ゴミ袋 45L 10枚 298", "単3電池 4本パック 498"])
        #expect(proposal.items[0].lines == [6, 7, 8])
        #expect(proposal.items[2].discount == Yen(-50))
        #expect(proposal.total == Yen(2695))
        #expect(proposal.matchesTotal == true)
        #expect(proposal.unread.map(\.number) == [1, 2, 3, 4])
    }

    @Test func codeLinesAreDroppedWhereverTheyStand() {
        let text = """
            ハンガー 10本
            #015 JAN4548927034969
            398内
            4901234567894
            #022
            合計 ¥398
            """
        let proposal = ReceiptParser.parse(text)
        #expect(summary(proposal) == ["ハンガー 10本 398"])
        #expect(proposal.unread.isEmpty)
        #expect(proposal.matchesTotal == true)
    }

    @Test func pricesWithCommasMarksAndFullWidthDigits() {
        let text = """
            テレビ台 ¥12,800
            お茶 500ml 128※
            米 5kg ２，４８０円
            ソ#11ヨーグルト¥158
            サラダ油 \\298
            合計 ¥15,864
            """
        let proposal = ReceiptParser.parse(text)
        #expect(summary(proposal) == ["テレビ台 12800", "お茶 500ml 128", "米 5kg 2480", "ヨーグルト 158", "サラダ油 298"])
        #expect(proposal.matchesTotal == true)
    }

    @Test func bareNumbersAreNeverPrices() {
        let text = """
            担当 123
            コピー用紙 500
            レジ0012
            18:32
            牛乳 ¥198
            """
        let proposal = ReceiptParser.parse(text)
        #expect(summary(proposal) == ["牛乳 198"])
        #expect(proposal.unread.map(\.number) == [1, 2, 3, 4])
        #expect(proposal.total == nil)
        #expect(proposal.matchesTotal == nil)
    }

    @Test func malformedPricesAreListedNotGuessed() {
        let text = """
            ガム ¥1.08
            飴 ¥0
            チョコ ¥012
            グミ ¥1,23
            """
        let proposal = ReceiptParser.parse(text)
        #expect(proposal.items.isEmpty)
        #expect(proposal.unread.map(\.reason) == Array(repeating: .unreadablePrice, count: 4))
    }

    @Test func aDiscountAppliesToTheItemAboveOrStandsAlone() {
        let text = """
            値引 -30
            ソ#11 牛乳 ¥198
            割引 20%
            -40
            ソ#12 卵 ¥100
            クーポン ¥100
            小計 ¥128
            値引 ▲28
            合計 ¥100
            """
        let proposal = ReceiptParser.parse(text)
        // Nothing above the first: its own item. The coupon is as large as the egg: its own item too.
        // After the subtotal: a discount on the whole receipt, its own item.
        #expect(summary(proposal) == ["値引 -30", "牛乳 158", "卵 100", "クーポン -100", "値引 -28"])
        #expect(proposal.items[1].lines == [2, 3, 4])
        #expect(proposal.sum == Yen(100))
        #expect(proposal.matchesTotal == true)
    }

    @Test func ocrSpacesBetweenJapaneseLettersAreRemoved() {
        let proposal = ReceiptParser.parse("ソ#11 牛 乳   ¥ 198\n合 計   ¥198\n")
        #expect(summary(proposal) == ["牛乳 198"])
        #expect(proposal.total == Yen(198))
    }

    @Test func aTotalOnTheLineBelowItsWordAndTaxOutsideThePrices() {
        let text = """
            ソ#11 牛乳 ¥198
            ソ#12 パン ¥100
            外税8%対象額 ¥298
            外税 ¥23
            合計
            ¥321
            """
        let proposal = ReceiptParser.parse(text)
        #expect(proposal.total == Yen(321))
        #expect(proposal.tax == Yen(23))
        #expect(proposal.difference == Yen(23))
        #expect(proposal.unread.isEmpty)
    }

    @Test func longNamesAreCutToThirtyCharactersAndOldNameLinesLetGo() {
        let text = """
            一行目
            二行目
            とても長い商品名ですとても長い商品名です
            続きの行ですとても長い商品名ですとても長い
            いちばん下
            980内
            """
        let proposal = ReceiptParser.parse(text)
        #expect(proposal.items.count == 1)
        #expect(proposal.items[0].name.count == 30)
        #expect(proposal.items[0].name.hasPrefix("とても長い"))
        #expect(proposal.unread.map(\.number) == [1, 2])
    }

    @Test func emptyTextProposesNothing() {
        let proposal = ReceiptParser.parse("")
        #expect(proposal.items.isEmpty && proposal.unread.isEmpty && proposal.total == nil)
        #expect(ReceiptParser.parse("\r\n\u{0C}\n").items.isEmpty)
    }

    @Test func theHeadGivesTheShopAndTheDate() {
        func head(_ text: String) -> (String?, String?) {
            let proposal = ReceiptParser.parse(text + "\n牛乳 ¥198\n合計 ¥198\n")
            return (proposal.shop, proposal.date?.iso)
        }
        #expect(
            head("ローソン 新横浜店\nTEL 045-000-0000\n2024年12月 3日(火) 18:32") == ("ローソン新横浜店", "2024-12-03"), "the spaces OCR puts between Japanese letters go"
        )
        #expect(head("いらっしゃいませ\nまいばすけっと\n大倉山店\n令和6年12月3日") == ("まいばすけっと 大倉山店", "2024-12-03"))
        #expect(head("領収書\n2024-12-31 09:00") == (nil, "2024-12-31"))
        #expect(head("ＡＢＣマート\n2024/13/40") == ("ABCマート", nil), "no such date is read as one")
        #expect(head("") == (nil, nil))
    }
}
