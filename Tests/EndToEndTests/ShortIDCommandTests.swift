import Foundation
import Testing

/// Every id a table shows names one item in the whole store, and an imported item's id may be typed without its
/// source's prefix.
@Suite struct ShortIDCommandTests {
    /// Imported ids that share their first 8 characters: every id a table shows names one item in the whole store,
    /// and the id as the other app shows it (without "mf:") names it too (`edit mf:mfH02` matched 10 items, and
    /// `edit mfH023` found none).
    @Test func shortIdsNameOneItemAndTheSourcesPrefixMayBeLeftOut() throws {
        let box = try Sandbox()
        var rows = [#""計算対象","日付","内容","金額（円）","保有金融機関","大項目","中項目","メモ","振替","ID""#]
        for day in 1...12 { rows.append(#""1","2024/11/\#(day)","ケーキ\#(day)","-\#(1000 + day)","現金","食費","食料品","","0","mfH02\#(day)""#) }
        rows.append(#""1","2024/10/05","パン","-300","現金","食費","食料品","","0","mfH0299""#)
        let file = try box.write("mf.csv", rows.joined(separator: "\n") + "\n")
        #expect(try box.run("import", "--from", "moneyforward", file).status == 0)
        let shown = try box.run("find", "ケーキ3")
        let id = try #require(shown.lines.first { $0.contains("ケーキ3") }?.split(separator: " ").last.map(String.init), "\(shown.stdout)")
        #expect(id == "mf:mfH023", "\(shown.stdout)")
        let parts = try box.run("find", "パン").stdout
        #expect(parts.contains("mf:mfH0299"), "told apart from the November ids it shares 8 characters with: \(parts)")
        let top = try box.run("month", "2024", "11").stdout
        #expect(top.contains("mf:mfH0212") && !top.contains("mf:mfH02 "), "\(top)")
        #expect(try box.run("edit", id, "--price", "1500").status == 0)
        let bare = try box.run("edit", "mfH024", "--price", "2500")
        #expect(bare.status == 0 && bare.stdout.contains("ケーキ4 ¥2,500"), "\(bare.stdout)\(bare.stderr)")
        let deleted = try box.run("delete", "mfH0299")
        #expect(deleted.status == 0 && deleted.stdout.contains("パン"), "\(deleted.stdout)\(deleted.stderr)")
        let ambiguous = try box.run("edit", "mfH02", "--price", "1")
        #expect(ambiguous.status != 0 && ambiguous.stderr.contains("matches 12 items"), "\(ambiguous.stderr)")
    }
}
