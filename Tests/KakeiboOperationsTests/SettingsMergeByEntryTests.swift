import Foundation
import KakeiboStore
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// Accounts, rules and fixed costs changed by this machine and another member merge entry by entry: entries added
/// on either side are both kept, one entry both changed is a conflict on that entry alone, and versions that differ
/// only in bookkeeping are one.
@Suite struct SettingsMergeByEntryTests {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-entries-\(UUID().uuidString)").path
    var store: LedgerStore { LedgerStore(root: base + "/store") }
    var files: SharedSettingFiles { SharedSettingFiles(store: store, configDirectory: base + "/config") }
    var household: Household { Household(store: store, now: Timestamp(milliseconds: 1_800_000_000_000)) }

    static let rakuten = Account(name: "楽天カード", kind: .card, aliases: ["ﾗｸﾃﾝｶｰﾄﾞ"])
    static let yucho = Account(name: "ゆうちょ銀行", kind: .bank)
    static let jcb = Account(name: "JCBカード", kind: .card)
    static let paypay = Account(name: "PayPay", kind: .emoney)

    func accounts(_ list: [Account]) throws -> String {
        String(decoding: SettingsFile.accounts.encode(try Accounts(list)), as: UTF8.self)
    }

    func names() throws -> [String] { try household.accounts().all.map(\.name) }

    /// This machine sends what it has; the server holds `theirs` already, and refuses it.
    func sendRefused(_ setting: SharedSetting, theirs: SyncedSetting) throws -> SettingsOutcome {
        let sent = try household.settingsToSend(files).filter { $0.setting == setting }
        #expect(sent.count == 1)
        let answer = SettingsAnswer(
            results: [.init(key: setting.rawValue, status: .conflict, revision: theirs.revision)], settings: [setting.rawValue: theirs])
        return try household.applySettings(answer, sent: sent, files)
    }

    /// Both this machine and the server at `value`, synced at `revision`.
    func synced(_ setting: SharedSetting, _ value: String, revision: Int) throws {
        let answer = SettingsAnswer(results: [], settings: [setting.rawValue: SyncedSetting(revision: revision, value: value)])
        _ = try household.applySettings(answer, sent: [], files)
    }

