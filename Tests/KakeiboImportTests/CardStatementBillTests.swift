import KakeiboKit
import Testing

@testable import KakeiboImport

/// A card's statement states its bill: 楽天カード e-NAVI's month column (`12月支払金額`) summed, cancellations taken off,
/// is the bill the service shows for that month, so a bank's withdrawal of it can be known for the card's bill.
@Suite struct CardStatementBillTests {
    @Test(arguments: [
        ("rakuten-enavi-202409-old-shiharaitesuryo.csv", "2024-09"), ("rakuten-enavi-202410-10col-foreign.csv", "2024-10"),
        ("rakuten-enavi-202412-11col.csv", "2024-12"), ("rakuten-enavi-202501-11col-closed.csv", "2025-01"),
        ("rakuten-enavi-202501-12col-current.csv", "2025-01"),
    ])
    func eNAVIsMonthColumnIsTheBillOfThatMonth(_ name: String, _ month: String) throws {
        let statement = try StatementReader.read(DownloadedFileTests.bytes(name))
        let billed = try #require(DownloadedFileTests.expected[name]?["billedTotal"] as? Int)
        let bill = try #require(statement.bill, "\(name) states its bill")
        #expect(bill.amount == Yen(billed), "\(name): the service shows \(billed)")
        #expect(!bill.dated && String(bill.date.iso.prefix(7)) == month, "\(name): billed in \(month), no due day stated")
    }

    @Test func aStatementWithoutAMonthColumnStatesNoBill() throws {
        let statement = try StatementReader.read(DownloadedFileTests.bytes("vpass-202412-unquoted-comma-sjis.csv"))
        #expect(statement.bill == nil)
    }
}
