import Foundation
import KakeiboRender
import KakeiboReports
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// Two members who each set up accounts, add rules and fixed costs, import a statement and sync, in every order: two
/// syncs each afterwards bring both to the same month and the same settings, byte for byte.
@Suite struct TwoMembersConvergeTests {
    /// What a member does before the syncs that end the scenario (`settings`: a rule, a fixed cost and a budget).
    enum Step: CaseIterable {
        case accounts, settings, importing, sync
    }

    /// ayumi's card and ken's bank and card: each member adds their own, before or after a first sync.
    static let accounts: [[Account]] = [
        [Account(name: "楽天カード", kind: .card, member: "ayumi", aliases: ["ﾗｸﾃﾝｶｰﾄﾞ"]), Account(name: "現金", kind: .cash)],
        [Account(name: "ゆうちょ銀行", kind: .bank), Account(name: "JCBカード", kind: .card, member: "ken", aliases: ["ｼﾞｪｰｼｰﾋﾞｰ"])],
    ]
    static let rules: [FilingRule] = [FilingRule(pattern: "AMAZON", category: "daily"), FilingRule(pattern: "セブン", category: "food")]
    static let costs: [FixedCost] = [
        FixedCost(name: "家賃", price: Yen(85000), day: 27, month: nil, category: CategoryCode(2, 0)),
        FixedCost(name: "電気", price: Yen(8000), day: 10, month: nil, category: CategoryCode(3, 0)),
    ]

    static func line(_ id: String, _ date: String, _ name: String, _ price: Int, _ payment: String) -> WireItem {
        WireItem(
            id: id, date: try! CalendarDate.parseISO(date), name: name, price: Yen(price), category: CategoryCode(0, 1),
            details: ItemDetails(payment: payment))
    }

    /// ayumi's card statement; ken's bank statement (the card's bill, an ATM withdrawal) and his card's.
    static let statements: [[WireItem]] = [
        [line("rk:1", "2024-12-03", "AMAZON", 3980, "ﾗｸﾃﾝｶｰﾄﾞ"), line("rk:2", "2024-12-10", "ENEOS", 5000, "ﾗｸﾃﾝｶｰﾄﾞ")],
        [
            line("yc:1", "2024-12-27", "ﾗｸﾃﾝｶｰﾄﾞ", 8980, "ゆうちょ銀行"), line("yc:2", "2024-12-05", "ATM", 10000, "ゆうちょ銀行"),
            line("jc:1", "2024-12-05", "セブンイレブン", 600, "ｼﾞｪｰｼｰﾋﾞｰ"),
        ],
    ]

    /// Memory-backed storage where there is one (Linux's /dev/shm): 1,152 stores' writes flushed to a disk shared
    /// with other builds took minutes; the code under test is the same.
    static let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path

    func act(_ step: Step, _ who: Int, _ member: Member) throws {
        let household = member.household
        switch step {
        case .accounts: for account in Self.accounts[who] { _ = try household.addAccount(account) }
        case .settings:
            _ = try household.addRule(Self.rules[who], taxonomy: .standard)
            _ = try household.addFixedCost(Self.costs[who])
            if who == 1 { _ = try household.setStatementUser("本人", member: "ken") }
            _ = try household.setBudget(who == 0 ? .category(CategoryCode(0)) : .total, Yen(who == 0 ? 60000 : 200_000), taxonomy: .standard)
        case .importing: _ = try household.importFiles([ImportBatch(kind: .statement, items: Self.statements[who])], dryRun: false)
        case .sync: _ = try member.sync()
        }
    }

    /// December as `month --format json` writes it, and the settings files, as bytes.
    func state(_ member: Member) throws -> [String: [UInt8]] {
        let store = member.household.store
        let query = MonthQuery(period: MonthPeriod(december), filter: nil, order: ItemOrder(), details: DetailFilter())
        let view = try query.view(store, taxonomy: .standard, today: try CalendarDate.parseISO("2024-12-31"), parts: [.neighbours, .plan, .budgets])
        let month = JSONRenderer.month(view.report, taxonomy: .standard, language: .en, budgets: view.budgets, savings: view.savings)
        var state = ["month": Array(month.utf8)]
        for name in ["accounts.json", "rules.json", "fixed.json", "budgets.json"] {
            state[name] = FileManager.default.contents(atPath: store.root + "/" + name).map(Array.init) ?? []
        }
        return state
    }

    /// Every order of each member's four steps, the two members taking turns (ayumi first): 24 × 24 scenarios, a
    /// test case for each of ayumi's orders.
    @Test(arguments: permutations(Step.allCases))
    func twoSyncsEachBringBothMembersToTheSameMonthAndSettingsInEveryOrder(_ ayumis: [Step]) throws {
        var parted: [String] = []
        for kens in Self.permutations(Step.allCases) {
            let server = ScriptedServer()
            let members = [Member(server, in: Self.directory), Member(server, in: Self.directory)]
            defer { for member in members { member.clean() } }
            for (a, k) in zip(ayumis, kens) {
                try act(a, 0, members[0])
                try act(k, 1, members[1])
            }
            for _ in 0..<2 {
                _ = try members[0].sync()
                _ = try members[1].sync()
            }
            let (ayumi, ken) = (try state(members[0]), try state(members[1]))
            let settings = try members.map { try $0.household.settingConflicts(SharedSettingFiles(store: $0.household.store, configDirectory: nil)) }
            let items = try members.map { try $0.household.conflicts() }
            if ayumi != ken || settings.contains(where: { !$0.isEmpty }) || items.contains(where: { !$0.isEmpty }) {
                let differing = ayumi.keys.sorted().filter { ayumi[$0] != ken[$0] }
                parted.append("ken \(kens): differ in \(differing), setting conflicts \(settings.map(\.count)), item conflicts \(items.map(\.count))")
            }
            // Both members' accounts, rules, fixed costs and budgets are in the one household.
            let accounts = try members[0].household.accounts().all.map(\.name)
            #expect(Set(accounts) == ["楽天カード", "現金", "ゆうちょ銀行", "JCBカード"], "ken \(kens)")
            let store = members[0].household.store
            #expect(try store.read(.rules).rules.count == 2 && store.read(.fixedCosts).all.count == 2, "ken \(kens)")
            #expect(try store.read(.budgets).entries.count == 2, "ken \(kens)")
        }
        #expect(parted.isEmpty, "ayumi \(ayumis): \(parted.count) of ken's 24 orders part: \(parted.prefix(3))")
    }

    static func permutations(_ steps: [Step]) -> [[Step]] {
        guard steps.count > 1 else { return [steps] }
        return steps.indices.flatMap { at in
            var rest = steps
            let first = rest.remove(at: at)
            return permutations(rest).map { [first] + $0 }
        }
    }
}
