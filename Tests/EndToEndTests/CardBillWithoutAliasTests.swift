import Foundation
import Testing

/// A card's bill paid from a bank, through the binary, with no alias naming the card in the bank's line: the real
/// 楽天銀行 download (its `ラクテンカ－ト゛サ－ヒ゛ス` withdrawal of ¥64,210 on 2024-12-27, read by the shipped layout) and a
/// 楽天カード e-NAVI statement whose December bill is ¥64,210. In either order the withdrawal is the card's bill — a
/// transfer, not December's spending — said in the summary with the bill it matched, undone by `unmerge`.
@Suite struct CardBillWithoutAliasTests {
    static let bank = DownloadsFolder("Tests/Fixtures/downloads").path("rakuten-bank-202412-sjis.csv")

    /// An e-NAVI statement of November's purchases billed in December: 当月請求額 adds up to `bill`.
    static func cardStatement(bill: Int) -> String {
        let header = "\"利用日\",\"利用店名・商品名\",\"利用者\",\"支払方法\",\"利用金額\",\"手数料/利息\",\"支払総額\",\"12月支払金額\",\"当月請求額\",\"1月繰越残高\",\"新規サイン\""
        func row(_ date: String, _ name: String, _ price: Int) -> String {
            "\"\(date)\",\"\(name)\",\"本人\",\"1回払い\",\"\(price)\",\"0\",\"\(price)\",\"\(price)\",\"\(price)\",\"0\",\"*\""
        }
        return [header, row("2024/11/03", "楽天市場", 24980), row("2024/11/10", "ユニクロ　大崎店", bill - 24980)].joined(separator: "\r\n") + "\r\n"
    }

    /// A household with the card and the bank as accounts, and no alias for the bill.
    func household() throws -> Sandbox {
        let box = try Sandbox()
        #expect(try box.run("accounts", "add", "楽天カード", "--kind", "card", "--member", "ayumi").status == 0)
        #expect(try box.run("accounts", "add", "楽天銀行", "--kind", "bank").status == 0)
        return box
    }

