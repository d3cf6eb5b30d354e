import Foundation
import Testing

@testable import KakeiboOperations
@testable import KakeiboStore
@testable import KakeiboValues

/// Whose spending a line is follows its account when the account names a member, whenever the account was added
/// (issue 38: "lines imported before their account exists keep this machine's member, so spending by member is
/// wrong in 5 of 6 setup orders"), while a member given by `import --member`, a statement's 利用者 or an edit stays.
@Suite struct MemberFollowsAccountTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-member-\(UUID().uuidString)").path
    var household: Household { Household(store: LedgerStore(root: root), now: Timestamp(milliseconds: 1_800_000_000_000)) }

    func line(_ id: String, _ date: String, _ price: Int, payment: String, member: String? = nil) -> WireItem {
        var item = wire(id, date, "品\(price)", price)
        item.details.payment = payment
        item.details.member = member
        return item
    }

    /// An import on ayumi's machine (`config member ayumi`), or with `import --member`.
    func importLines(_ lines: [WireItem], forced: String? = nil) throws {
        let prepared = Household.prepared(lines, member: ImportMember(forced: forced, fallback: "ayumi"), accounts: try household.accounts())
        _ = try household.importFiles([ImportBatch(kind: .statement, items: prepared)], dryRun: false)
    }

    /// Each line's member, by id, in December.
    func members() throws -> [String: String] {
        var members: [String: String] = [:]
        for item in try household.store.items(in: december) where item.counts { members[item.id] = item.details.member ?? "-" }
        return members
    }

    enum Step: CaseIterable { case card, cardLines, bank, bankLines }

    func run(_ step: Step) throws {
        switch step {
        case .card: _ = try household.addAccount(Account(name: "楽天カード", kind: .card, member: "ken"))
        case .bank: _ = try household.addAccount(Account(name: "ゆうちょ銀行", kind: .bank))
        case .cardLines:
            // rc:2's member came from the statement's 利用者 (a member rule): given, it stays.
            try importLines([line("rc:1", "2024-12-10", 1000, payment: "楽天カード"), line("rc:2", "2024-12-11", 300, payment: "楽天カード", member: "ayumi")])
        case .bankLines:
            try importLines([line("yu:1", "2024-12-12", 200, payment: "ゆうちょ銀行")])
            try importLines([line("yu:2", "2024-12-13", 700, payment: "ゆうちょ銀行")], forced: "ken")
        }
    }

    static func permutations(_ steps: [Step]) -> [[Step]] {
        guard steps.count > 1 else { return [steps] }
        return steps.indices.flatMap { index in
            var rest = steps
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    @Test(arguments: permutations(Step.allCases))
    func everySetupOrderGivesTheSameMembers(order: [Step]) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        for step in order { try run(step) }
        let expected = ["rc:1": "ken", "rc:2": "ayumi", "yu:1": "-", "yu:2": "ken"]
        #expect(try members() == expected, "the card's line is ken's, 利用者's and --member's stay, the joint account's is nobody's: \(order)")
    }

    @Test func aMemberFollowsItsAccountUntilAPersonSetsIt() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try run(.cardLines)
        try importLines([line("rc:3", "2024-12-14", 400, payment: "楽天カード")])
        #expect(try members() == ["rc:1": "ayumi", "rc:2": "ayumi", "rc:3": "ayumi"], "no account yet: this machine's member")
        _ = try household.addAccount(Account(name: "楽天カード", kind: .card))
        #expect(try members() == ["rc:1": "-", "rc:2": "ayumi", "rc:3": "-"], "a joint account: nobody's, as an import after it gives")
        _ = try household.editAccount("楽天カード") { $0.member = "ken" }
        _ = try household.edit("rc:3", ItemChanges(details: [.member: "yuto"]))
        _ = try household.editAccount("楽天カード") { $0.member = "hana" }
        #expect(try members() == ["rc:1": "hana", "rc:2": "ayumi", "rc:3": "yuto"], "the account's member, unless the user set one")
        // The store's file says where each member came from, and reads back as it was written.
        let item = try #require(try household.store.items(in: december).first { $0.id == "rc:1" })
        #expect(item.details.memberFrom == .account)
        #expect(try household.store.items(in: december).first { $0.id == "rc:3" }?.details.memberFrom == nil)
    }

    @Test func aMergedItemTakesTheMemberItsStatementLineNowHas() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try household.add([wire("typed-1", "2024-12-09", "夕食", 1000)])
        try run(.cardLines)
        let merged = try #require(try household.store.items(in: december).first { $0.id == "typed-1" })
        #expect(merged.details.member == "ayumi", "this machine's member, through the card's line")
        _ = try household.addAccount(Account(name: "楽天カード", kind: .card, member: "ken"))
        let after = try #require(try household.store.items(in: december).first { $0.id == "typed-1" })
        #expect(after.details.member == "ken", "the card's line is ken's now, and so is the purchase: \(after.details)")
    }
}
