import Foundation
import Testing

@testable import KakeiboImport

@Suite struct SourceTextTests {
    /// "食費,～①" as Windows writes Shift_JIS (code page 932), byte by byte.
    let shiftJIS: [UInt8] = [0x90, 0x48, 0x94, 0xEF, 0x2C, 0x81, 0x60, 0x87, 0x40]

    @Test func readsUTF8WithOrWithoutAByteOrderMark() throws {
        let plain = try #require(SourceText.decode(Array("食費,1".utf8)))
        #expect(plain.text == "食費,1")
        #expect(plain.encoding == .utf8)
        let marked = try #require(SourceText.decode([0xEF, 0xBB, 0xBF] + Array("食費,1".utf8)))
        #expect(marked.text == "食費,1", "the byte order mark is not part of the first column's name")
        #expect(marked.encoding == .utf8)
    }

    /// UTF-16 by its byte order mark, either byte order (新生銀行 PowerFlex's download is little-endian); a lone
    /// surrogate is no text.
    @Test func readsUTF16ByItsByteOrderMark() throws {
        let text = "食費,1"
        let littleEndian: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        for bytes in [littleEndian, bigEndian] {
            let decoded = try #require(SourceText.decode(bytes))
            #expect(decoded.text == text && decoded.encoding == .utf16)
        }
        #expect(SourceText.utf16([0xFF, 0xFE, 0x00, 0xD8, 0x31, 0x00]) == nil, "a lone surrogate")
        #expect(SourceText.utf16(Array(text.utf8)) == nil, "no byte order mark")
    }

    @Test func readsShiftJISAsWindowsWritesIt() throws {
        let decoded = try #require(SourceText.decode(shiftJIS))
        #expect(decoded.encoding == .shiftJIS)
        #expect(decoded.text == "食費,\u{FF5E}①", "0x8160 is the full-width tilde in code page 932")
    }

    @Test func refusesBytesThatAreNeither() {
        #expect(SourceText.decode([0x82]) == nil, "half a Shift_JIS character")
        #expect(SourceText.decode([0x41, 0xFF, 0xFF, 0x41]) == nil)
        #expect(SourceText.decode([0xEF, 0xBB, 0xBF] + shiftJIS) == nil, "a UTF-8 mark in front of Shift_JIS bytes")
    }

    @Test func theCommittedFixturesAreInTheEncodingsTheyClaim() throws {
        let sjis = try #require(SourceText.decode(try fixture("moneyforward-2024-12-sjis.csv")))
        #expect(sjis.encoding == .shiftJIS)
        #expect(sjis.text.contains("髙島屋① 地下～惣菜"))
        let bom = try fixture("moneyforward-2024-11-bom.csv")
        #expect(bom.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(SourceText.decode(bom)?.text.hasPrefix("計算対象,") == true)
    }
}

/// The table decoder against its sources: Python's cp932 codec (the fixture scripts/make-cp932 writes) for every code,
/// and the Foundation decoder it replaced for every Shift_JIS file the tests use.
@Suite struct CP932DecoderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    @Test func decodesEveryCodeAsPythonsCP932CodecDoes() throws {
        let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("cp932/every-code-cp932.txt")))
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("cp932/every-code-utf8.txt"), encoding: .utf8)
        let lines = bytes.split(separator: 0x0A)
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == expected.count)
        #expect(lines.count > 300, "every single byte and every pair, 32 to a line")
        for (line, wanted) in zip(lines, expected) {
            #expect(CP932.decode(line) == String(wanted), "\(line.map { String($0, radix: 16) })")
        }
        #expect(CP932.decode(bytes) == text, "the whole file at once")
    }

    @Test func refusesEveryPairThatIsNoCharacterAndTheUndefinedSingleBytes() throws {
        let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("cp932/every-code-cp932.txt")))
        var valid = Set<UInt16>()
        var index = 0
        while index < bytes.count {
            if (0x81...0x9F).contains(bytes[index]) || (0xE0...0xFC).contains(bytes[index]) {
                valid.insert(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                index += 2
            } else {
                index += 1
            }
        }
        #expect(valid.count > 9_000)
        var refused = 0
        for lead in [UInt8](0x81...0x9F) + [UInt8](0xE0...0xFC) {
            for trail in UInt8(0)...0xFF where !valid.contains(UInt16(lead) << 8 | UInt16(trail)) {
                #expect(CP932.decode([lead, trail]) == nil, "\(String(lead, radix: 16)) \(String(trail, radix: 16))")
                refused += 1
            }
            #expect(CP932.decode([0x41, lead]) == nil, "a lead byte at the end")
        }
        #expect(refused > 5_000)
        for single: UInt8 in [0x80, 0xA0, 0xFD, 0xFE, 0xFF] {
            #expect(CP932.decode([0x41, single, 0x41]) == nil, "\(single): undefined in Microsoft's table")
        }
    }

    @Test func decodesEveryShiftJISFixtureAsTheFoundationDecoderDid() throws {
        let walker = try #require(FileManager.default.enumerator(at: Self.fixtures, includingPropertiesForKeys: nil))
        var compared = 0
        for case let file as URL in walker where !file.hasDirectoryPath {
            let bytes = Array(try Data(contentsOf: file))
            guard String(validating: bytes, as: UTF8.self) == nil else { continue }
            let old = Self.foundationDecoder(bytes)
            #expect(CP932.decode(bytes) == old, "\(file.lastPathComponent)")
            if old != nil { compared += 1 }
        }
        #expect(compared >= 50, "the Shift_JIS downloads, statements and imports")
    }

    /// The decoder the importer used before scripts/make-cp932: Foundation's Shift_JIS, with CP932's characters where
    /// JIS X 0208 has others.
    static func foundationDecoder(_ bytes: [UInt8]) -> String? {
        guard let decoded = NSString(data: Data(bytes), encoding: String.Encoding.shiftJIS.rawValue) else { return nil }
        let cp932: [UInt32: UInt32] = [
            0x2212: 0xFF0D, 0x301C: 0xFF5E, 0x2016: 0x2225, 0x00A2: 0xFFE0, 0x00A3: 0xFFE1, 0x00AC: 0xFFE2, 0x2014: 0x2015,
        ]
        var scalars = String.UnicodeScalarView()
        for scalar in String(decoded).unicodeScalars { scalars.append(cp932[scalar.value].flatMap(Unicode.Scalar.init) ?? scalar) }
        return String(scalars)
    }
}

/// The bytes of a committed file under Tests/Fixtures/imports.
func fixture(_ name: String) throws -> [UInt8] {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/imports")
    return Array(try Data(contentsOf: directory.appendingPathComponent(name)))
}
