import Foundation
import Testing

/// A merged item is dated when the purchase happened (issue 38): a person's record of the day (typed, or in Zaim),
/// else the earliest of its lines', so a purchase of 06-30 that the card books on 07-01 is June's; the card's line
/// keeps its booking date.
@Suite struct MergedPurchaseDateTests {
    static let statement = """
        利用日,利用店名・商品名,利用者,支払方法,利用金額,支払手数料,支払総額,7月支払金額,8月繰越残高,新規サイン,支払月
        2024/07/01,ｾﾌﾞﾝｲﾚﾌﾞﾝ ｼﾝｼﾞｭｸ,本人,1回払い,"3,300",0,"3,300","3,300",0,,2024/08

        """
    static let moneyForward = """
        "計算対象","日付","内容","金額（円）","保有金融機関","大項目","中項目","メモ","振替","ID"
        "1","2024/06/30","セブン-イレブン 新宿","-3300","楽天カード","食費","食料品","","0","mfJun30A"

        """

    func store(typed: Bool) throws -> Sandbox {
        let box = try Sandbox()
        let scratch = box.root.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try Data(Self.statement.utf8).write(to: scratch.appendingPathComponent("rakuten-2024-07.csv"))
        try Data(Self.moneyForward.utf8).write(to: scratch.appendingPathComponent("moneyforward-2024-06.csv"))
        try WholeHousehold.expectSuccess(box, ["accounts", "add", "楽天カード", "--kind", "card", "--member", "ayumi"])
        if typed { try WholeHousehold.expectSuccess(box, ["add", "コンビニ", "3300", "--date", "2024-06-30", "--payment", "楽天カード"]) }
        try WholeHousehold.expectSuccess(box, ["import", "--from", "statement", scratch.appendingPathComponent("rakuten-2024-07.csv").path])
        try WholeHousehold.expectSuccess(box, ["import", "--from", "moneyforward", scratch.appendingPathComponent("moneyforward-2024-06.csv").path])
        return box
    }

    func totals(_ box: Sandbox, _ month: String) throws -> [Int] {
        let json = try #require(try box.run("month", "2024", month, "--format", "json").json() as? [String: Any])
        return [json["total"] as? Int ?? -1, json["count"] as? Int ?? -1]
    }

    @Test(arguments: [true, false]) func aPurchaseTheCardBooksNextMonthIsCountedInTheMonthItWasMade(typed: Bool) throws {
        let box = try store(typed: typed)
        #expect(try totals(box, "06") == [3_300, 1], "one purchase, in June")
        #expect(try totals(box, "07") == [0, 0])
        let merges = try #require(try box.run("merges", "2024", "06", "--format", "json").json() as? [String: Any])
        let lines = try #require((merges["merges"] as? [[String: Any]])?.first?["lines"] as? [[String: Any]])
        #expect(lines.count == (typed ? 3 : 2), "\(lines)")
        let card = try #require(lines.first { ($0["id"] as? String)?.hasPrefix("rc:") == true })
        #expect(card["date"] as? String == "2024-07-01", "the card's line keeps its booking date")
    }
}
