import Foundation
import Testing

@testable import KakeiboValues

/// The one table of what syncs (`SyncLimits`) is the household server's too: server/Code.gs's `LIMITS` must say the
/// same, field for field; and what kakeibo does at entry is what the server would do.
@Suite struct SyncLimitsTests {
    static let codeGS = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("server/Code.gs")

    /// Code.gs's table, as JSON (the text between its markers).
    static func serverTable() throws -> [String: Any] {
        let text = try String(contentsOf: codeGS, encoding: .utf8)
        let begin = try #require(text.range(of: "// LIMITS BEGIN\n"))
        let end = try #require(text.range(of: "// LIMITS END"))
        var body = String(text[begin.upperBound..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
        body = String(body.drop { $0 != "{" })
        if body.hasSuffix(";") { body.removeLast() }
        return try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    }

    static func ranges(_ value: Any?) -> [[Int]] { (value as? [[Any]])?.map { $0.compactMap { $0 as? Int } } ?? [] }

    @Test func theServersTableIsKakeibos() throws {
        let table = try SyncLimitsTests.serverTable()
        #expect(table["unit"] as? String == SyncLimits.unit)
        #expect(SyncLimitsTests.ranges(table["space"]) == SyncLimits.space.map { [Int($0.lowerBound), Int($0.upperBound)] })
        #expect(SyncLimitsTests.ranges(table["control"]) == SyncLimits.control.map { [Int($0.lowerBound), Int($0.upperBound)] })
        let lengths = try #require(table["lengths"] as? [String: [Int]])
        #expect(lengths.count == SyncLimits.lengths.count)
        for (field, entry, server) in SyncLimits.lengths {
            #expect(lengths[field] == [entry, server], "\(field)")
            #expect(entry <= server, "kakeibo never takes more than the server: \(field)")
        }
        #expect(table["tags"] as? [Int] == [SyncLimits.tags.entry, SyncLimits.tags.server])
        #expect(table["price"] as? [Int] == [SyncLimits.price.entry, SyncLimits.price.server])
        #expect(table["reimbursed"] as? [Int] == [SyncLimits.reimbursed.entry, SyncLimits.reimbursed.server])
        #expect(table["dates"] as? [String] == [SyncLimits.firstDate.iso, SyncLimits.lastDate.iso])
    }

    @Test func kakeibosOwnLimitsAreTheTables() {
        #expect(SyncLimits.entry("name") == ItemName.maximumLength)
        #expect(SyncLimits.entry("id") == ItemID.maximumLength)
        for field in DetailField.allCases { #expect(SyncLimits.entry(field.rawValue) == field.maximumLength) }
        #expect(SyncLimits.entry("tag") == Tags.maximumLength && SyncLimits.tags.entry == Tags.maximumCount)
        #expect(SyncLimits.price.entry == Yen.limit && SyncLimits.reimbursed.entry == Yen.limit)
        // The control set is the one names and details are checked against.
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(SyncLimits.isControl(scalar) == ItemName.isControl(scalar), "U+\(String(value, radix: 16))")
        }
        // Everything trimWhitespace trims is trimmed at entry too.
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value), isWhitespace(scalar) else { continue }
            #expect(SyncLimits.isSpace(scalar), "U+\(String(value, radix: 16))")
        }
    }

    /// The fast path of `composed` passes a text through unchanged only when it is NFC: every scalar it trusts is
    /// its own NFC, alone and after a letter.
    @Test func everyScalarTrustedAsComposedIs() {
        for value in UInt32(0)...0x1FAFF {
            guard let scalar = Unicode.Scalar(value), SyncLimits.isComposedAlone(scalar) else { continue }
            let text = String(Character(scalar))
            #expect(String(decoding: text._nfcCodeUnits, as: UTF8.self) == text, "U+\(String(value, radix: 16))")
            let after = "a" + text
            #expect(String(decoding: after._nfcCodeUnits, as: UTF8.self) == after, "U+\(String(value, radix: 16)) after a")
        }
    }

    @Test(arguments: [
        ("牛乳\u{FEFF}", "牛乳"), ("\u{3000}か\u{3099}き\u{3099}", "がぎ"), ("Cafe\u{301}", "Café"), ("\u{FEFF}\u{FEFF}", ""), ("milk", "milk"),
    ])
    func entryTextIsWhatSyncs(_ raw: String, _ synced: String) {
        #expect(SyncLimits.normalized(raw).unicodeScalars.elementsEqual(synced.unicodeScalars))
    }

    @Test func entryRefusesWhatTheServerWouldAndCountsLikeIt() throws {
        // 29 characters typed as NFD (35 code points) are 29 in NFC: taken.
        let shop = String(repeating: "か\u{3099}", count: 29)
        #expect(try DetailField.shop.validate(shop).unicodeScalars.count == 29)
        // 30 joined emoji are 30 characters on screen but 210 code points: refused with the count.
        let family = String(repeating: "👨‍👩‍👧‍👦", count: 30)
        #expect(throws: ValueError.nameTooLong(count: 210)) { try ItemName.validate(family) }
        #expect(throws: DetailError.tooLong(.shop, count: 31)) { try DetailField.shop.validate(String(repeating: "🍣", count: 31)) }
        #expect(try ItemName.validate("牛乳\u{FEFF}") == "牛乳")
        // Reading a store keeps what it holds.
        #expect(try ItemName.validate(family.prefix(3) + "", entry: false) == String(family.prefix(3)))
        #expect(SyncLimits.takes(SyncLimits.firstDate) && SyncLimits.takes(SyncLimits.lastDate))
        #expect(!SyncLimits.takes(CalendarDate(year: 1899, month: 12, day: 31)!) && !SyncLimits.takes(CalendarDate(year: 3000, month: 1, day: 1)!))
    }
}
