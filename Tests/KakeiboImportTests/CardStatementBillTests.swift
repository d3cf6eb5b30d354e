import Foundation
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

    /// The second folder of downloads.
    static func bytes2(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: DownloadedFileTests.directory.deletingLastPathComponent().appendingPathComponent("downloads2/" + name)))
    }

    @Test(arguments: [
        ("jcb-myjcb-202412-sjis.csv", "2024-12-10", 42440), ("aeon-card-202412-sjis.csv", "2025-01-06", 20510),
    ])
    func aLayoutCardsPreambleStatesItsBillAndDueDate(_ name: String, _ due: String, _ amount: Int) throws {
        let statement = try StatementReader.read(DownloadedFileTests.bytes(name), layouts: ShippedLayouts.all)
        #expect(statement.format == nil, "\(name) is read by a layout")
        let bill = try #require(statement.bill, "\(name) states its bill")
        #expect(bill == CardBill(amount: Yen(amount), date: try CalendarDate.parseISO(due)))
        #expect(DownloadedFileTests.expected[name]?["billedTotal"] as? Int == amount, "what the service shows")
    }

    @Test(arguments: [("dcard-202412-sjis.csv", "2024-12-10", 16576), ("lifecard-202504-sjis.csv", "2025-04-28", 37813)])
    func aDueDateWithoutAnAmountBillsTheSumOfTheStatementsLines(_ name: String, _ due: String, _ amount: Int) throws {
        let statement = try StatementReader.read(Self.bytes2(name), layouts: ShippedLayouts.all)
        let bill = try #require(statement.bill, "\(name) states its due date")
        #expect(bill.date == (try CalendarDate.parseISO(due)) && bill.dated)
        #expect(bill.amount == Yen(amount) && bill.amount == statement.total, "the lines it bills")
    }
}