    @Test func accountsAddedByTwoMembersBeforeTheirFirstSyncAreBothKept() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        _ = try household.addAccount(Self.rakuten)
        let theirs = SyncedSetting(revision: 4, value: try accounts([Self.yucho]))
        let outcome = try sendRefused(.accounts, theirs: theirs)
        #expect(outcome.conflicts.isEmpty)
        #expect(try household.settingConflicts(files).isEmpty)
        #expect(try names() == ["ゆうちょ銀行", "楽天カード"], "the server's first, then this machine's")
        // The union goes to the server on the revision it holds.
        #expect(try household.settingsToSend(files) == [SettingChange(setting: .accounts, base: 4, value: try accounts([Self.yucho, Self.rakuten]))])
    }

    @Test func rulesAndFixedCostsAddedByTwoMembersAreBothKept() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        _ = try household.addRule(FilingRule(pattern: "AMAZON", category: "daily"), taxonomy: .standard)
        _ = try household.addFixedCost(FixedCost(name: "家賃", price: Yen(85000), day: 27, month: nil, category: CategoryCode(10, 0)))
        let theirRules = FilingRules(rules: [FilingRule(pattern: "セブン", category: "food")], members: ["本人": "ken"])
        let theirCosts = FixedCosts([FixedCost(name: "電気", price: Yen(8000), day: 10, month: nil, category: CategoryCode(11, 0))])
        let rules = try sendRefused(
            .rules, theirs: SyncedSetting(revision: 2, value: String(decoding: SettingsFile.rules.encode(theirRules), as: UTF8.self)))
        let fixed = try sendRefused(
            .fixedCosts, theirs: SyncedSetting(revision: 3, value: String(decoding: SettingsFile.fixedCosts.encode(theirCosts), as: UTF8.self)))
        #expect(rules.conflicts.isEmpty && fixed.conflicts.isEmpty)
        #expect(try store.read(.rules).rules.map(\.pattern) == ["セブン", "AMAZON"])
        #expect(try store.read(.rules).members == ["本人": "ken"])
        #expect(try store.read(.fixedCosts).all.map(\.name) == ["電気", "家賃"])
    }

    /// A statement user's member scoped to one account (`rules member 本人 yuto --account イオンカード`) is an entry of
    /// its own: merged beside the other member's unscoped one, never dropped by the merge.
    @Test func aMemberRuleScopedToAnAccountSurvivesTheMerge() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        let mine = FilingRules(members: ["家族": "hina"], accountMembers: ["a-0123456789abcdef": ["本人": "yuto"]])
        try FileSystem.makeDirectories(store.root)
        try FileSystem.replaceAtomically(store.path(of: .rules), SettingsFile.rules.encode(mine))
        let theirRules = FilingRules(members: ["本人": "naoko"], accountMembers: ["a-ffffffffffffffff": ["本人": "ken"]])
        let outcome = try sendRefused(
            .rules, theirs: SyncedSetting(revision: 2, value: String(decoding: SettingsFile.rules.encode(theirRules), as: UTF8.self)))
        #expect(outcome.conflicts.isEmpty)
        let merged = try store.read(.rules)
        #expect(merged.members == ["本人": "naoko", "家族": "hina"])
        #expect(merged.accountMembers == ["a-0123456789abcdef": ["本人": "yuto"], "a-ffffffffffffffff": ["本人": "ken"]])
        #expect(merged.member(user: "本人", account: "a-0123456789abcdef") == "yuto")
    }

    /// What matching did when another member's accounts came is part of the sync's outcome, round after round: a
    /// sync sends the changes it made (a bank line that is now a transfer) before it ends, not with the next sync.
    @Test func whatMatchingDidAfterAccountsCameIsKeptAcrossRounds() {
        var first = SettingsOutcome()
        var later = SettingsOutcome()
        later.matched.members = 2
        first.add(later)
        #expect(!first.matched.isEmpty && first.matched.members == 2)
    }

    @Test func budgetsSetByTwoMembersForDifferentCategoriesAreBothKept() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        var mine = Budgets()
        mine.set(.category(CategoryCode(0)), Yen(60000))
        mine.savings = Yen(50000)
        try FileSystem.makeDirectories(store.root)
        try FileSystem.replaceAtomically(store.path(of: .budgets), SettingsFile.budgets.encode(mine, .standard))
        var theirs = Budgets()
        theirs.set(.total, Yen(200_000))
        theirs.set(.allowance("ken"), Yen(30000))
        let value = String(decoding: SettingsFile.budgets.encode(theirs, .standard), as: UTF8.self)
        let outcome = try sendRefused(.budgets, theirs: SyncedSetting(revision: 3, value: value))
        #expect(outcome.conflicts.isEmpty)
        let merged = try SettingsFile.budgets.decode(try #require(try FileSystem.read(store.path(of: .budgets))))
        #expect(merged.amount(for: .total) == Yen(200_000) && merged.amount(for: .category(CategoryCode(0))) == Yen(60000))
        #expect(merged.amount(for: .allowance("ken")) == Yen(30000) && merged.savings == Yen(50000))
    }

    @Test func oneAccountChangedByBothIsAConflictOnThatAccountAloneShownFieldByField() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        _ = try household.addAccount(Self.rakuten)
        _ = try household.addAccount(Self.yucho)
        try synced(.accounts, try accounts([Self.rakuten, Self.yucho]), revision: 3)
        // Here: 楽天カード is ayumi's, and PayPay is added. There: 楽天カード is ken's, and JCBカード is added.
        _ = try household.editAccount("楽天カード") { $0.member = "ayumi" }
        _ = try household.addAccount(Self.paypay)
        var kens = Self.rakuten
        kens.member = "ken"
        let theirs = SyncedSetting(revision: 6, value: try accounts([kens, Self.yucho, Self.jcb]))
        let outcome = try sendRefused(.accounts, theirs: theirs)
        #expect(outcome.conflicts == [.accounts])
        #expect(try names() == ["楽天カード", "ゆうちょ銀行", "JCBカード", "PayPay"], "both additions kept while the conflict waits")
        #expect(try household.accounts().account(for: "楽天カード")?.member == "ayumi", "this machine's version until resolved")
        let views = try household.settingConflicts(files)
        #expect(views.count == 1 && views[0].entries.count == 1)
        let entry = try #require(views.first?.entries.first)
        #expect(entry.kind == .account && entry.label == "楽天カード")
        #expect(entry.differences.map(\.name) == ["member"])
        #expect(entry.differences.first?.mine == "ayumi" && entry.differences.first?.theirs == "ken")
        #expect(try household.settingsToSend(files).isEmpty, "a setting in conflict waits for resolve")

        #expect(try household.resolveSettingEntry(.accounts, entry: "楽天カード", keep: .theirs, files) == "楽天カード")
        #expect(try household.accounts().account(for: "楽天カード")?.member == "ken")
        #expect(try household.settingConflicts(files).isEmpty)
        #expect(try names() == ["楽天カード", "ゆうちょ銀行", "JCBカード", "PayPay"], "resolving one entry undoes no merge")
        #expect(try household.settingsToSend(files).map(\.base) == [6])
    }

    @Test func anEntryKeptMineLeavesTheOtherEntriesInConflict() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        _ = try household.addAccount(Self.rakuten)
        _ = try household.addAccount(Self.yucho)
        try synced(.accounts, try accounts([Self.rakuten, Self.yucho]), revision: 3)
        _ = try household.editAccount("楽天カード") { $0.member = "ayumi" }
        _ = try household.editAccount("ゆうちょ銀行") { $0.member = "ayumi" }
        var (kenCard, kenBank) = (Self.rakuten, Self.yucho)
        kenCard.member = "ken"
        kenBank.member = "ken"
        _ = try sendRefused(.accounts, theirs: SyncedSetting(revision: 6, value: try accounts([kenCard, kenBank])))
        #expect(try household.settingConflicts(files).first?.entries.map(\.label) == ["楽天カード", "ゆうちょ銀行"])
        #expect(try household.resolveSettingEntry(.accounts, entry: "楽天カード", keep: .mine, files) == "楽天カード")
        #expect(try household.settingConflicts(files).first?.entries.map(\.label) == ["ゆうちょ銀行"])
        #expect(try household.settingsToSend(files).isEmpty)
        #expect(try household.resolveSettingEntry(.accounts, entry: "no such", keep: .mine, files) == nil)
        #expect(try household.resolveSettingEntry(.accounts, entry: "ゆうちょ銀行", keep: .theirs, files) == "ゆうちょ銀行")
        let members = try household.accounts().all.map(\.member)
        #expect(members == ["ayumi", "ken"])
        #expect(try household.settingsToSend(files).map(\.base) == [6], "the merge goes on the server's revision")
    }

    @Test func versionsThatDifferOnlyInBookkeepingSettleThemselves() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        // Both members added the same two accounts, in another order, and each recorded a balance of their own.
        var mine = Self.yucho
        mine.state(StatedBalance(date: try CalendarDate.parseISO("2024-06-30"), amount: Yen(475_020)))
        _ = try household.addAccount(Self.rakuten)
        _ = try household.addAccount(mine)
        var theirs = Self.yucho
        theirs.state(StatedBalance(date: try CalendarDate.parseISO("2024-05-31"), amount: Yen(400_000)))
        let outcome = try sendRefused(.accounts, theirs: SyncedSetting(revision: 4, value: try accounts([theirs, Self.rakuten])))
        #expect(outcome.conflicts.isEmpty)
        #expect(try household.settingConflicts(files).isEmpty)
        let yucho = try #require(try household.accounts().account(for: "ゆうちょ銀行"))
        #expect(yucho.stated.map(\.amount) == [Yen(400_000), Yen(475_020)], "both members' stated balances")
    }

    @Test func aConflictKeptWholeOnNothingButBookkeepingSettlesItselfWithTheNextSync() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        _ = try household.addAccount(Self.rakuten)
        _ = try household.addAccount(Self.yucho)
        // As an older kakeibo left it: the whole file in conflict, the server's the same accounts in another order.
        let theirs = SyncedSetting(revision: 4, value: try accounts([Self.yucho, Self.rakuten]))
        var journal = try household.journal()
        journal.settingConflicts["accounts"] = theirs
        try store.write { _ in try SyncJournalFile.write(journal, store) }
        #expect(try household.settingConflicts(files).count == 1)
        let outcome = try household.applySettings(SettingsAnswer(results: [], settings: ["accounts": theirs]), sent: [], files)
        #expect(outcome.conflicts.isEmpty)
        #expect(try household.settingConflicts(files).isEmpty)
        #expect(try household.journal().settings["accounts"] == theirs)
    }

    @Test func anEntryRemovedHereAndChangedThereIsAConflict() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        _ = try household.addAccount(Self.rakuten)
        _ = try household.addAccount(Self.yucho)
        try synced(.accounts, try accounts([Self.rakuten, Self.yucho]), revision: 3)
        _ = try household.removeAccount("楽天カード")
        var kens = Self.rakuten
        kens.member = "ken"
        _ = try sendRefused(.accounts, theirs: SyncedSetting(revision: 5, value: try accounts([kens, Self.yucho])))
        let entry = try #require(try household.settingConflicts(files).first?.entries.first)
        #expect(entry.label == "楽天カード" && entry.mine == nil && entry.theirs != nil)
        #expect(try household.resolveSetting(.accounts, keep: .theirs, files))
        #expect(try names() == ["楽天カード", "ゆうちょ銀行"])
    }

    @Test func anotherMembersChangeMergesWithOneMadeHereInTheSameSync() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        _ = try household.addAccount(Self.yucho)
        try synced(.accounts, try accounts([Self.yucho]), revision: 3)
        // Added here while another member's change was on its way: not sent in this request, merged when it comes.
        _ = try household.addAccount(Self.rakuten)
        let outcome = try household.applySettings(
            SettingsAnswer(results: [], settings: ["accounts": SyncedSetting(revision: 5, value: try accounts([Self.yucho, Self.jcb]))]), sent: [],
            files)
        #expect(outcome.received == [.accounts] && outcome.conflicts.isEmpty)
        #expect(try names() == ["ゆうちょ銀行", "JCBカード", "楽天カード"])
        #expect(try household.settingsToSend(files).map(\.base) == [5])
    }
}
