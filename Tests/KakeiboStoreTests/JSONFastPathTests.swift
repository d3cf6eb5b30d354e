import KakeiboValues
import Testing

@testable import KakeiboStore

/// Each shortcut the JSON reader and writer take for speed must give exactly what the plain way gives.
@Suite struct JSONFastPathTests {
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
}
