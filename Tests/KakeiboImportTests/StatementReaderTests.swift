import Foundation
import KakeiboKit
import Testing

@testable import KakeiboImport

/// The four statement readers on the committed fixtures (Tests/Fixtures/imports/make-statements.py), each total
/// checked against the sum the script made from the rows it wrote.
@Suite struct StatementReaderTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/imports")

    func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: Self.directory.appendingPathComponent(name))) }

    func expected(_ name: String) throws -> (lines: Int, total: Int) {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("statements-expected.json"))
        let all = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Int]])
        let entry = try #require(all[name])
        return (try #require(entry["lines"]), try #require(entry["total"]))
    }

    @Test(arguments: [
        ("rakuten-2024-12-bom.csv", StatementFormat.rakutenCard, SourceEncoding.utf8),
        ("rakuten-2024-12-sjis.csv", .rakutenCard, .shiftJIS),
        ("vpass-2024-12-sjis.csv", .smbcVpass, .shiftJIS),
        ("paypay-2024-12.csv", .paypay, .utf8),
        ("yucho-2024-12-sjis.csv", .yucho, .shiftJIS),
    ])
    func eachFormatIsFoundFromTheFileAndSumsToTheIndependentTotal(name: String, format: StatementFormat, encoding: SourceEncoding) throws {
        let statement = try StatementReader.read(try bytes(name))
        let want = try expected(name)
        #expect(statement.format == format)
        #expect(statement.encoding == encoding)
        // The spending lines are what the statement's own total counts; money in and charges are lines of their own.
        let spending = statement.lines.filter { $0.flow == .spending }
        #expect(spending.count == want.lines)
        #expect(spending.reduce(0) { $0 + $1.price.amount } == want.total)
        #expect(Set(statement.lines.map(\.id)).count == statement.lines.count, "every line has its own id")
        #expect(statement.lines.allSatisfy { $0.id.hasPrefix(format.idPrefix) })
        let forced = try StatementReader.read(try bytes(name), as: .format(format))
        #expect(forced.lines == statement.lines, "--from gives the same lines")
    }

    @Test func bothEncodingsOfOneMonthGiveTheSameIDs() throws {
        let utf8 = try StatementReader.read(try bytes("rakuten-2024-12-bom.csv"))
        let sjis = try StatementReader.read(try bytes("rakuten-2024-12-sjis.csv"))
        #expect(utf8.lines.map(\.id) == sjis.lines.map(\.id))
        let twins = utf8.lines.filter { $0.name == "スーパーマーケット ライフ" }
        #expect(twins.count == 2 && twins[0].id != twins[1].id, "two identical purchases stay two")
        #expect(twins[0].user == "家族")
    }

    @Test func namesAreWidthFoldedAndEachLineKnowsItsPayment() throws {
        let vpass = try StatementReader.read(try bytes("vpass-2024-12-sjis.csv"))
        #expect(vpass.lines.map(\.name) == ["セブン-イレブン", "ENEOS 新宿", "NETFLIX.COM", "ローソン", "マクドナルド"])
        #expect(vpass.lines.map(\.payment) == ["三井住友カード(NL)", "三井住友カード(NL)", "三井住友カード(NL)", "iD", "iD"])
        let paypay = try StatementReader.read(try bytes("paypay-2024-12.csv"))
        #expect(paypay.skipped == [.other: 2])
        let charge = try #require(paypay.lines.first { $0.flow == .charge })
        #expect((charge.price.amount, charge.counterparty) == (10000, "みずほ銀行"), "a charge is a transfer from the bank 取引先 names")
        #expect(paypay.lines.first { $0.price.amount < 0 }?.price.amount == -460, "返金 reduces spending")
        let yucho = try StatementReader.read(try bytes("yucho-2024-12-sjis.csv"))
        #expect(yucho.lines[0].name == "自払 トウキヨウガス")
        #expect(yucho.lines[0].counterparty == "トウキヨウガス", "詳細２ names the other side")
        #expect(yucho.skipped == [:])
        let deposit = try #require(yucho.lines.first { $0.flow == .income })
        #expect((deposit.price.amount, deposit.counterparty) == (250000, "カ)ヤマダシヨウジ"))
        #expect(yucho.lines.first { $0.counterparty == "ATM" }?.flow == .spending, "an ATM line is spending until a cash account makes it a transfer")
        // The balance before the first row (291,200 + 8,800) and after the last.
        #expect(
            yucho.balances == [
                StatedBalance(date: try CalendarDate.parseISO("2024-12-01"), amount: 300000),
                StatedBalance(date: try CalendarDate.parseISO("2024-12-27"), amount: 505260),
            ])
    }

    @Test func badFilesAreRefusedWhole() throws {
        #expect(throws: ConvertProblem.truncated(row: 5)) { try StatementReader.read(try bytes("vpass-truncated-sjis.csv")) }
        #expect(throws: ConvertProblem.csv(.unclosedQuote(row: 4, line: 4))) { try StatementReader.read(try bytes("rakuten-truncated.csv")) }
        #expect(throws: ConvertProblem.unknownLayout(looksLike: nil)) { try StatementReader.read(try bytes("unknown-statement.csv")) }
        #expect(throws: ConvertProblem.unknownLayout(looksLike: .moneyforward)) {
            try StatementReader.read(try bytes("moneyforward-2024-12-sjis.csv"))
        }
        #expect(throws: ConvertProblem.notStatement(.paypay, looksLike: .rakutenCard)) {
            try StatementReader.read(try bytes("rakuten-2024-12-bom.csv"), as: .format(.paypay))
        }
        #expect(throws: ConvertProblem.notText) { try StatementReader.read([0xFF, 0xFE, 0x00, 0xD8]) }
        let cut = Array("利用日,利用店名・商品名,利用者,支払方法,利用金額,支払手数料,支払総額\n2024/12/01,店,本人\n".utf8)
        #expect(throws: ConvertProblem.fieldCount(row: 2, line: 2, count: 3, expected: 7)) { try StatementReader.read(cut) }
    }

    /// Vpass's totals row is checked against the lines: 支払金額 where the row has one, else 利用金額 (a single payment
    /// billed whole), so a file whose rows leave 支払金額 empty is not said to add up to ¥0.
    @Test func vpassTotalsAreCheckedAgainstWhatEachLineBills() throws {
        let head = "山田　健　様,4980-00**-****-5678,三井住友カード（ＮＬ）\n"
        let empty = head + "2024/11/04,ＥＮＥＯＳ,\"5,400\",１回,,,\n2024/11/09,ＮＥＴＦＬＩＸ,\"1,490\",１回,,,\n,,,,,\"6,890\",\n"
        #expect(try StatementReader.read(Array(empty.utf8)).notes == [])
        let paid = head + "2024/11/04,ＥＮＥＯＳ,\"5,400\",１回,,\"5,400\",\n,,,,,\"6,890\",\n"
        #expect(try StatementReader.read(Array(paid.utf8)).notes == [.totalMismatch(stated: 6890, found: 5400)])
    }

    @Test func widthFoldKeepsCaseAndJoinsSoundMarks() {
        #expect(WidthFold.fold("ＡＭＡＺＯＮ　ｶﾞｽﾊﾟ") == "AMAZON ガスパ")
        #expect(WidthFold.fold("こーひー Coffee") == "こーひー Coffee")
    }
}

@Suite struct StatementIDPrefixTests {
    @Test func theLibraryKnowsEveryFormatsPrefix() {
        #expect(StatementFormat.allCases.map(\.idPrefix) + ["ly:", CardHistory.idPrefix] == StatementLine.idPrefixes)
    }
}
