import Testing

@testable import KakeiboOperations
@testable import KakeiboRender
@testable import KakeiboReports
@testable import KakeiboStore
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

    @Test func sortingByNameRankMatchesStringOrder() {
        // Canonically equivalent names (composed and decomposed が) are equal, as String comparison says.
        let names = ["牛乳", "コーヒー", "が", "か\u{3099}", "Apple", "apple", "ﾊﾟﾝ", "卵", "é", "e\u{301}"]
        var items: [Item] = []
        for (index, name) in names.enumerated() {
            for day in [3, 1] {
                items.append(item(name, 100 + index % 3, "2024-12-0\(day)", id: "id-\(names.count - index)-\(day)"))
            }
        }
        for key in ItemOrder.Key.allCases {
            for descending in [false, true] {
                let order = ItemOrder(key: key, descending: descending)
                let expected = items.sorted { a, b in
                    switch key {
                    case .price where a.price != b.price: return descending ? a.price > b.price : a.price < b.price
                    case .date where a.date != b.date: return descending ? a.date > b.date : a.date < b.date
                    default:
                        if a.date != b.date { return a.date < b.date }
                        if a.name != b.name { return a.name < b.name }
                        return a.id < b.id
                    }
                }
                #expect(order.sorted(items).map(\.id) == expected.map(\.id))
            }
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

    @Test func knownKeysAndStringBytesMatchWithOrWithoutEscapes() throws {
        enum Key: String, CaseIterable { case id, date }
        let text = #"{"id":"a","d\u0061te":"2024\u002d12-03","other":"x","date":"é"}"#
        let bytes = Array(text.utf8)
        var seen: [String] = []
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            try scanner.beginObject()
            while let match = try scanner.nextKey(JSONKeys<Key>()) {
                let value = try scanner.readString { String(decoding: $0, as: UTF8.self) }
                switch match {
                case .known(let key): seen.append(key.rawValue + "=" + value)
                case .other(let name): seen.append("?" + name + "=" + value)
                }
            }
            try scanner.end()
        }
        #expect(seen == ["id=a", "date=2024-12-03", "?other=x", "date=é"])
    }

    @Test func invalidUTF8IsStillRefused() throws {
        // A lone continuation byte, an overlong "/", an encoded surrogate, a truncated sequence, and past U+10FFFF.
        for bad: [UInt8] in [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE3, 0x81], [0xF4, 0x90, 0x80, 0x80]] {
            #expect(throws: JSONError.self, "\(bad)") { try JSONValue.parse([0x22] + bad + [0x22]) }
        }
        #expect(try JSONValue.parse([0x22, 0xEF, 0xBF, 0xBD, 0x22]) == .string("\u{FFFD}"))
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

    @Test func theWriterEscapesAndWritesNumbersAsBefore() throws {
        let texts = [
            "", "コーヒー \"濃いめ\"", "a\\b", "tab\there\nnew\r", "\u{1}\u{1F}\u{7F}é🍣", String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
        ]
        for text in texts {
            var writer = JSONWriter()
            writer.string(text)
            #expect(try JSONValue.parse(writer.bytes) == .string(text))
            #expect(!writer.bytes.dropFirst().dropLast().contains { $0 < 0x20 })
        }
        var writer = JSONWriter()
        writer.string("a\"\\\n\u{1}")
        #expect(writer.text == #""a\"\\\n\u0001""#)
        for value in [0, 7, -7, 178, -500, 9_999_999_999, Int.max, Int.min] {
            var writer = JSONWriter()
            writer.integer(value)
            #expect(writer.text == String(value))
        }
    }

    @Test func theLargestItemsAreTheTopOfTheFullOrder() {
        var generator = SeededGenerator(seed: 7)
        let names = ["牛乳", "卵", "パン", "米"]
        let items = (0..<400).map { n in
            item(
                names[Int(generator.next() % 4)], [-100, 100, 200, 300, 300, 300][Int(generator.next() % 6)],
                "2024-12-\(10 + Int(generator.next() % 3))", id: "id-\(n)")
        }
        let report = MonthReport(month: december, items: items, filter: nil, order: ItemOrder(), taxonomy: .standard)
        let full = ItemOrder(key: .price, descending: true).sorted(items.filter { $0.price.amount > 0 })
        for count in [0, 1, 3, 50, 1000] {
            #expect(report.largestItems(count).map(\.id) == full.prefix(count).map(\.id))
        }
        #expect(
            MonthReport(month: december, items: [item("返品", -5, "2024-12-01")], filter: nil, order: ItemOrder(), taxonomy: .standard).largestItems()
                .isEmpty)
    }
}

/// A small deterministic generator (SplitMix64), so a test's "random" data is the same every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
