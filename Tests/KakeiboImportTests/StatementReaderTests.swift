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

    /// PayPay set to English writes the same lines: read with its words put back in Japanese, each line has the id the
    /// Japanese export gives it, so importing both exports of one month adds nothing twice.
    @Test func payPayInEnglishIsTheSameLinesAsInJapanese() throws {
        let japanese = """
            取引日,出金金額（円）,入金金額（円）,海外出金金額,通貨,変換レート（円）,利用国,取引内容,取引先,取引方法,支払い区分,利用者,取引番号
            2024/12/20 12:55:55,73,-,-,-,-,-,支払い,ダイソー　大崎ニューシティ店,PayPayポイント,-,本人,04651096480421495930
            2024/12/20 12:55:55,257,-,-,-,-,-,支払い,ダイソー　大崎ニューシティ店,クレジット VISA 4575,-,本人,04651096480421495930
            2024/12/20 12:55:55,-,2,-,-,-,-,ポイント、残高の獲得,ダイソー　大崎ニューシティ店,PayPayポイント,-,-,04651096480421495930
            2024/12/18 09:12:40,-,"10,000",-,-,-,-,チャージ,PayPay,ゆうちょ銀行 *****71,-,-,04650380193342095360
            2024/12/10 08:00:12,"5,632",-,-,-,-,-,請求書払い,東京都水道局,PayPay残高,-,本人,04647493214730240000
            2024/12/08 10:00:03,-,460,-,-,-,-,返金,ウエルシア　品川大崎店,PayPay残高,-,-,04646754221873152000
            2024/12/07 20:11:45,"2,460",-,-,-,-,-,支払い,ウエルシア　品川大崎店,"PayPayポイント (14円), PayPay残高 (2,446円)",-,本人,04646388119445504000

            """
        let english = """
            Date & Time,Amount Outgoing (Yen),Amount Incoming (Yen),Amount Outgoing Overseas,Currency,Exchange Rate (Yen),Country Paid In,Transaction Type,Business Name,Method,Payment Option,User,Transaction ID
            2024/12/20 12:55:55,73,-,-,-,-,-,Payment,ダイソー　大崎ニューシティ店,PayPay Point,-,本人,04651096480421495930
            2024/12/20 12:55:55,257,-,-,-,-,-,Payment,ダイソー　大崎ニューシティ店,Credit VISA 4575,-,本人,04651096480421495930
            2024/12/20 12:55:55,-,2,-,-,-,-,"Points, Balance Earned",ダイソー　大崎ニューシティ店,PayPay Point,-,-,04651096480421495930
            2024/12/18 09:12:40,-,"10,000",-,-,-,-,Top-Up,PayPay,ゆうちょ銀行 *****71,-,-,04650380193342095360
            2024/12/10 08:00:12,"5,632",-,-,-,-,-,Bill Payment,東京都水道局,PayPay Balance,-,本人,04647493214730240000
            2024/12/08 10:00:03,-,460,-,-,-,-,Refund,ウエルシア　品川大崎店,PayPay Balance,-,-,04646754221873152000
            2024/12/07 20:11:45,"2,460",-,-,-,-,-,Payment,ウエルシア　品川大崎店,"PayPay Point (14yen), PayPay Balance (2,446yen)",-,本人,04646388119445504000

            """
        let inJapanese = try StatementReader.read(Array(japanese.utf8))
        let inEnglish = try StatementReader.read(Array(english.utf8))
        #expect(inEnglish.kind.key == "paypay")
        #expect(inEnglish.lines.map(\.id) == inJapanese.lines.map(\.id))
        #expect(inEnglish.lines.map(\.price) == inJapanese.lines.map(\.price))
        #expect(inEnglish.lines.map(\.memo) == inJapanese.lines.map(\.memo))
        #expect(inEnglish.skipped == inJapanese.skipped)
    }

    /// An undated row whose name is a summary (Vpass's revolving minimum payment, `※…※`) is set aside and counted, not
    /// a purchase: January showed ¥8,544 for the ¥3,497 of its two purchases.
    @Test func aSummaryRowAmongAStatementsLinesIsNoPurchase() throws {
        let text = """
            山田　太郎　様,4980-00**-****-1234,三井住友カード（ＮＬ）
            2025/01/06,ローソン,"1,200",１回,,,
            2025/01/12,ＡＭＡＺＯＮ．ＣＯ．ＪＰ,"2,297",１回,,,
            ,※マイ・ペイすリボ最低支払額（弁済金）※,,,,"5,047",
            ,,,,,"8,544",

            """
        let statement = try StatementReader.read(Array(text.utf8))
        #expect(statement.lines.map(\.price.amount) == [1200, 2297])
        #expect(statement.skipped[.summary] == 1 && statement.skippedTotals[.summary] == 5047)
        #expect(StatementFields.isSummary("ショッピングご利用合計") && !StatementFields.isSummary("ＷＥＢ明細書年会費割引"))
    }
}
