import Testing

@testable import KakeiboOperations
@testable import KakeiboStore
@testable import KakeiboValues

/// An account's id: derived alike from one name on every machine, kept through renames, never shared; what merges,
/// transfers, balances and the sync of accounts key on.
@Suite struct AccountIDTests {
    func bank() throws -> Accounts {
        try Accounts([Account(name: "ゆうちょ銀行", kind: .bank, aliases: ["銀行口座"]), Account(name: "現金", kind: .cash)])
    }

    @Test func oneNameDerivesOneIdAndRenamingKeepsIt() throws {
        var accounts = try bank()
        let id = try #require(accounts.account(for: "ゆうちょ銀行")).id
        #expect(id == AccountID.derived(from: "ゆうちょ 銀行") && id != AccountID.derived(from: "現金"))
        try accounts.edit("ゆうちょ銀行") { $0.name = "ゆうちょ" }
        try accounts.edit("ゆうちょ") { $0.aliases.removeAll { $0 == "ゆうちょ銀行" } }
        #expect(accounts.account(for: "ゆうちょ")?.id == id)
        #expect(accounts.account(for: "ゆうちょ銀行 *5671")?.id == id, "a former name still names it")
        #expect(accounts.counterpart(for: "口座振替　ゆうちょ銀行")?.id == id)
    }

    @Test func aSpellingGivenAgainNamesTheNewAccountWithAnIdOfItsOwn() throws {
        var accounts = try bank()
        try accounts.edit("ゆうちょ銀行") { $0.name = "ゆうちょ" }
        try accounts.edit("ゆうちょ") { $0.aliases.removeAll { $0 == "ゆうちょ銀行" } }
        try accounts.add(Account(name: "ゆうちょ銀行", kind: .bank))
        let renamed = try #require(accounts.account(for: "ゆうちょ"))
        let new = try #require(accounts.account(for: "ゆうちょ銀行"))
        #expect(new.name == "ゆうちょ銀行" && new.id != renamed.id)
    }

    @Test func theFileKeepsIdsAndFormerNamesAndAnOlderFileReadsAsBefore() throws {
        let old = Array(#"{"schema":1,"accounts":[{"name":"ゆうちょ銀行","kind":"bank","member":null,"aliases":["銀行口座"]}]}"#.utf8)
        var accounts = try SettingsFile.accounts.decode(old)
        #expect(
            String(decoding: SettingsFile.accounts.encode(accounts), as: UTF8.self).contains(#""schema": 1"#),
            "unrenamed: as an older kakeibo wrote it")
        #expect(accounts == (try bank()).filtered { $0.kind == .bank })
        try accounts.edit("ゆうちょ銀行") { $0.name = "ゆうちょ" }
        let again = try SettingsFile.accounts.decode(SettingsFile.accounts.encode(accounts))
        #expect(again == accounts && again.all[0].former == ["ゆうちょ銀行"] && again.all[0].id == AccountID.derived(from: "ゆうちょ銀行"))
        let twice = Array(#"{"schema":2,"accounts":[{"id":"a-1","name":"A"},{"id":"a-1","name":"B"}]}"#.utf8)
        #expect(throws: SettingsFileProblem.self) { try SettingsFile.accounts.decode(twice) }
    }

    /// A balance recorded for an account renamed since reaches it (stated balances are recorded by id).
    @Test func aStatedBalanceReachesARenamedAccountThroughItsId() throws {
        var accounts = try bank()
        try accounts.edit("ゆうちょ銀行") { $0.name = "ゆうちょ" }
        let id = try #require(accounts.account(for: "ゆうちょ")).id
        let date = try CalendarDate.parseISO("2024-11-27")
        accounts.update(id: id) { $0.state(StatedBalance(date: date, amount: Yen(763_505))) }
        #expect(accounts.account(id: id)?.stated.count == 1 && accounts.account(id: id)?.name == "ゆうちょ")
    }
}

extension Accounts {
    fileprivate func filtered(_ keep: (Account) -> Bool) -> Accounts { (try? Accounts(all.filter(keep))) ?? Accounts() }
}
