import Foundation
import KakeiboKit
import Testing

@testable import KakeiboImport

/// A file's format is decided in one place, `ImportFormats.identify`, over its first bytes: each format's own test
/// (the one its reader applies), kakeibo's formats before the layouts, the household's layout before a shipped one
/// of the same strength. Every committed fixture and every shipped layout is put to it here, each with the one
/// answer it must get.
@Suite struct FormatTableTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func bytes(_ relative: String) throws -> [UInt8] { Array(try Data(contentsOf: fixtures.appendingPathComponent(relative))) }

    /// The word of the format the table finds (a layout's name), "refused: …" when two layouts tie, nil for none.
    static func answer(_ bytes: [UInt8], layouts: [Layout] = ShippedLayouts.all) -> String? {
        do { return try ImportFormats.identify(FileHead(bytes), layouts: layouts)?.word } catch { return "refused: \(error)" }
    }

    /// Tests/Fixtures/imports: every file kakeibo reads, with its format.
    static let imports: [String: String?] = [
        "kakeibo-2024-12-with-settings.json": "kakeibo", "household-server-2024-12.json": "server",
        "moneyforward-2024-10-household.csv": "moneyforward", "moneyforward-2024-11-bom.csv": "moneyforward",
        "moneyforward-2024-12-sjis.csv": "moneyforward", "zaim-2024-10-household.csv": "zaim", "zaim-2024-12.csv": "zaim",
        "rakuten-2024-12-bom.csv": "rakuten-card", "rakuten-2024-12-sjis.csv": "rakuten-card", "rakuten-truncated.csv": "rakuten-card",
        "vpass-2024-12-sjis.csv": "smbc-vpass", "vpass-truncated-sjis.csv": "smbc-vpass", "paypay-2024-12.csv": "paypay",
        "yucho-2024-12-sjis.csv": "yucho", "unknown-statement.csv": nil,
    ]

    /// Tests/Fixtures/downloads2: the shipped layout that reads each file (ShippedLayoutImportTests imports them
    /// to their totals), or what finds a file no layout reads yet (docs/notes/real-files-2.md).
    static let downloads2: [String: String?] = [
        "aeon-bank-202412-sjis.csv": "aeon-bank", "amazon-orders-2024-11.csv": "amazon-orders", "amazon-orders-older-form.csv": "amazon-orders",
        "dcard-202412-sjis.csv": "dcard", "jaccs-card-202412-sjis.csv": "jaccs-card", "jibun-bank-202412-sjis.csv": "jibun-bank",
        "lifecard-202504-sjis.csv": "lifecard", "mizuho-bank-202412-dotted-sjis.csv": "mizuho-bank",
        "mizuho-bank-202412-kanji-date-sjis.csv": "mizuho-bank-kanji-date", "mufg-nicos-card-202412-sjis.csv": "mufg-nicos-card",
        "orico-card-202412-sjis.csv": "orico-card", "paypal-202412-ja.csv": "paypal-ja", "pitapa-202412-sjis.csv": "pitapa",
        "pocket-card-202412-sjis.csv": "pocket-card", "sfcard-viewer-card-b-202503-sjis.csv": "sfcard-viewer",
        "sfcard-viewer-pasmo-202412-sjis.csv": "sfcard-viewer", "sfcard-viewer-suica-202411-sjis.csv": "sfcard-viewer",
        "smbc-bank-202412-sjis.csv": "smbc-bank", "sony-bank-202412-sjis.csv": "sony-bank", "tokyo-star-bank-202412-sjis.csv": "tokyo-star-bank",
        "uc-card-202412-sjis.csv": "uc-card", "yahoo-card-2018-sjis.csv": "yahoo-card", "yokohama-bank-202412-sjis.csv": "yokohama-bank",
        // JAバンク's header has every column of 横浜銀行's (the same banking system): found, then refused at its first date.
        "ja-bank-2024-12-to-2025-01-sjis.csv": "ja-bank", "ja-bank-2025-04-sjis.csv": "ja-bank",
        // No layout can say these yet: refused with the way forward (--layout-init).
        "mobile-suica-202410.csv": "mobile-suica", "paypay-bank-202412-sjis.csv": "paypay-bank", "paypay-en-202412.csv": "paypay",
        "resona-debit-202504-sjis.csv": "resona-debit", "sbi-shinsei-202412-english-sjis.csv": "sbi-shinsei",
        "sbi-shinsei-202412-utf8.csv": "sbi-shinsei",
        "shinsei-powerflex-201812-utf16.csv": "shinsei-powerflex", "smbc-bank-201801-wareki-sjis.csv": "smbc-bank-wareki",
        "smbc-bank-201905-era-change-sjis.csv": "smbc-bank-wareki",
        "waon-202411.csv": "waon",
    ]

    /// Tests/Fixtures/downloads: expected.json's `format` ("layout: aeon-card (…)" is the shipped layout aeon-card).
    static func downloads() throws -> [String: String] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("downloads/expected.json"))
        let all = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return all.compactMapValues { entry in
            guard let format = (entry as? [String: Any])?["format"] as? String else { return nil }
            return format.hasPrefix("layout: ") ? String(format.dropFirst("layout: ".count).prefix { $0 != " " }) : format
        }
    }

    @Test func everyImportFixtureGetsItsOneAnswer() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("imports").path)
        let readable = Set(files.filter { $0.hasSuffix(".csv") || $0.hasSuffix(".json") }).subtracting(["statements-expected.json"])
        #expect(readable == Set(Self.imports.keys), "a new fixture says here which format it is")
        for (name, format) in Self.imports { #expect(Self.answer(try Self.bytes("imports/" + name)) == format, "\(name)") }
    }

    @Test func everyDownloadGetsTheFormatExpectedJSONSays() throws {
        let expected = try Self.downloads()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("downloads").path)
        #expect(Set(files.filter { $0.hasSuffix(".csv") }) == Set(expected.keys), "every download has its format in expected.json")
        #expect(expected.count >= 27)
        for (name, format) in expected { #expect(Self.answer(try Self.bytes("downloads/" + name)) == format, "\(name)") }
    }

    @Test func everyDownload2GetsItsOneAnswer() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("downloads2").path)
        #expect(Set(files.filter { $0.hasSuffix(".csv") }) == Set(Self.downloads2.keys))
        for (name, format) in Self.downloads2 { #expect(Self.answer(try Self.bytes("downloads2/" + name)) == format, "\(name)") }
    }

    /// An IC card's dumps, in each tool's style, are the card dump format.
    @Test func everyCardDumpIsACardDump() throws {
        let names = [
            "card-a-read1.plain.txt", "card-a-read1.addr.txt", "card-a-read2.plain.txt", "card-a-read2.index.txt", "card-a-older.index.txt",
            "card-b.addr.txt", "tool-styles/card-b.felicalib.txt", "tool-styles/card-b.libpafe.txt", "tool-styles/card-b.nfcpy.txt",
        ]
        for name in names { #expect(Self.answer(try Self.bytes("ic-card/" + name)) == "felica", "\(name)") }
    }

    /// Each shipped layout, given a file whose header is its own names, is found — and no other format or layout is.
    @Test(arguments: ShippedLayouts.all.map(\.name))
    func everyShippedLayoutFindsAFileOfItsOwnHeader(name: String) throws {
        let layout = try #require(ShippedLayouts.all.first { $0.name == name })
        let header = layout.match.map { "\"\($0)\"" }.joined(separator: layout.separator == .tab ? "\t" : ",")
        let answer = Self.answer(Array((header + "\n").utf8))
        let others = ShippedLayouts.all.filter { $0.name != name && Set($0.match).isSubset(of: layout.match) && $0.match.count == layout.match.count }
        if others.isEmpty {
            #expect(answer == name)
        } else {
            // Two shipped layouts with the same names are told apart by their rows, not their header: the table says so.
            #expect(answer?.hasPrefix("refused: ") == true, "\(name): \(answer ?? "nil")")
        }
    }

    /// The household's layout wins a tie with a shipped one (theirs was written for their file); two of their own tie.
    @Test func theHouseholdsOwnLayoutWinsATieWithAShippedOne() throws {
        let shipped = try #require(ShippedLayouts.all.first { $0.name == "aeon-card" })
        var own = shipped
        own.name = "my-aeon"
        own.origin = "/home/me/.config/kakeibo/layouts/my-aeon.json"
        let file = try Self.bytes("downloads/aeon-card-202412-sjis.csv")
        #expect(Self.answer(file) == "aeon-card")
        #expect(Self.answer(file, layouts: [own] + ShippedLayouts.all) == "my-aeon")
        var twin = own
        twin.name = "my-aeon-2"
        #expect(
            Self.answer(file, layouts: [own, twin] + ShippedLayouts.all) == "refused: \(ConvertProblem.ambiguousLayout(["my-aeon", "my-aeon-2"]))")
    }

    /// Each CSV fixture as UTF-8, UTF-8 with a byte order mark and Shift_JIS: the same format every time.
    @Test func everyFormatIsFoundInEveryEncoding() throws {
        for case (let name, let format?) in Self.imports where name.hasSuffix(".csv") {
            let text = try #require(SourceText.decode(try Self.bytes("imports/" + name))?.text, "\(name)")
            let shiftJIS = try #require(text.data(using: .shiftJIS), "\(name) in Shift_JIS")
            for (encoding, bytes) in [("UTF-8", Array(text.utf8)), ("BOM", [0xEF, 0xBB, 0xBF] + Array(text.utf8)), ("Shift_JIS", Array(shiftJIS))] {
                #expect(Self.answer(bytes) == format, "\(name) in \(encoding)")
            }
        }
    }

    /// A header is found by its names in any order, quoted or not, spaces around them; ゆうちょ's
    /// after its lines about the account (ten at most), and not after more.
    @Test func headersAreFoundByTheirNames() {
        #expect(Self.answer(Array(#""利用金額", 利用日 ,"利用店名・商品名",支払方法,手数料/利息"#.utf8)) == "rakuten-card")
        #expect(Self.answer(Array(#""利用金額",利用日,"利用店名・商品名",支払方法"#.utf8)) == nil, "its reader needs a fee column too")
        #expect(Self.answer(Array("利用日,利用店名・商品名\n".utf8)) == nil, "a name missing")
        let yucho = "取引日,入出金明細ＩＤ,受入金額（円）,払出金額（円）,詳細１,詳細２,現在（貸付）高\n"
        #expect(Self.answer(Array((String(repeating: "x,y\n", count: 10) + yucho).utf8)) == "yucho")
        #expect(Self.answer(Array((String(repeating: "x,y\n", count: 11) + yucho).utf8)) == nil)
        #expect(Self.answer(Array("山田 太郎 様,4980-00＊＊-＊＊＊＊-1234,カード\n".utf8)) == "smbc-vpass")
        #expect(Self.answer(Array("山田 太郎 様,三井住友,カード\n".utf8)) == nil, "no card number")
        #expect(Self.answer([]) == nil)
        #expect(Self.answer(Array("日付,金額\n2024/12/01,100\n".utf8)) == nil)
        #expect(Self.answer([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == nil, "a PNG")
    }

    /// PayPay's header names come from its reader alone: the four the command line's table used to look for are not
    /// enough, the reader's six are.
    @Test func paypaysHeaderIsItsReadersSixNames() {
        #expect(Self.answer(Array("取引日,出金金額（円）,取引内容,取引番号\n".utf8)) == nil)
        #expect(Self.answer(Array("取引日,出金金額（円）,入金金額（円）,取引内容,取引先,取引番号\n".utf8)) == "paypay")
        #expect(
            StatementFormat.paypay.recognise(FileHead(Array("取引日,出金金額（円）,取引内容,取引番号\n".utf8))) == .refused(.notItsShape))
    }

    /// A format that refuses a file says why.
    @Test func aRefusalSaysWhy() {
        let moneyforward = FileHead(Array("計算対象,日付,内容,金額（円）,保有金融機関,大項目,中項目,メモ,振替,ID\n".utf8))
        #expect(ImportSource.moneyforward.recognise(moneyforward) == .recognised(confidence: Recognition.certain))
        if case .refused(.missingColumns(let missing)) = ImportSource.zaim.recognise(moneyforward) {
            #expect(missing.contains("方法") && !missing.contains("日付"), "names what is missing, not what is there")
        } else {
            Issue.record("Zaim should refuse MoneyForward's header for its missing columns")
        }
        #expect(JSONItems.kakeibo.recognise(moneyforward) == .refused(.firstByte(expected: UInt8(ascii: "{"))))
        #expect(ImportSource.zaim.recognise(FileHead([0x82, 0x0A])) == .refused(.notText))
        #expect(CardDumpFormat().recognise(moneyforward) == .refused(.notItsShape))
    }

    /// The built-in formats, in the order they are tried: each `--from` word once.
    @Test func theTableNamesEachBuiltInFormatOnce() {
        let words = ImportFormats.builtIn.map(\.word)
        #expect(words == ["kakeibo", "server", "moneyforward", "zaim", "rakuten-card", "smbc-vpass", "paypay", "yucho", "felica"])
        for word in words { #expect(ImportFormats.named(word)?.word == word) }
        #expect(ImportFormats.named("statement") == nil)
    }
}
