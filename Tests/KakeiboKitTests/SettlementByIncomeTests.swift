import KakeiboRender
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboReports

/// `config set split by-income`: shared spending split in proportion to each member's income in the period.
@Suite struct SettlementByIncomeTests {
    func member(_ item: Item, _ name: String?, personal: Bool = false) -> Item {
        var item = item
        item.details = ItemDetails(member: name, personal: personal)
        return item
    }

    @Test func incomesOf300000And200000Split60To40() throws {
        let split = try Split.parse("by-income")
        #expect(split.byIncome && split.text == "by-income" && split.members.isEmpty)
        #expect(try Split.parse(" 収入比 ") == split)
        let spending = [
            member(item("スーパー", 80_000, "2024-12-03"), "ayumi"), member(item("電気", 20_001, "2024-12-05"), "ken"),
            member(item("本", 3_000, "2024-12-06"), "ken", personal: true), member(item("謎", 500, "2024-12-07"), nil),
        ]
        let incomes = [
            member(item("給与", 300_000, "2024-12-25", 90, 0), "ayumi"), member(item("給与", 200_000, "2024-12-25", 90, 0), "ken"),
            member(item("還付", 999, "2024-12-26", 90, 2), nil),
        ]
        let settlement = Settlement(period: .month(december), items: spending, split: split, incomes: incomes)
        #expect(!settlement.incomeMissing)
        #expect(settlement.members.map(\.name) == ["ayumi", "ken"])
        #expect(settlement.members.map(\.income) == [Yen(300_000), Yen(200_000)])
        #expect(settlement.members.map(\.ratio) == [0.6, 0.4] && settlement.members.map(\.percent) == [60, 40])
        // 100,001 shared: 60,000.6 and 40,000.4, the yen left to the larger remainder.
        #expect(settlement.shared == Yen(100_001) && settlement.members.map(\.share) == [Yen(60_001), Yen(40_000)])
        #expect(settlement.transfers == [Settlement.Transfer(from: "ken", to: "ayumi", amount: Yen(19_999))])
        #expect(settlement.unassignedCount == 1 && settlement.members[1].personal == Yen(3_000))
        let table = SettleRenderer.table(settlement, style: TextStyle(language: .en))
        #expect(table.contains("Split by income: ayumi ¥300,000 (60.0%) · ken ¥200,000 (40.0%)\n"), "\(table)")
    }

    @Test func aMemberWithoutIncomeBearsNothingAndNoIncomeAtAllIsSaid() throws {
        let split = try Split.parse("by-income")
        let spending = [member(item("スーパー", 9_000, "2024-12-03"), "ayumi"), member(item("電気", 1_000, "2024-12-05"), "ken")]
        let incomes = [member(item("給与", 250_000, "2024-12-25", 90, 0), "ayumi")]
        let one = Settlement(period: .month(december), items: spending, split: split, incomes: incomes)
        #expect(one.members.map(\.share) == [Yen(10_000), Yen(0)] && one.members.map(\.ratio) == [1.0, 0.0])
        let none = Settlement(period: .month(december), items: spending, split: split, incomes: [])
        #expect(none.incomeMissing && none.members.map(\.share) == [Yen(5_000), Yen(5_000)])
        #expect(none.members.allSatisfy { $0.income == nil && $0.ratio == nil })
        #expect(SettleRenderer.table(none, style: TextStyle(language: .en)).contains("no member has income in this period: shared equally"))
    }
}
