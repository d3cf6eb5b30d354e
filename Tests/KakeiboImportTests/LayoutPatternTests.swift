import KakeiboKit
import Testing

@testable import KakeiboImport

/// A layout's patterns: matched by kakeibo's own matcher, which agrees with the standard library's regular
/// expressions on what layouts write, takes time linear in the text whatever the pattern, and refuses at entry what
/// would need backtracking.
@Suite struct LayoutPatternTests {
    static let patterns = [
        "^ＡＴＭ", "^振替　ＳＢＩ証券", "^[*＊0-9]{4}-", "^残高照会", "ATM", "カード$", "^(ATM|ＡＴＭ)\\s*引出", "a.c", "a.*c", "colou?r",
        "^\\d{3}-\\d{4}$", "[^0-9]+", "(?i)amazon", "(?i:visa)カード", "x{2,3}", "x{2,}", "^$", "\\bpay\\b", "[a-c-]", "\\.",
        "(?:ab)+c", "(?<kind>振込|振替)手数料", "a|b|", "[\\d,]+円", "^(a+)+$", "(a|aa)*b", "\\u{30A2}", "[ァ-ヶ]+", "x*?y",
    ]
    static let texts = [
        "", "ＡＴＭ引出", "ATM 引出", "振替　ＳＢＩ証券", "****-1234", "＊＊＊＊-5678", "2024-12", "残高照会", "ATMカード", "abc",
        "axxxc", "color", "colour", "123-4567", "AMAZON.CO.JP", "VISAカード", "visaカード", "xx", "xxxx", "pay day", "payday", "-",
        "a.b", "ababc", "振込手数料", "3,990円", "aaaaaaaaaaaab", "aaaa", "アマゾン", "xxy",
    ]

    @Test func agreesWithTheStandardLibrarysRegularExpressionsOnWhatLayoutsWrite() throws {
        for source in Self.patterns {
            let pattern = try LayoutPattern(source)
            let regex = try Regex(source)
            for text in Self.texts {
                #expect(pattern.found(in: text) == text.contains(regex), "'\(source)' in '\(text)'")
            }
        }
    }

    @Test func aPatternThatBacktracksWithoutBoundMatchesInOnePass() throws {
        // The standard library's matcher takes over 30 s on 21 characters of this; one pass takes as many steps as
        // the text has characters times the pattern's size, whatever the text.
        let pattern = try LayoutPattern("^(a+)+$")
        #expect(!pattern.found(in: String(repeating: "a", count: 5_000) + "!"))
        #expect(pattern.found(in: String(repeating: "a", count: 5_000)))
        #expect(!(try LayoutPattern("(x+x+)+y")).found(in: String(repeating: "x", count: 5_000)))
    }

    @Test func whatNeedsBacktrackingIsRefusedAtEntry() {
        func refusal(_ source: String) -> LayoutPattern.Refusal? {
            do {
                _ = try LayoutPattern(source)
                return nil
            } catch { return error }
        }
        #expect(refusal("(a)\\1") == .unsupported("a backreference"))
        #expect(refusal("(?<x>a)\\k<x>") == .unsupported("a backreference"))
        #expect(refusal("ATM(?=引出)") == .unsupported("lookahead"))
        #expect(refusal("(?<!振)替") == .unsupported("lookbehind"))
        #expect(refusal("a++") == .unsupported("a possessive repetition"))
        #expect(refusal("((a{1000}){1000})") == .tooLarge)
        #expect(refusal("(ATM") == .syntax("missing ')'"))
        #expect(refusal("[a-") == .syntax("a '[' without ']'"))
        #expect(refusal("*a") == .syntax("'*' with nothing to repeat at 1"))
    }

    @Test func aLayoutWithABacktrackingPatternIsRefusedNamingIt() {
        let text =
            #"{"schema": 1, "name": "b", "header": {"match": ["日付"]}, "date": {"column": "日付", "format": "yyyyMMdd"}, "amount": {"column": "金額"}, "description": ["摘要"], "ignore": [{"column": "摘要", "matches": "(振)\\1"}]}"#
        do {
            _ = try Layout.parse(Array(text.utf8), origin: "x.json")
            Issue.record("a backreference was accepted")
        } catch {
            #expect(error.issue == .unboundedPattern("(振)\\1", key: "ignore.matches", uses: "a backreference"))
            #expect(error.message(in: .en).hasPrefix("layout x.json: \"ignore.matches\": '(振)\\1' uses a backreference"))
        }
    }
}
