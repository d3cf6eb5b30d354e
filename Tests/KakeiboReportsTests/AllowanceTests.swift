import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboReports

/// お小遣い: a member's allowance counts their personal items, and the budgets file carries it as schema 3.
@Suite struct AllowanceTests {
    func item(_ name: String, _ price: Int, member: String?, personal: Bool, _ category: Int = 0) -> Item {
        var item = KakeiboTestSupport.item(name, price, "2024-12-05", category)
        item.details = ItemDetails(member: member, personal: personal)
        return item
    }

    @Test func onlyTheMembersPersonalSpendingCountsAgainstTheirAllowance() {
        var budgets = Budgets([Budget(target: .total, amount: Yen(200_000))])
        budgets.set(.allowance("ayumi"), Yen(30_000))
        budgets.set(.allowance("ken"), Yen(20_000))
        let items = [
            item("服", 28_000, member: "ayumi", personal: true), item("本", 3_500, member: "ayumi", personal: true),
            item("食材", 5_000, member: "ayumi", personal: false), item("ゲーム", 6_000, member: "ken", personal: true),
            item("謎", 900, member: nil, personal: true), item("給与", 300_000, member: "ken", personal: true, 90),
        ]
        let statuses = BudgetStatus.month(december, items: items, budgets: budgets, filter: nil, taxonomy: .standard)
        #expect(statuses.map(\.target) == [.total, .allowance("ayumi"), .allowance("ken")], "total first, allowances last")
        #expect(statuses.map(\.spent) == [Yen(43_400), Yen(31_500), Yen(6_000)], "income is no spending")
        #expect(statuses.map(\.isOver) == [false, true, false])
        #expect(BudgetTarget.allowance("ayumi").key(.standard) == "allowance/ayumi")
        #expect(BudgetTarget.allowance("ayumi").label(.standard, .ja) == "お小遣い › ayumi")
        #expect(BudgetTarget.isAllowance("お小遣い") && BudgetTarget.isAllowance("Allowance") && !BudgetTarget.isAllowance("food"))
        let filtered = BudgetStatus.month(december, items: items, budgets: budgets, filter: CategoryFilter(category: 0), taxonomy: .standard)
        #expect(filtered.isEmpty, "a category's report shows that category's budgets only")
    }

    @Test func anAllowanceMakesTheFileSchemaThreeAndRoundTrips() throws {
        var budgets = Budgets([Budget(target: .total, amount: Yen(120_000))])
        #expect(String(decoding: SettingsFile.budgets.encode(budgets, .standard), as: UTF8.self).contains(#""schema": 1"#))
        budgets.set(.allowance("ken"), Yen(20_000))
        budgets.set(.allowance("ayumi"), Yen(30_000))
        let bytes = SettingsFile.budgets.encode(budgets, .standard)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""schema": 3"#) && text.contains(#""member": "ayumi""#))
        let read = try SettingsFile.budgets.decode(bytes)
        #expect(read.amount(for: .allowance("ayumi")) == Yen(30_000) && read.amount(for: .allowance("ken")) == Yen(20_000))
        #expect(read.amount(for: .total) == Yen(120_000))
        let old = #"{"schema":2,"total":null,"categories":[],"allowances":[{"member":"ayumi","amount":1}]}"#
        #expect(throws: SettingsFileProblem(.budgets, .shape("allowances"))) { try SettingsFile.budgets.decode(Array(old.utf8)) }
        let twice = #"{"schema":3,"categories":[],"allowances":[{"member":"a","amount":1},{"member":"a","amount":2}]}"#
        #expect(throws: SettingsFileProblem(.budgets, .duplicate("allowances[1]"))) { try SettingsFile.budgets.decode(Array(twice.utf8)) }
        let zero = #"{"schema":3,"categories":[],"allowances":[{"member":"a","amount":0}]}"#
        #expect(throws: SettingsFileProblem(.budgets, .amount("allowances[0]"))) { try SettingsFile.budgets.decode(Array(zero.utf8)) }
    }
}