    func month(_ box: Sandbox, _ month: String) throws -> [String: Any] {
        let run = try box.run("month", "2024", month, "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try run.json() as? [String: Any])
    }

    func transfers(_ box: Sandbox) throws -> [[String: Any]] {
        let transfers = try #require(try month(box, "12")["transfers"] as? [String: Any])
        return transfers["items"] as? [[String: Any]] ?? []
    }

    @Test(arguments: [true, false])
    func theWithdrawalOfACardsBillIsATransferWhicheverIsImportedFirst(bankFirst: Bool) throws {
        let box = try household()
        let card = try box.write("enavi-202412.csv", Self.cardStatement(bill: 64210))
        let first = try box.run("import", bankFirst ? Self.bank : card)
        #expect(first.status == 0, "\(first.stderr)")
        if bankFirst { #expect(try month(box, "12")["total"] as? Int == 98710, "the bank alone: every withdrawal is spending") }
        let second = try box.run("import", bankFirst ? card : Self.bank)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("Card bills found (bank → card transfers, not spending): 1"), "\(second.stdout)")
        #expect(second.stdout.contains("2024-12-27  ¥64,210  楽天銀行 → 楽天カード: the statement's bill ¥64,210 for 2024-12"), "\(second.stdout)")

        #expect(try month(box, "12")["total"] as? Int == 34500, "December: ¥98,710 of withdrawals less the card's bill")
        #expect(try month(box, "11")["total"] as? Int == 64210, "the card's purchases, counted once, in November")
        let moved = try transfers(box)
        #expect(moved.count == 1 && moved.first?["payment"] as? String == "楽天銀行" && moved.first?["transfer"] as? String == "楽天カード", "\(moved)")
    }

    @Test func theImportsJSONNamesTheBillFound() throws {
        let box = try household()
        #expect(try box.run("import", Self.bank).status == 0)
        let card = try box.write("enavi-202412.csv", Self.cardStatement(bill: 64210))
        let run = try box.run("import", card, "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        let found = try #require(report["billsFound"] as? [[String: Any]], "\(run.stdout)")
        #expect(found.count == 1 && found.first?["card"] as? String == "楽天カード" && found.first?["amount"] as? Int == 64210)
        #expect(found.first?["month"] as? String == "2024-12")
    }

    @Test func aDryRunSaysWhichBillsTheImportWouldFindAndWritesNothing() throws {
        let box = try household()
        #expect(try box.run("import", Self.bank).status == 0)
        let card = try box.write("enavi-202412.csv", Self.cardStatement(bill: 64210))
        let before = try box.snapshot()
        let run = try box.run("import", "--dry-run", card)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Card bills it would find (bank → card transfers, not spending): 1"), "\(run.stdout)")
        #expect(try box.snapshot() == before)
    }

    @Test func unmergeMakesTheBillSpendingAgainAndAReimportKeepsIt() throws {
        let box = try household()
        #expect(try box.run("import", try box.write("enavi-202412.csv", Self.cardStatement(bill: 64210))).status == 0)
        #expect(try box.run("import", Self.bank).status == 0)
        let id = try #require(try transfers(box).first?["id"] as? String)
        let unmerge = try box.run("unmerge", id)
        #expect(unmerge.status == 0, "\(unmerge.stderr)")
        #expect(unmerge.stdout.contains("is no longer 楽天カード's bill: counted as spending again"), "\(unmerge.stdout)")
        #expect(try month(box, "12")["total"] as? Int == 98710 && (try transfers(box)).isEmpty)
        #expect(try box.run("import", Self.bank).status == 0)
        #expect(try month(box, "12")["total"] as? Int == 98710, "the split stays split")
    }

    @Test func aBillNoWithdrawalEqualsIsKeptForTheWithdrawalStillToCome() throws {
        let box = try household()
        #expect(try box.run("import", Self.bank).status == 0)
        let card = try box.run("import", try box.write("enavi-202412.csv", Self.cardStatement(bill: 64211)))
        #expect(card.status == 0 && !card.stdout.contains("Card bills found"), "\(card.stdout)")
        #expect(try month(box, "12")["total"] as? Int == 98710, "¥64,210 is not ¥64,211")
        let accounts = try #require(try box.snapshot()["/accounts.json"].map { String(decoding: $0, as: UTF8.self) })
        #expect(accounts.contains("\"month\": \"2024-12\"") && accounts.contains("\"amount\": 64211"), "the card's bill is kept: \(accounts)")
    }

    @Test func twoWithdrawalsOfTheBillsAmountAreReportedNotGuessed() throws {
        let box = try household()
        #expect(try box.run("import", try box.write("enavi-202412.csv", Self.cardStatement(bill: 64210))).status == 0)
        // Another 楽天銀行 download: two withdrawals of ¥64,210 in December, only one of them the card's bill.
        let text = "取引日,入出金(円),取引後残高(円),入出金内容\r\n20241210,-64210,100000,振込　ヤマダ\r\n20241227,-64210,35790,カード\r\n"
        let bank = try box.write("bank.csv", bytes: Array(try #require(text.data(using: .shiftJIS))))
        let run = try box.run("import", bank)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Withdrawals that equal a card's bill but can't be told apart, left as spending: 2"), "\(run.stdout)")
        #expect(!run.stdout.contains("Card bills found"))
        #expect(try month(box, "12")["total"] as? Int == 128420 && (try transfers(box)).isEmpty)
    }

    @Test func aLayoutCardsDueDateTakesTheWithdrawalOnTheNextBusinessDay() throws {
        let box = try household()
        #expect(try box.run("accounts", "add", "JCBカード", "--kind", "card", "--member", "ken").status == 0)
        // MyJCB's download: 今回のお支払日 2024/12/10, 今回のお支払金額合計 42,440. The bank drew it a day late, beside
        // another withdrawal of the same amount a month later (no bill is due then).
        let text = "取引日,入出金(円),取引後残高(円),入出金内容\r\n20241211,-42440,100000,口座振替　ＪＣＢ\r\n20250115,-42440,57560,口座振替　ＪＣＢ\r\n"
        #expect(try box.run("import", try box.write("bank.csv", bytes: Array(try #require(text.data(using: .shiftJIS))))).status == 0)
        let card = try box.run("import", DownloadsFolder("Tests/Fixtures/downloads").path("jcb-myjcb-202412-sjis.csv"))
        #expect(card.status == 0, "\(card.stderr)")
        #expect(card.stdout.contains("2024-12-11  ¥42,440  楽天銀行 → JCBカード: the statement's bill ¥42,440 due 2024-12-10"), "\(card.stdout)")
        #expect(try month(box, "12")["total"] as? Int == 0 && (try transfers(box)).count == 1)
        let january = try box.run("month", "2025", "1", "--format", "json")
        #expect((try january.json() as? [String: Any])?["total"] as? Int == 42440, "January's withdrawal is no bill the statement states")
    }
}
