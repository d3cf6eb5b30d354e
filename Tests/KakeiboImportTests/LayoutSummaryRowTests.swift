import Testing

@testable import KakeiboImport

/// An undated row of a layout's file whose description is a total, a subtotal, a minimum payment or a balance carried
/// forward is set aside as a summary and counted as one, whatever the layout does with undated rows: a JCB file with
/// a 合計 row counted it as a ¥42,440 purchase dated like the line above (`"undated": "previous"`).
@Suite struct LayoutSummaryRowTests {
    func read(undated: String, _ csv: String) throws -> Statement {
        let text =
            #"{"schema": 1, "name": "s", "header": {"match": ["日付", "摘要", "金額"]}, "date": {"column": "日付", "format": "yyyy/MM/dd", "undated": ""#
            + undated + #""}, "amount": {"column": "金額"}, "description": ["摘要"]}"#
        return try LayoutReader.read(Array(csv.utf8), try Layout.parse(Array(text.utf8), origin: "x.json"))
    }

    static let file = "日付,摘要,金額\n2024/11/02,オーケー,\"4,218\"\n,ＥＴＣ　ご利用おまとめ,\"2,580\"\n,合計,\"6,798\"\n,前月繰越,100\n"

    @Test func aTotalBelowLinesDatedLikeTheOneAboveIsNoPurchase() throws {
        let statement = try read(undated: "previous", Self.file)
        #expect(statement.lines.map(\.price.amount) == [4218, 2580])
        #expect(statement.skipped[.summary] == 2 && statement.skippedTotals[.summary] == 6898)
    }

    @Test func aTotalIsCountedAsASummaryWhereUndatedRowsArePassedOver() throws {
        let statement = try read(undated: "skip", Self.file)
        #expect(statement.lines.map(\.price.amount) == [4218])
        #expect(statement.skipped[.summary] == 2)
        #expect(statement.skipped[.ignored] == 1)
    }

    /// With a date, only a description that is nothing but a total or a carried-forward balance is one: a shop whose
    /// name has 残高 in it is still a purchase.
    @Test func aDatedRowIsASummaryOnlyWhenItsWholeDescriptionIsOne() throws {
        let statement = try read(
            undated: "skip", "日付,摘要,金額\n2024/11/01,前月繰越,\"1,000\"\n2024/11/02,残高照会手数料,110\n2024/11/30,　合　計　,110\n")
        #expect(statement.lines.map(\.name) == ["残高照会手数料"])
        #expect(statement.skipped[.summary] == 2 && statement.skippedTotals[.summary] == 1110)
    }
}

/// The built-in readers hold summary rows to the same words: a 楽天カード row with no date is dated like the line
/// above, so a 合計 row there was a purchase.
@Suite struct StatementSummaryRowTests {
    @Test func aRakutenTotalRowIsNoPurchase() throws {
        let header = #""利用日","利用店名・商品名","利用者","支払方法","利用金額","支払手数料","支払総額","1月支払金額","2月繰越残高","新規サイン""#
        let text = [
            header,
            #""2024/12/01","ローソン","本人","1回払い","498","0","498","498","0","*""#,
            #""2024/12/03","ＡＭＡＺＯＮ．ＣＯ．ＪＰ","本人","1回払い","3,280","0","3,280","3,280","0","""#,
            #""","ご利用合計","","","3,778","","3,778","3,778","","""#,
        ].joined(separator: "\n")
        let statement = try StatementReader.read(Array(text.utf8))
        #expect(statement.lines.map(\.price.amount) == [498, 3280])
        #expect(statement.skipped[.summary] == 1 && statement.skippedTotals[.summary] == 3778)
    }
}
