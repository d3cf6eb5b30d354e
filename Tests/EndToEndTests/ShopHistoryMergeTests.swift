import Foundation
import Testing

/// A shop's order history (Amazon's, through the shipped `amazon-orders` layout) names no payment: each order merges
/// with the line of the card that paid it, in either order, so a purchase in both files is counted once — dated when
/// it was ordered, on the card that paid it. Before, the orders were on an account of their own, "Amazon.co.jp", and
/// November counted ¥23,358 for ¥13,169.
@Suite struct ShopHistoryMergeTests {
    static let orders = Products.repository.appendingPathComponent("Tests/Fixtures/downloads2/amazon-orders-2024-11.csv").path
    static let card = """
        "利用日","利用店名・商品名","利用者","支払方法","利用金額","支払手数料","支払総額","12月支払金額","1月繰越残高","新規サイン"
        "2024/11/05","ＡＭＡＺＯＮ．ＣＯ．ＪＰ","本人","1回払い","6,200","0","6,200","6,200","0","*"
        "2024/11/09","ＡＭＡＺＯＮ　ＤＯＷＮＬＯＡＤＳ","本人","1回払い","3,989","0","3,989","3,989","0",""
        "2024/11/12","ローソン","本人","1回払い","500","0","500","500","0",""

        """

    @Test(arguments: [true, false])
    func anOrderAndTheCardLineThatPaidItAreOnePurchase(ordersFirst: Bool) throws {
        let box = try Sandbox()
        let card = try box.write("rakuten-2024-11.csv", Self.card)
        for file in ordersFirst ? [Self.orders, card] : [card, Self.orders] {
            let run = try box.run("import", file)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let json = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        #expect(json["total"] as? Int == 13169)
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.count == 4)
        let ordered = items.first { $0["price"] as? Int == 3989 }
        #expect(ordered?["date"] as? String == "2024-11-09")
        #expect(ordered?["payment"] as? String == "楽天カード")
    }
}
