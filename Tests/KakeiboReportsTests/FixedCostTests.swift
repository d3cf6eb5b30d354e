import Foundation
import KakeiboOperations
import KakeiboStore
import KakeiboValues
import Testing

@testable import KakeiboReports

/// Fixed costs: when each falls due, the file they are kept in, and posting each once.
@Suite struct FixedCostTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-fixed-\(UUID().uuidString)").path

    func month(_ text: String) -> YearMonth { YearMonth.parseISO(text)! }

    @Test func aDayPastAMonthsEndFallsOnItsLastDay() {
        let rent = FixedCost(name: "家賃", price: Yen(85_000), day: 31, month: nil, category: CategoryCode(0))
        #expect(rent.due(in: month("2024-02"))?.iso == "2024-02-29")
        #expect(rent.due(in: month("2023-02"))?.iso == "2023-02-28")
        #expect(rent.due(in: month("2024-04"))?.iso == "2024-04-30")
        let insurance = FixedCost(name: "保険", price: Yen(18_000), day: 1, month: 4, category: CategoryCode(0))
        #expect(insurance.due(in: month("2024-03")) == nil)
        #expect(insurance.due(in: month("2024-04"))?.iso == "2024-04-01")
        // A month from the 25th holds the 27th of its first calendar month, not of its second.
        let rentOn27 = FixedCost(name: "家賃", price: Yen(85_000), day: 27, month: nil, category: CategoryCode(0))
        #expect(rentOn27.dueDates(in: MonthPeriod(month("2024-12"), start: MonthStart(day: 25)!)).map(\.iso) == ["2024-12-27"])
        #expect(rentOn27.dueDates(in: MonthPeriod(month("2024-12"), start: MonthStart(day: 28)!)).map(\.iso) == ["2025-01-27"])
    }

    @Test func theIDComesFromTheNameSoTwoMachinesAgree() {
        let a = FixedCost(name: "家賃", price: Yen(85_000), day: 27, month: nil, category: CategoryCode(0))
        let b = FixedCost(name: "家賃", price: Yen(90_000), day: 26, month: nil, category: CategoryCode(1))
        #expect(a.id == b.id && a.id.count == 8)
        let date = CalendarDate(year: 2024, month: 12, day: 27)!
        #expect(a.item(on: date).id == "fixed-\(a.id)-2024-12")
    }

    @Test func theFileRoundTripsAndRefusesWhatItDoesNotKnow() throws {
        var costs = FixedCosts()
        costs.add(FixedCost(name: "家賃", price: Yen(85_000), day: 27, month: nil, category: CategoryCode(0)))
        costs.add(FixedCost(name: "保険", price: Yen(18_000), day: 1, month: 4, category: CategoryCode(1, 2)))
        #expect(try SettingsFile.fixedCosts.decode(SettingsFile.fixedCosts.encode(costs)) == costs)
        #expect(throws: SettingsFileProblem.self) {
            try SettingsFile.fixedCosts.decode(Array(#"{"schema":1,"fixed":[{"name":"x","price":1,"day":32,"category":0}]}"#.utf8))
        }
        #expect(throws: SettingsFileProblem(.fixedCosts, .schemaNewer(found: 4))) {
            try SettingsFile.fixedCosts.decode(Array(#"{"schema":4,"fixed":[]}"#.utf8))
        }
        // A month skipped makes it schema 3 (an older kakeibo refuses it rather than post the posting again).
        var skipping = costs
        skipping.skip(FixedSkip(cost: costs.all[0].id, month: YearMonth(year: 2024, month: 11)!))
        let bytes = SettingsFile.fixedCosts.encode(skipping)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""schema": 3"#))
        #expect(try SettingsFile.fixedCosts.decode(bytes) == skipping)
        #expect(skipping.due(in: MonthPeriod(YearMonth(year: 2024, month: 11)!)).map(\.cost.name) == [])
        #expect(skipping.due(in: MonthPeriod(YearMonth(year: 2024, month: 12)!)).map(\.cost.name) == ["家賃"])
        #expect(throws: SettingsFileProblem(.fixedCosts, .shape("skipped"))) {
            try SettingsFile.fixedCosts.decode(Array(#"{"schema":2,"fixed":[],"skipped":[]}"#.utf8))
        }
        #expect(FixedSkip(itemID: "fixed-0d934b28-2024-11") == FixedSkip(cost: "0d934b28", month: YearMonth(year: 2024, month: 11)!))
        #expect(FixedSkip(itemID: "fixed-0d934b28-2024-1x") == nil && FixedSkip(itemID: "mf:0d934b28-2024-11") == nil)
    }

    @Test func aCostsPaymentAndMemberGoOnItsItemsAndMakeTheFileSchema3() throws {
        var rent = FixedCost(name: "家賃", price: Yen(85_000), day: 27, month: nil, category: CategoryCode(2, 0))
        rent.payment = "ゆうちょ銀行"
        rent.member = "ayumi"
        let costs = FixedCosts([rent])
        let bytes = SettingsFile.fixedCosts.encode(costs)
        #expect(try JSONValue.parse(bytes)["schema"]?.intValue == 3, "an older kakeibo refuses it rather than post the rent without them")
        #expect(try SettingsFile.fixedCosts.decode(bytes) == costs)
        let item = rent.item(on: CalendarDate(year: 2024, month: 11, day: 27)!)
        #expect((item.details.payment, item.details.member) == ("ゆうちょ銀行", "ayumi"))
        let plain = SettingsFile.fixedCosts.encode(FixedCosts([FixedCost(name: "x", price: 1, day: 1, month: nil, category: CategoryCode(0))]))
        #expect(try JSONValue.parse(plain)["schema"]?.intValue == 1, "without them the file stays as older kakeibo wrote it")
    }

    @Test func postingTwiceRecordsEachOnce() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let household = Household(store: LedgerStore(root: root), now: Timestamp(milliseconds: 0))
        _ = try household.addFixedCost(FixedCost(name: "家賃", price: Yen(85_000), day: 27, month: nil, category: CategoryCode(0)))
        _ = try household.addFixedCost(FixedCost(name: "動画", price: Yen(990), day: 1, month: nil, category: CategoryCode(1)))
        let december = MonthPeriod(month("2024-12"))
        let early = try household.postFixedCosts(december, today: CalendarDate(year: 2024, month: 12, day: 10)!)
        #expect(early.posted.map(\.name) == ["動画"])
        let late = try household.postFixedCosts(december, today: CalendarDate(year: 2024, month: 12, day: 31)!)
        #expect(late.posted.map(\.name) == ["家賃"] && late.already == 1)
        let again = try household.postFixedCosts(december, today: CalendarDate(year: 2024, month: 12, day: 31)!)
        #expect(again.posted.isEmpty && again.already == 2)
        #expect(try household.store.items(in: month("2024-12")).count == 2)
        // Planned: nothing left in December; all of January while it hasn't begun.
        let january = MonthPeriod(month("2025-01"))
        let plan = MonthPlan(
            period: january, items: [], recorded: .zero, costs: try household.store.read(.fixedCosts), filter: nil,
            today: CalendarDate(year: 2024, month: 12, day: 31)!, isIncome: { _ in false })
        #expect(plan.planned.map(\.cost.name) == ["動画", "家賃"] && plan.plannedTotal == Yen(85_990) && plan.forecast == nil)
        #expect(try household.removeFixedCost("家賃").name == "家賃")
        #expect(throws: FixedCostError.notFound("家賃")) { try household.removeFixedCost("家賃") }
    }

    @Test func theForecastAddsPlannedCostsAndTheVariablePace() {
        let costs = FixedCosts([FixedCost(name: "家賃", price: Yen(80_000), day: 27, month: nil, category: CategoryCode(0))])
        let period = MonthPeriod(month("2024-11")) // 30 days
        let coffee = Item(
            id: "a", date: CalendarDate(year: 2024, month: 11, day: 3)!, name: "c", price: Yen(10_000), category: CategoryCode(0),
            added: Timestamp(milliseconds: 0))
        // Ten days gone, ¥10,000 of variable spending: ¥1,000 a day for the 20 days left.
        let plan = MonthPlan(
            period: period, items: [coffee], recorded: Yen(10_000), costs: costs, filter: nil, today: CalendarDate(year: 2024, month: 11, day: 10)!,
            isIncome: { _ in false })
        #expect(plan.forecast == Yen(10_000 + 80_000 + 20_000))
        let past = MonthPlan(
            period: period, items: [coffee], recorded: Yen(10_000), costs: costs, filter: nil, today: CalendarDate(year: 2024, month: 12, day: 1)!,
            isIncome: { _ in false })
        #expect(past.planned.isEmpty && past.forecast == nil)
    }

    /// A posting merged into the bank's line of the same rent is posted: not planned again, and the bank's line is a
    /// fixed cost, not variable spending for the pace. A posted salary (income) is not planned either.
    @Test func aPostingMergedIntoAnotherSourcesLineIsPosted() {
        let rent = FixedCost(name: "家賃", price: Yen(80_000), day: 2, month: nil, category: CategoryCode(0))
        let salary = FixedCost(name: "給与", price: Yen(300_000), day: 2, month: nil, category: CategoryCode(9, 0))
        let period = MonthPeriod(month("2024-11"))
        let day = CalendarDate(year: 2024, month: 11, day: 2)!
        func item(_ id: String, _ price: Int, _ category: CategoryCode, merged: String? = nil) -> Item {
            Item(
                id: id, date: day, name: id, price: Yen(price), category: category, added: Timestamp(milliseconds: 0),
                details: ItemDetails(merged: merged))
        }
        let items = [
            item(rent.itemID(on: day), 80_000, CategoryCode(0), merged: "yu:bank"), item("yu:bank", 80_000, CategoryCode(0)),
            item(salary.itemID(on: day), 300_000, CategoryCode(9, 0)), item("coffee", 10_000, CategoryCode(0)),
        ]
        let plan = MonthPlan(
            period: period, items: items, recorded: Yen(90_000), costs: FixedCosts([rent, salary]), filter: nil,
            today: CalendarDate(year: 2024, month: 11, day: 10)!, isIncome: { $0.category == 9 })
        #expect(plan.planned.isEmpty && plan.plannedIncome.isEmpty)
        #expect(plan.forecast == Yen(90_000 + 20_000), "¥1,000 a day of coffee for the 20 days left, the rent once")
        let income = MonthPlan(
            period: period, items: items, recorded: .zero, costs: FixedCosts([rent, salary]), filter: CategoryFilter(category: 9),
            today: CalendarDate(year: 2024, month: 11, day: 10)!, isIncome: { $0.category == 9 })
        #expect(income.forecast == nil, "income alone has no spending to forecast")
    }

    /// A planned salary is income: listed apart, never in the spending forecast; recorded income is no spending pace;
    /// and the first days of a month have no forecast (one day's shopping times 31 said nothing).
    @Test func plannedIncomeIsIncomeAndTheForecastWaitsForAFewDays() {
        let salary = CategoryCode(9, 0)
        let isIncome = { (code: CategoryCode) in code.category == 9 }
        let costs = FixedCosts([
            FixedCost(name: "家賃", price: Yen(80_000), day: 27, month: nil, category: CategoryCode(0)),
            FixedCost(name: "給与", price: Yen(300_000), day: 25, month: nil, category: salary),
        ])
        let period = MonthPeriod(month("2024-11"))
        func item(_ id: String, _ price: Int, _ category: CategoryCode) -> Item {
            Item(
                id: id, date: CalendarDate(year: 2024, month: 11, day: 2)!, name: id, price: Yen(price), category: category,
                added: Timestamp(milliseconds: 0))
        }
        let items = [item("coffee", 10_000, CategoryCode(0)), item("bonus", 50_000, salary)]
        let plan = MonthPlan(
            period: period, items: items, recorded: Yen(10_000), costs: costs, filter: nil, today: CalendarDate(year: 2024, month: 11, day: 10)!,
            isIncome: isIncome)
        #expect(plan.planned.map(\.cost.name) == ["家賃"] && plan.plannedIncome.map(\.cost.name) == ["給与"])
        #expect(plan.plannedIncomeTotal == Yen(300_000))
        #expect(plan.forecast == Yen(10_000 + 80_000 + 20_000))
        for day in 1...2 {
            let early = MonthPlan(
                period: period, items: items, recorded: Yen(10_000), costs: costs, filter: nil, today: CalendarDate(year: 2024, month: 11, day: day)!,
                isIncome: isIncome)
            #expect(early.forecast == nil && early.planned.count == 1, "day \(day)")
        }
    }
}
