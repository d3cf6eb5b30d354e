import Testing

@testable import KakeiboValues

/// `includes` and `replacingEvery` stand in for the standard library's `contains(_:)` and `replacing(_:with:)` (which
/// would link the regex engine into `kakeibo`), and `[String].joined` for its generic one; for text made of whole
/// characters they must answer the same.
@Suite struct TextSearchTests {
    static let pieces = ["a", "b", "ab", "合計", "カード", "\"", "e\u{301}", "é", ";", " or "]

    func random(_ generator: inout SystemRandomNumberGenerator, upTo count: Int) -> String {
        (0..<Int.random(in: 0...count, using: &generator)).map { _ in TextSearchTests.pieces.randomElement(using: &generator)! }.joined()
    }

    /// Whether `other`'s characters stand in a row in `text` (empty: never). The standard library's `contains` is the
    /// model, but it misses some canonically equivalent matches ("aabééカード" with é written both ways does not contain
    /// "éカード" by it), so the oracle compares characters, as `==` on them does.
    static func contains(_ text: String, _ other: String) -> Bool {
        let text = Array(text)
        let other = Array(other)
        guard !other.isEmpty, other.count <= text.count else { return false }
        return (0...(text.count - other.count)).contains { start in Array(text[start..<(start + other.count)]) == other }
    }

    @Test func includesAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = random(&generator, upTo: 6)
            let other = random(&generator, upTo: 2)
            #expect(text.includes(other) == TextSearchTests.contains(text, other), "\(text.debugDescription) ∋ \(other.debugDescription)")
        }
        #expect("お会計 合計 1,200".includes("合計"))
        #expect("cafe\u{301}".includes("café"), "canonically equivalent text matches, as with contains")
        #expect(!"cafe\u{301}".includes("cafe"), "a character is not split")
        #expect(!"cafe\u{301}".includes("\u{301}"), "nor is a combining mark found inside one (the standard library's would be)")
        #expect(!".tmp-1".includes(""))
        #expect("aab\u{E9}e\u{301}カード".includes("\u{E9}カード"), "the standard library's contains says no to this one")
    }

    @Test func replacingEveryAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = random(&generator, upTo: 6)
            let target = random(&generator, upTo: 2)
            let replacement = random(&generator, upTo: 2)
            guard !target.isEmpty else { continue }
            #expect(
                text.replacingEvery(target, with: replacement) == text.replacing(target, with: replacement),
                "\(text.debugDescription): \(target.debugDescription) → \(replacement.debugDescription)")
        }
        #expect("say \"hi\"".replacingEvery("\"", with: "\"\"") == "say \"\"hi\"\"")
        #expect("aaa".replacingEvery("aa", with: "b") == "ba", "left to right, not overlapping")
        #expect("abc".replacingEvery("", with: "x") == "abc")
    }

    /// The standard library's `joined(separator:)`, reached through a generic context where ours can't be chosen.
    static func standardJoined(_ strings: some BidirectionalCollection<String>, _ separator: String) -> String {
        strings.joined(separator: separator)
    }

    @Test func joinedAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let strings = (0..<Int.random(in: 0...4, using: &generator)).map { _ in random(&generator, upTo: 3) }
            let separator = random(&generator, upTo: 1)
            #expect(strings.joined(separator: separator) == TextSearchTests.standardJoined(strings, separator), "\(strings)")
            #expect(strings.joined() == TextSearchTests.standardJoined(strings, ""))
        }
        #expect(["e", "\u{301}"].joined() == "e\u{301}")
        #expect(["a"].joined(separator: ", ") == "a")
    }
}
