import KakeiboOperations
import KakeiboStore
import KakeiboValues
import Testing

@testable import KakeiboReports

/// Yearly funds and rolled budgets as values: the file, the running balance, the margin and setting one again.
@Suite struct YearlyFundTests {
    let food = BudgetTarget.category(CategoryCode(0))
    let special = BudgetTarget.category(CategoryCode(13))
    func month(_ text: String) -> YearMonth { YearMonth.parseISO(text)! }

    @Test func theFileIsSchemaFourOnlyWithAFundOrARolledBudgetAndRoundTrips() throws {
        var budgets = Budgets([Budget(target: food, amount: 30_000)])
        #expect(String(decoding: SettingsFile.budgets.encode(budgets, .standard), as: UTF8.self).contains(#""schema": 1"#))
        budgets.set(Budget(target: special, amount: 240_000, cadence: .yearly))
        let steps = [RolloverStep(from: month("2024-10"), amount: 30_000), RolloverStep(from: month("2024-12"), amount: 35_000)]
        budgets.set(Budget(target: food, amount: 35_000, cadence: .rollover(steps)))
        budgets.set(Budget(target: .allowance("ayumi"), amount: 20_000, cadence: .rollover([RolloverStep(from: month("2025-01"), amount: 20_000)])))
        let bytes = SettingsFile.budgets.encode(budgets, .standard)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""schema": 4"#) && text.contains(#""yearly": true"#) && text.contains(#""from": "2024-10""#), "\(text)")
        #expect(try SettingsFile.budgets.decode(bytes).sorted(.standard) == budgets.sorted(.standard))
        #expect(try SettingsFile.budgets.decode(bytes).budget(for: special)?.cadence == .yearly)
        // A settings value from another member holding them is taken as it is.
        #expect(SharedSettingFiles.problem(.budgets, text) == nil)
    }

    @Test func theBalanceCarriesBothWaysAndAStepChangesOnlyTheAmount() {
        let steps = [RolloverStep(from: month("2024-10"), amount: 30_000), RolloverStep(from: month("2024-12"), amount: 35_000)]
        let spent: [YearMonth: Yen] = [month("2024-10"): 20_000, month("2024-11"): 45_000, month("2024-12"): 10_000]
        let months = RolloverMonth.months(steps, through: month("2025-01"), spent: spent)
        #expect(months.map(\.month.iso) == ["2024-10", "2024-11", "2024-12", "2025-01"])
        #expect(months.map(\.budget) == [30_000, 30_000, 35_000, 35_000])
        #expect(months.map(\.carried) == [0, 10_000, -5_000, 20_000])
        #expect(months.map(\.left) == [10_000, -5_000, 20_000, 55_000])
        #expect(RolloverMonth.months(steps, through: month("2024-09"), spent: spent).isEmpty, "before it starts")
    }

    @Test func aFundIsAheadPastItsShareAndAQuarterAndOverPastItself() {
        func fund(_ through: Int, _ spent: Int) -> YearlyFund {
            YearlyFund(year: 2024, amount: 240_000, through: through, monthly: [Yen(spent)] + Array(repeating: .zero, count: 11))
        }
        #expect(fund(1, 80_000).limitToDate == 80_000 && !fund(1, 80_000).isAhead)
        #expect(fund(1, 80_001).isAhead && !fund(1, 80_001).isOver)
        #expect(fund(2, 100_000).limitToDate == 100_000 && !fund(2, 100_000).isAhead)
        #expect(fund(9, 0).limitToDate == 240_000 && fund(10, 0).limitToDate == 240_000, "never past the fund")
        #expect(fund(12, 240_001).isOver && !fund(12, 240_001).isAhead && fund(12, 240_001).left == -1)
        #expect(fund(0, 0).shareToDate == .zero && fund(0, 0).spent == .zero, "a year not begun counts nothing")
        // Only the months counted: a later month's spending is not yet the fund's.
        let later = YearlyFund(year: 2024, amount: 240_000, through: 1, monthly: [.zero, Yen(200_000)] + Array(repeating: .zero, count: 10))
        #expect(later.spent == .zero)
    }

    @Test func settingARolledBudgetAgainKeepsItsStartUnlessFromIsGiven() {
        let december = month("2024-12")
        let first = Household.cadence(.rollover(from: month("2024-10"), thisMonth: december), 30_000, earlier: nil)
        #expect(first == .rollover([RolloverStep(from: month("2024-10"), amount: 30_000)]))
        let earlier = Budget(target: food, amount: 30_000, cadence: first)
        // The same amount again: nothing changes.
        #expect(Household.cadence(.rollover(from: nil, thisMonth: december), 30_000, earlier: earlier) == first)
        // A new amount: from this month on, the balance since October kept.
        #expect(
            Household.cadence(.rollover(from: nil, thisMonth: december), 35_000, earlier: earlier)
                == .rollover([RolloverStep(from: month("2024-10"), amount: 30_000), RolloverStep(from: december, amount: 35_000)]))
        // --from starts afresh; a monthly budget made rolling starts this month.
        #expect(
            Household.cadence(.rollover(from: december, thisMonth: december), 35_000, earlier: earlier)
                == .rollover([RolloverStep(from: december, amount: 35_000)]))
        let monthly = Budget(target: food, amount: 30_000)
        #expect(
            Household.cadence(.rollover(from: nil, thisMonth: december), 30_000, earlier: monthly)
                == .rollover([RolloverStep(from: december, amount: 30_000)]))
    }
}
