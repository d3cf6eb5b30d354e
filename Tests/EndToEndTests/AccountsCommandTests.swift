import Foundation
import Testing

/// The ledger's bad input (#29), through the binary: a payment that names no account is kept as written and named
/// in the confirmation; a spelling two accounts would share is refused with its one-line reason (exit 2) and changes
/// nothing; two lines of one source are two purchases, however alike.
@Suite struct AccountsCommandTests {
    static let vpass = HouseholdSourcesTests.directory.appendingPathComponent("ken-vpass-2024-11.csv").path

    /// A store with ken's card under three spellings and a joint bank account.
    func household() throws -> Sandbox {
        let box = try Sandbox()
        let card = try box.run("accounts", "add", "三井住友カード", "--kind", "card", "--member", "ken", "--alias", "三井住友カード(NL)", "--alias", "iD")
        #expect(card.status == 0, "\(card.stderr)")
        #expect(try box.run("accounts", "add", "ゆうちょ銀行", "--kind", "bank").status == 0)
        return box
    }

    func payments(_ box: Sandbox) throws -> Set<String> {
        let month = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        return try #require(month["items"] as? [[String: Any]]).map { $0["payment"] as? String ?? "-" }.reduce(into: []) { $0.insert($1) }
    }

    @Test func aPaymentNamingNoAccountIsKeptAsWrittenAndNamedInTheConfirmation() throws {
        let box = try household()
        let unknown = try box.run("add", "ランチ", "980", "--date", "2024-11-05", "--payment", "みずほデビット")
        #expect(unknown.status == 0, "\(unknown.stderr)")
        #expect(unknown.stdout.contains("Payment 'みずほデビット' names no account: kept as written"), "\(unknown.stdout)")
        let known = try box.run("add", "コンビニ", "398", "--date", "2024-11-06", "--payment", "ｉＤ")
        #expect(known.status == 0 && !known.stdout.contains("names no account"), "a spelling of an account needs no word: \(known.stdout)")

        let id = try box.add("パン", 320, date: "2024-11-07")
        let edited = try box.run("edit", id, "--payment", "ﾐｽﾞﾎ")
        #expect(edited.status == 0 && edited.stdout.contains("Payment 'ﾐｽﾞﾎ' names no account"), "\(edited.stdout)")
        let fixed = try box.run("fixed", "add", "家賃", "85000", "--day", "27", "--category", "housing", "--payment", "みずほ銀行")
        #expect(fixed.status == 0 && fixed.stdout.contains("Payment 'みずほ銀行' names no account"), "\(fixed.stdout)")
        let kept: Set = ["みずほデビット", "ﾐｽﾞﾎ", "ｉＤ"]
        #expect(try payments(box) == kept, "each kept as it was written")

        // The payments that name no account are suggested as accounts.
        let list = try box.run("accounts", "list")
        #expect(list.stdout.contains("みずほデビット (1 item)") && list.stdout.contains("ﾐｽﾞﾎ (1 item)"), "\(list.stdout)")
    }

    @Test(arguments: [
        ["accounts", "add", "楽天カード", "--kind", "card", "--alias", "ＩＤ"],
        ["accounts", "add", "楽天カード", "--alias", "ラクテン", "--alias", "三井住友カード（ＮＬ）"],
        ["accounts", "add", "ｲﾄﾞ", "--alias", "ゆうちょ銀行"],
        ["accounts", "edit", "ゆうちょ銀行", "--alias", "id"],
    ])
    func aSpellingTwoAccountsWouldShareIsRefusedWithItsReason(_ arguments: [String]) throws {
        let box = try household()
        let before = try box.snapshot()
        let run = try box.run(arguments)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(run.stderr)")
        #expect(run.stderr.contains("already names the account") && run.stderr.contains("a spelling can name one account only"), "\(run.stderr)")
        #expect(try box.snapshot() == before, "nothing written")
    }

    @Test func twoLinesOfOneSourceAreNeverMergedWhateverElseIsThere() throws {
        let box = try household()
        // ken typed one of the two ¥398 iD purchases at ローソン on the 18th; the statement has both.
        #expect(try box.run("add", "ローソン", "398", "--date", "2024-11-18", "--payment", "iD").status == 0)
        for _ in 0..<2 {
            let run = try box.run("import", "--from", "smbc-vpass", AccountsCommandTests.vpass)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let month = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        let items = try #require(month["items"] as? [[String: Any]])
        #expect(items.filter { $0["price"] as? Int == 398 }.count == 2, "two purchases of ¥398, one of them typed too")
        #expect(month["total"] as? Int == 8476 && month["count"] as? Int == 5, "the statement's total, each line once")
        let merges = try #require(try box.run("merges", "2024-11", "--format", "json").json() as? [String: Any])
        let groups = try #require(merges["merges"] as? [[String: Any]])
        #expect(groups.count == 1)
        let sources = try #require(groups.first?["lines"] as? [[String: Any]]).map { $0["source"] as? String ?? "" }
        #expect(sources.sorted() == ["statement", "typed"], "the typed line joins one statement line, never two")
    }

    /// Before the first sync with a household server, the payments that name no account are not offered as accounts
    /// to add (the server may hold them already: adding them here would make a second of each): sync first.
    @Test func beforeTheFirstSyncTheListSaysToSyncRatherThanAddAccounts() throws {
        let box = try Sandbox()
        #expect(try box.run("add", "ランチ", "980", "--date", "2024-11-05", "--payment", "JCBカード").status == 0)
        let alone = try box.run("accounts", "--lang", "en")
        #expect(alone.stdout.contains("kakeibo accounts add 'JCBカード'"), "\(alone.stdout)")
        box.environment["KAKEIBO_ENDPOINT"] = "http://127.0.0.1:9/exec"
        let unsynced = try box.run("accounts", "--lang", "en")
        #expect(unsynced.status == 0, "\(unsynced.stderr)")
        #expect(!unsynced.stdout.contains("kakeibo accounts add 'JCBカード'"), "\(unsynced.stdout)")
        #expect(unsynced.stdout.contains("1 payment names no account yet: sync first ('kakeibo sync')"), "\(unsynced.stdout)")
    }
}
