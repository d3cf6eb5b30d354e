import Foundation
import KakeiboImport
import KakeiboKit
import Testing

@testable import KakeiboCLI

/// `kakeibo import FILE` finds the format from the file through one table (`ImportFormat.all`), from its first
/// bytes as `kakeibo` sees them (no Shift_JIS decoder there): every committed fixture, and each written again in
/// the encodings its service could use, so a header name the Shift_JIS table can't spell fails here.
@Suite struct ImportDetectionTests {
    /// Every file under Tests/Fixtures/imports that kakeibo reads, with the format it is.
    static let fixtures: [String: String] = [
        "kakeibo-2024-12-with-settings.json": "kakeibo", "household-server-2024-12.json": "server",
        "moneyforward-2024-10-household.csv": "moneyforward", "moneyforward-2024-11-bom.csv": "moneyforward",
        "moneyforward-2024-12-sjis.csv": "moneyforward", "zaim-2024-10-household.csv": "zaim", "zaim-2024-12.csv": "zaim",
        "rakuten-2024-12-bom.csv": "rakuten-card", "rakuten-2024-12-sjis.csv": "rakuten-card", "rakuten-truncated.csv": "rakuten-card",
        "vpass-2024-12-sjis.csv": "smbc-vpass", "vpass-truncated-sjis.csv": "smbc-vpass", "paypay-2024-12.csv": "paypay",
        "yucho-2024-12-sjis.csv": "yucho",
    ]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/imports")

    func found(_ bytes: [UInt8]) -> String? { ImportFormat.detect(FileHead(bytes))?.name }

    func fixture(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: Self.directory.appendingPathComponent(name))) }

    @Test func everyFixtureIsFoundFromItsBytes() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
        let readable = Set(files.filter { $0.hasSuffix(".csv") || $0.hasSuffix(".json") }).subtracting([
            "unknown-statement.csv", "statements-expected.json",
        ])
        #expect(readable == Set(Self.fixtures.keys), "a new fixture says here which format it is")
        for (name, format) in Self.fixtures { #expect(found(try fixture(name)) == format, "\(name)") }
    }

    /// Each CSV fixture as UTF-8, UTF-8 with a byte order mark and Shift_JIS: the same format every time.
    @Test func everyFormatIsFoundInEveryEncoding() throws {
        for (name, format) in Self.fixtures where name.hasSuffix(".csv") {
            let text = try #require(SourceText.decode(try fixture(name))?.text, "\(name)")
            let shiftJIS = try #require(text.data(using: .shiftJIS), "\(name) in Shift_JIS")
            for (encoding, bytes) in [("UTF-8", Array(text.utf8)), ("BOM", [0xEF, 0xBB, 0xBF] + Array(text.utf8)), ("Shift_JIS", Array(shiftJIS))] {
                #expect(found(bytes) == format, "\(name) in \(encoding)")
            }
        }
    }

    @Test func anUnknownFileIsNoFormat() throws {
        #expect(found(try fixture("unknown-statement.csv")) == nil)
        #expect(found([]) == nil)
        #expect(found(Array("日付,金額\n2024/12/01,100\n".utf8)) == nil)
        #expect(found([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == nil, "a PNG")
        for language in Language.allCases {
            let message = ImportFileError.unknown("x.csv").message(in: language)
            for format in ImportFormat.all { #expect(message.contains(format.shortName(language)), "names what was tried: \(format.name)") }
            #expect(message.contains("--from") && message.contains("docs/statements.md"), "and the way forward")
        }
    }

    /// A header is found by its names in any order and with the spaces and quotes a spreadsheet adds; ゆうちょ's
    /// after its seven lines about the account, and not after more.
    @Test func headersAreFoundByTheirNames() {
        #expect(found(Array(#" "利用金額" , 利用日,"利用店名・商品名",支払方法"#.utf8)) == "rakuten-card")
        #expect(found(Array("利用日,利用店名・商品名\n".utf8)) == nil, "a name missing")
        let yucho = "取引日,入出金明細ＩＤ,受入金額（円）,払出金額（円）,詳細１,詳細２,現在（貸付）高\n"
        #expect(found(Array((String(repeating: "x,y\n", count: 7) + yucho).utf8)) == "yucho")
        #expect(found(Array((String(repeating: "x,y\n", count: 8) + yucho).utf8)) == nil)
        #expect(found(Array("山田 太郎 様,4980-00＊＊-＊＊＊＊-1234,カード\n".utf8)) == "smbc-vpass")
        #expect(found(Array("山田 太郎 様,三井住友,カード\n".utf8)) == nil, "no card number")
    }

    /// The few Shift_JIS codes `kakeibo` carries are the ones Foundation's encoder gives.
    @Test func theShiftJISTableAgreesWithFoundation() throws {
        for (scalar, code) in ShiftJIS.codes {
            let bytes = try #require(String(scalar).data(using: .shiftJIS), "\(scalar)")
            #expect(Array(bytes) == [UInt8(code >> 8), UInt8(code & 0xFF)], "\(scalar)")
        }
        #expect(ShiftJIS.encode("ID,計算対象") == Array("ID,計算対象".data(using: .shiftJIS)!))
        #expect(ShiftJIS.encode("髙") == nil, "a character not in the table")
    }
}
