import KakeiboTestSupport
import Testing

@testable import KakeiboValues

@Suite struct TextFoldTests {
    func folded(_ text: String) -> String { String(decoding: TextFold.fold(text), as: UTF8.self) }

    @Test func halfWidthKanaBecomesFullWidthWithItsSoundMarks() {
        #expect(TextFold.halfWidthKana.count == 0xFF9F - 0xFF61 + 1)
        #expect(folded("ｺｰﾋｰ") == "コーヒー")
        #expect(folded("ｶﾞｽ代") == "ガス代")
        #expect(folded("ﾊﾟﾝ ﾋﾞｰﾙ ｳﾞｨ") == "パン ビール ヴィ")
        #expect(folded("ｱｲｳｴｵ ﾜｦﾝ｡｢｣､･") == "アイウエオ ワヲン。「」、・")
        #expect(folded("ﾏﾞ") == "マ゛", "a mark on a kana that takes none stays a mark")
        #expect(folded("カ\u{3099}") == "ガ", "a combining mark joins the kana before it")
        #expect(folded("ハ\u{309A}ン") == "パン")
    }

    @Test func hiraganaFindsKatakanaAndBackward() throws {
        #expect(folded("こーひー") == "コーヒー")
        #expect(folded("ぎゅうにゅう") == "ギュウニュウ")
        #expect(folded("か\u{3099}") == "ガ", "a combining mark joins a hiragana as its katakana")
        #expect(folded("ゝゞ") == "ヽヾ")
        #expect(folded("牛乳 ヴ") == "牛乳 ヴ", "kanji and katakana stay as they are")
        #expect(try SearchQuery("こーひー").matches(item("コーヒー", 178, "2024-12-03")))
        #expect(try SearchQuery("コーヒー").matches(item("こーひー牛乳", 150, "2024-12-03")))
        #expect(try SearchQuery("ｺｰﾋｰ").matches(item("こーひー", 150, "2024-12-03")))
    }

    @Test func fullWidthASCIIAndCaseFold() {
        #expect(folded("ＣＯＦＦＥＥ") == "coffee")
        #expect(folded("Coffee １７８円") == "coffee 178円")
        #expect(folded("Ｓｕｉｃａ　チャージ") == "suica チャージ", "the ideographic space is a space")
        #expect(folded("コーヒー") == "コーヒー", "full-width kana and kanji are as they are")
    }

    @Test func searchMatchesNameShopAndMemoFolded() throws {
        var coffee = item("コーヒー", 178, "2024-12-03")
        coffee.details = ItemDetails(shop: "ドトール", memo: "Morning")
        #expect(try SearchQuery("ｺｰﾋｰ").matches(coffee))
        #expect(try SearchQuery("ﾄﾞﾄｰﾙ").matches(coffee))
        #expect(try SearchQuery("ＭＯＲＮ").matches(coffee))
        #expect(try !SearchQuery("紅茶").matches(coffee))
        #expect(try !SearchQuery("ｺｰﾋｰ", minimum: Yen(200)).matches(coffee))
        #expect(try !SearchQuery("ｺｰﾋｰ", from: CalendarDate.parseISO("2024-12-04")).matches(coffee))
        #expect(throws: SearchError.emptyPattern) { try SearchQuery("  　") }
    }
}
