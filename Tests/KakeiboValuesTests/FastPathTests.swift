import Testing

@testable import KakeiboValues

/// Each shortcut the query path takes for speed must give exactly what the plain way gives.
@Suite struct FastPathTests {
    /// Every scalar of the Basic Multilingual Plane and the first supplementary planes.
    static let scalars = (0..<0x30000).compactMap(Unicode.Scalar.init)

    @Test func standaloneWidthsAgreeWithCharacterWidths() {
        var disagreements: [String] = []
        for scalar in FastPathTests.scalars {
            guard let width = standaloneWidth(scalar) else { continue }
            let text = String(scalar)
            if width != clusterWidth(text) { disagreements.append("U+\(String(scalar.value, radix: 16)) width") }
            // A standalone scalar never joins its neighbours: next to kana, ASCII, © or itself it stays one character.
            for neighbour in ["あ", "a", "©", text] where (text + neighbour).count != 2 || (neighbour + text).count != 2 {
                disagreements.append("U+\(String(scalar.value, radix: 16)) joins \(neighbour)")
            }
        }
        #expect(disagreements == [])
    }

    @Test func displayWidthOfMixedText() {
        #expect(displayWidth("コーヒー 178円") == 14)
        #expect(displayWidth("Food › Drink") == 12)
        #expect(displayWidth("¥2,510") == 6)
        #expect(displayWidth("██▌") == 3)
        // Joined characters take the exact way: a family emoji is one wide glyph, a combining accent adds nothing.
        #expect(displayWidth("👨‍👩‍👧") == 2)
        #expect(displayWidth("e\u{301}t\u{e9}") == 3)
        #expect(displayWidth("が") == 2)
        #expect(displayWidth("か\u{3099}") == 2)
    }

    @Test func whitespaceAgreesWithTheStandardLibrary() {
        let disagreements = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { isWhitespace($0) != $0.properties.isWhitespace }
        #expect(disagreements == [])
    }

    @Test func namesAndIdsValidateTheSameEitherWay() throws {
        #expect(try ItemName.validate("　コーヒー ") == "コーヒー")
        #expect(try ItemName.validate(String(repeating: "あ", count: 30)) == String(repeating: "あ", count: 30))
        #expect(throws: ValueError.nameTooLong(count: 31)) { try ItemName.validate(String(repeating: "あ", count: 31)) }
        // Thirty characters of two scalars each: more than 30 scalars, still 30 characters.
        let accented = String(repeating: "e\u{301}", count: 30)
        #expect(try ItemName.validate(accented) == accented)
        #expect(throws: ValueError.nameControlCharacter) { try ItemName.validate("a\u{1B}b") }
        #expect(try ItemID.validate("3c747910-c5ce-4fb2-b878-f8e14109b0c2") == "3c747910-c5ce-4fb2-b878-f8e14109b0c2")
        #expect(try ItemID.validate("ｉｄ") == "ｉｄ")
        for bad in ["", " a", "a ", "a\u{7F}", String(repeating: "x", count: 201)] {
            #expect(throws: ValueError.self, "\(bad)") { try ItemID.validate(bad) }
        }
    }

    @Test func datesAndTimesParseFromBytes() throws {
        #expect(Timestamp.parse("2024-12-03T09:15:00.250Z") == Timestamp(milliseconds: 1_733_217_300_250))
        #expect(Timestamp.parse("2024-12-03T09:15:00Z") == Timestamp(milliseconds: 1_733_217_300_000))
        for bad in ["2024-12-03T24:00:00Z", "2024-02-30T00:00:00Z", "2024-12-03 09:15:00Z", "2024-12-03T09:15:00.25Z", "2024-12-03T09:15:00.250", ""]
        {
            #expect(Timestamp.parse(bad) == nil, "\(bad)")
        }
        #expect(try CalendarDate.parseCompact("20241203") == CalendarDate(year: 2024, month: 12, day: 3))
        #expect(throws: ValueError.dateDay("2024-02-30", year: 2024, month: 2, days: 29)) { try CalendarDate.parseISO("2024-02-30") }
        #expect(throws: ValueError.dateFormat("2024-1-03")) { try CalendarDate.parseISO("2024-1-03") }
    }

    @Test func randomIdsAreVersion4UUIDs() throws {
        let ids = (0..<200).map { _ in ItemID.random() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let utf8 = Array(id.utf8)
            #expect(utf8.count == 36)
            #expect([8, 13, 18, 23].allSatisfy { utf8[$0] == UInt8(ascii: "-") })
            #expect(utf8[14] == UInt8(ascii: "4"))
            #expect(Array("89ab".utf8).contains(utf8[19]))
            #expect(id.allSatisfy { "0123456789abcdef-".contains($0) })
            #expect(try ItemID.validate(id) == id)
        }
    }
}
