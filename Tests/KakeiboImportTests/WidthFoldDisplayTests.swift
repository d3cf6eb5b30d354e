import KakeiboKit
import Testing

/// How a statement's text is shown: full-width ASCII as ASCII, but a full-width dash after katakana — how banks write
/// a long vowel — as written: `カ－ド` was shown `カ-ド`.
@Suite struct WidthFoldDisplayTests {
    @Test func aBanksLongVowelWrittenAsADashStaysAsWritten() {
        #expect(WidthFold.fold("イオンクレジツトサ－ビス") == "イオンクレジツトサ－ビス")
        #expect(WidthFold.fold("ＪＣＢカ－ド") == "JCBカ－ド")
        #expect(WidthFold.fold("ｶ-ﾄﾞ") == "カ-ド", "a half-width file's ASCII dash is left alone (セブン-イレブン)")
        #expect(WidthFold.fold("－３，０００") == "-3,000", "a full-width minus before digits is a minus")
        #expect(WidthFold.fold("ＮＯ－１") == "NO-1")
    }

    /// Compared, every dash and long vowel is one: the line still finds the account whose alias has ー.
    @Test func comparingStillTakesTheDashForTheLongVowel() {
        #expect(AccountKey.fold(WidthFold.fold("イオンクレジツトサ－ビス")) == AccountKey.fold("イオンクレジツトサービス"))
    }
}
