import KakeiboKit
import Testing

@testable import KakeiboImport

/// A layout's file that states the balance after each row (残高, 差引残高, Balance) states what the account held before
/// its oldest row and after its newest, whichever way its rows run; balances that don't follow the rows state nothing.
/// (楽天銀行's 残高 was never read: `accounts list` showed ¥188,710 against the statement's ¥475,020.)
@Suite struct LayoutBalanceTests {
    func read(_ csv: String, balance: String = "") throws -> Statement {
        let text =
            #"{"schema": 1, "name": "b", "header": {"match": ["日付", "摘要"]}, "date": {"column": "日付", "format": "yyyy/MM/dd"}, "#
            + #""amount": {"spending": "出金", "income": "入金"}, "description": ["摘要"]"# + balance + "}"
        return try LayoutReader.read(Array(csv.utf8), try Layout.parse(Array(text.utf8), origin: "x.json"))
    }

    static let oldestFirst = "日付,摘要,出金,入金,差引残高\n2024/12/02,ATM,20000,,80000\n2024/12/10,振込手数料,110,,79890\n2024/12/25,給与,,262000,341890\n"

    @Test func anOldestFirstFileStatesTheBalanceBeforeAndAfter() throws {
        let balances = try read(Self.oldestFirst).balances
        #expect(balances.map(\.date.iso) == ["2024-12-01", "2024-12-25"])
        #expect(balances.map(\.amount.amount) == [100_000, 341_890])
    }

    @Test func aNewestFirstFileStatesTheSame() throws {
        let newestFirst = "日付,摘要,出金,入金,差引残高\n2024/12/25,給与,,262000,341890\n2024/12/10,振込手数料,110,,79890\n2024/12/02,ATM,20000,,80000\n"
        let balances = try read(newestFirst).balances
        #expect(balances.map(\.date.iso) == ["2024-12-01", "2024-12-25"])
        #expect(balances.map(\.amount.amount) == [100_000, 341_890])
    }

    /// Rows set aside still move the balance: a transfer the layout passes over is followed like any row.
    @Test func rowsSetAsideAreFollowedToo() throws {
        let csv = "日付,摘要,出金,入金,残高\n2024/12/02,ATM,20000,,80000\n2024/12/03,振替 SBI証券,30000,,50000\n2024/12/05,店,1000,,49000\n"
        let statement = try read(csv, balance: #", "transfers": ["^振替"]"#)
        #expect(statement.lines.count == 2)
        #expect(statement.balances.last?.amount.amount == 49000)
    }

    @Test func balancesThatDoNotFollowTheRowsStateNothing() throws {
        let csv = "日付,摘要,出金,入金,残高\n2024/12/02,ATM,20000,,80000\n2024/12/10,店,110,,70000\n"
        #expect(try read(csv).balances.isEmpty)
    }

    /// A column named by the layout wins over the name; a card's 繰越残高 is no balance of an account.
    @Test func theLayoutsOwnColumnOrNoneForACardsCarriedBalance() throws {
        let csv = "日付,摘要,出金,入金,残り\n2024/12/02,ATM,20000,,80000\n2024/12/10,店,110,,79890\n"
        #expect(try read(csv).balances.isEmpty)
        #expect(try read(csv, balance: #", "balance": "残り""#).balances.last?.amount.amount == 79890)
        let header = CSVRecord(row: 1, line: 1, fields: ["利用日", "利用金額", "1月繰越残高"])
        #expect(LayoutReader.balanceColumn(header) == nil)
    }
}
