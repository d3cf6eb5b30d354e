import Foundation
import Testing

@testable import KakeiboConvert

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

/// The bytes of a committed file under Tests/Fixtures/imports.
func fixture(_ name: String) throws -> [UInt8] {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/imports")
    return Array(try Data(contentsOf: directory.appendingPathComponent(name)))
}
