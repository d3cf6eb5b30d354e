import KakeiboKit
import Testing

@testable import KakeiboImport

/// Text a statement or a layout reads is made what syncs at the boundary where a row becomes a line
/// (`SyncLimits.normalized`), for every reader: no U+FEFF, no decomposed kana, as an export's or a typed item's.
@Suite struct StatementTextTests {
    static let decomposed = "カ\u{3099}ス代" // ガス代 in NFD
    static let composed = "ガス代"

    @Test func aRakutenCardLinesTextIsNormalisedAtEntry() throws {
        let text =
            "利用日,利用店名・商品名,利用者,支払方法,利用金額,手数料/利息,支払総額\n"
            + "2024/12/01,\u{FEFF}ＡＭＡＺＯＮ,本人,1回払い,100,0,100\n2024/12/02,\(Self.decomposed),\u{FEFF}本人,1回払い,200,0,200\n"
        let lines = try RakutenCard.read(try CSVReader.records(text)).lines
        #expect(lines.map(\.name) == ["AMAZON", Self.composed])
        #expect(lines.allSatisfy { !$0.name.unicodeScalars.contains("\u{FEFF}") })
        #expect(lines.map(\.user) == ["本人", "本人"])
    }

    @Test func aLayoutLinesTextIsNormalisedAtEntry() throws {
        let layout = try Layout.parse(
            Array(
                #"{"schema": 1, "name": "bank", "header": {"match": ["日付", "内容", "金額"]}, "date": {"column": "日付", "format": "yyyy/MM/dd"}, "amount": {"column": "金額"}, "description": ["内容"], "memo": ["メモ"]}"#
                    .utf8), origin: "bank.json")
        let csv = "日付,内容,金額,メモ\n2024/12/01,\u{FEFF}\(Self.decomposed),500,\(Self.decomposed)\u{FEFF}\n"
        let statement = try LayoutReader.read(Array(csv.utf8), layout)
        #expect(statement.lines.map(\.name) == [Self.composed])
        #expect(statement.lines.map(\.memo) == [Self.composed])
    }
}
