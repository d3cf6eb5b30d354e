import Foundation
import KakeiboOperations
import KakeiboReports
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

/// Income (収入) apart from spending in every report, the savings goal, the monthly review and its note.
@Suite struct IncomeTests {
    let items = [
        item("給与", 300_000, "2024-12-25", 90, 0), item("副業", 20_000, "2024-12-10", 90, 2),
        item("米", 2_000, "2024-12-02", 0, 0), item("電車", 1_000, "2024-12-03", 1, 1), item("返品", -500, "2024-12-04", 0, 0),
    ]

    @Test func theStandardTaxonomyHasIncomeUnderCode90() throws {
        let taxonomy = Taxonomy.standard
        #expect(taxonomy.incomeCodes == [90])
        #expect(try taxonomy.resolve("income/salary") == CategoryCode(90, 0))
        #expect(try taxonomy.resolve("収入/賞与") == CategoryCode(90, 1))
        #expect(taxonomy.isIncome(CategoryCode(90, 3)) && !taxonomy.isIncome(CategoryCode(0)) && !taxonomy.isIncome(CategoryCode(7)))
        // The kind survives the categories file, and a spending-only file encodes as it always did.
        #expect(try TaxonomyCodec.decode(TaxonomyCodec.encode(taxonomy)) == taxonomy)
        let spending = Taxonomy(categories: Array(taxonomy.categories.prefix(2)))
        #expect(!String(decoding: TaxonomyCodec.encode(spending), as: UTF8.self).contains("kind"))
        #expect(throws: TaxonomyProblem.shape("categories[0].kind")) {
            try TaxonomyCodec.decode(Array(#"{"categories":[{"key":"a","code":0,"ja":"あ","en":"A","kind":"wages"}]}"#.utf8))
        }
    }

    @Test func aMonthKeepsIncomeOutOfItsSpending() {
        let report = MonthReport(month: december, items: items, filter: nil, order: ItemOrder(), taxonomy: .standard)
        #expect(report.total == Yen(2_500) && report.count == 3)
        #expect(report.breakdown.map(\.category) == [0, 1], "no income slice")
        #expect(report.items.allSatisfy { $0.category.category != 90 })
        #expect(report.income.total == Yen(320_000) && report.income.count == 2)
        #expect(report.income.breakdown.map(\.code) == [CategoryCode(90, 0), CategoryCode(90, 2)])
        #expect(report.income.items.map(\.name) == ["副業", "給与"])
        #expect(report.balance == Yen(317_500))
        #expect(report.savingsRate == 317_500.0 / 320_000.0)
        let none = MonthReport(month: december, items: Array(items.dropFirst(2)), filter: nil, order: ItemOrder(), taxonomy: .standard)
        #expect(none.savingsRate == nil && none.balance == Yen(-2_500), "no rate without income")
        let budgets = BudgetStatus.month(
            december, items: items, budgets: Budgets([Budget(target: .total, amount: Yen(3_000))]), filter: nil, taxonomy: .standard)
        #expect(budgets.first?.spent == Yen(2_500), "income never counts against a budget")
    }

    @Test func aYearATrendAndTheNeighboursLeaveIncomeOut() {
        let year = YearReport(year: 2024, items: [december: items], filter: nil, taxonomy: .standard)
        #expect(year.total == Yen(2_500) && year.income.total == Yen(320_000) && year.balance == Yen(317_500))
        #expect(year.months[11].income == Yen(320_000) && year.months[11].balance == Yen(317_500))
        let summaries = [december: MonthSummary(month: december, items: items)]
        let trend = TrendReport(months: [december], summaries: summaries, filter: nil, income: [90])
        #expect(trend.total == Yen(2_500))
        let incomeTrend = TrendReport(months: [december], summaries: summaries, filter: CategoryFilter(category: 90), income: [90])
        #expect(incomeTrend.total == Yen(320_000), "a filter names what the trend shows")
        #expect(MonthTotals(month: december, items: items, filter: nil, taxonomy: .standard).total == Yen(2_500))
    }

    /// The balance line folds between its parts where the terminal is narrow, as every table is cut to fit it.
    @Test func theBalanceLineFoldsToTheWidth() {
        let report = MonthReport(month: december, items: items, filter: nil, order: ItemOrder(), taxonomy: .standard)
        let line = { (language: Language, width: Int) in
            TableRenderer.balanceLine(report.income, balance: report.balance, language, width: width)
        }
        #expect(line(.en, 80) == "Income ¥320,000 · Balance +¥317,500 · Savings rate 99.2%")
        #expect(line(.en, 40) == "Income ¥320,000 · Balance +¥317,500\nSavings rate 99.2%")
        #expect(line(.en, 20) == "Income ¥320,000\nBalance +¥317,500\nSavings rate 99.2%")
        #expect(line(.ja, 40) == "収入 320,000円 · 収支 +317,500円\n貯蓄率 99.2%")
        #expect(Labels.fold(["a part wider than the width", "b"], width: 10) == "a part wider than the width\nb", "never cut")
    }

    @Test func theSavingsGoalJudgesOnlyAFinishedMonth() throws {
        let report = MonthReport(month: december, items: items, filter: nil, order: ItemOrder(), taxonomy: .standard)
        var budgets = Budgets()
        #expect(SavingsStatus.month(report, budgets: budgets, today: try CalendarDate.parseISO("2025-01-01")) == nil)
        budgets.savings = Yen(400_000)
        let during = try #require(SavingsStatus.month(report, budgets: budgets, today: try CalendarDate.parseISO("2024-12-31")))
        #expect(!during.finished && !during.isShort && during.remaining == Yen(82_500))
        let after = try #require(SavingsStatus.month(report, budgets: budgets, today: try CalendarDate.parseISO("2025-01-01")))
        #expect(after.finished && after.isShort)
        budgets.savings = Yen(317_500)
        #expect(SavingsStatus.month(report, budgets: budgets, today: try CalendarDate.parseISO("2025-01-01"))?.isMet == true)
        // budgets.json: schema 1 without a goal, 2 with one, and back.
        #expect(String(decoding: SettingsFile.budgets.encode(Budgets(), .standard), as: UTF8.self).contains(#""schema": 1"#))
        let encoded = SettingsFile.budgets.encode(budgets, .standard)
        #expect(String(decoding: encoded, as: UTF8.self).contains(#""schema": 2"#))
        #expect(try SettingsFile.budgets.decode(encoded) == budgets)
    }

    @Test func theReviewRanksCategoriesByTheirChange() throws {
        let report = MonthReport(month: december, items: items, filter: nil, order: ItemOrder(), taxonomy: .standard)
        let november = YearMonth(year: 2024, month: 11)!
        let previous = MonthTotals(
            month: november, items: [item("肉", 5_000, "2024-11-02", 0), item("本", 900, "2024-11-02", 1)], filter: nil, taxonomy: .standard)
        var budgets = Budgets([Budget(target: .category(CategoryCode(0)), amount: Yen(1_000)), Budget(target: .total, amount: Yen(9_000))])
        budgets.set(.category(CategoryCode(1, 1)), Yen(5))
        let review = ReviewReport(
            report, previous: previous, budgets: budgets, note: "よし", today: try CalendarDate.parseISO("2025-01-05"), taxonomy: .standard)
        #expect(review.categories.map(\.category) == [0, 1], "food fell by 3,500, entertainment rose by 100")
        #expect(review.categories[0].change == Yen(-3_500) && review.categories[0].isOver && review.categories[0].budget == Yen(1_000))
        #expect(review.categories[1].budget == nil, "a subcategory's budget is not the category's")
        #expect(review.total.spent == Yen(2_500) && review.total.previous == Yen(5_900) && review.total.budget == Yen(9_000))
        #expect(review.income.total == Yen(320_000) && review.note == "よし" && review.savings == nil)
    }

    @Test func aNoteKeepsLineBreaksAndRefusesOtherControlsAndLength() throws {
        #expect(try MonthNote.validate("  一行目\n二行目 ") == "一行目\n二行目")
        #expect(throws: NoteError.controlCharacter(0x09)) { try MonthNote.validate("a\tb") }
        #expect(throws: NoteError.controlCharacter(0x1B)) { try MonthNote.validate("\u{1B}[2J") }
        #expect(try MonthNote.validate(String(repeating: "あ", count: 2000)).count == 2000)
        #expect(throws: NoteError.tooLong(count: 2001)) { try MonthNote.validate(String(repeating: "あ", count: 2001)) }
        for error in [NoteError.controlCharacter(0x09), .tooLong(count: 2001)] {
            #expect(error.kind == .badInput && error.message(in: .en) != error.message(in: .ja))
        }
        #expect(NoteError.controlCharacter(0x09).message(in: .en).hasSuffix("U+0009"))
    }

    @Test func notesAreSavedReplacedAndRemovedThroughTheHousehold() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-notes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = LedgerStore(root: root)
        let household = Household(store: store, now: Timestamp(milliseconds: 1_800_000_000_000))
        try household.setNote(december, "最初")
        try household.setNote(december, "置き換え\n二行目")
        try household.setNote(YearMonth(year: 2024, month: 11)!, "前月")
        #expect(try store.read(.notes) == [december: "置き換え\n二行目", YearMonth(year: 2024, month: 11)!: "前月"])
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path(of: .notes)))
        #expect(throws: NoteError.self) { try household.setNote(december, "bad\u{07}") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path(of: .notes))) == before, "a refused note changes nothing")
        try household.setNote(december, "")
        #expect(try store.read(.notes) == [YearMonth(year: 2024, month: 11)!: "前月"])
        try FileManager.default.removeItem(atPath: store.path(of: .notes))
        try Data("{\"schema\":1,\"notes\":{\"2024-13\":\"x\"}}".utf8).write(to: URL(fileURLWithPath: store.path(of: .notes)))
        #expect(throws: SettingsFileError.self) { try store.read(.notes) }
    }
}
