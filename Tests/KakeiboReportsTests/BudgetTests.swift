import Foundation
import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboReports

@Suite struct BudgetTests {
    let food = BudgetTarget.category(CategoryCode(0))
    let drink = BudgetTarget.category(CategoryCode(0, 1))
    let fun = BudgetTarget.category(CategoryCode(1))

    @Test func targetsResolveLikeCategoriesPlusTotal() throws {
        #expect(try BudgetTarget.resolve("total", .expenseLog) == .total)
        #expect(try BudgetTarget.resolve(" 合計 ", .expenseLog) == .total)
        #expect(try BudgetTarget.resolve("TOTAL", .expenseLog) == .total)
        #expect(try BudgetTarget.resolve("食費", .expenseLog) == food)
        #expect(try BudgetTarget.resolve("food/drink", .expenseLog) == drink)
        #expect(throws: ValueError.unknownCategory("rent", valid: ["food", "entertainment"])) {
            try BudgetTarget.resolve("rent", .expenseLog)
        }
        #expect(drink.key(.expenseLog) == "food/drink")
        #expect(drink.label(.expenseLog, .ja) == "食費 › 飲料")
        #expect(BudgetTarget.total.label(.expenseLog, .en) == "Total")
    }

    @Test func amountsAreWholeYenAboveZero() throws {
        #expect(try Budget.parseAmount("30,000") == Yen(30_000))
        for bad in ["0", "-5", "abc", "1.5", "", "99,999,999,999"] {
            #expect(throws: BudgetError.amount(bad)) { try Budget.parseAmount(bad) }
        }
        #expect(BudgetError.amount("0").kind == .badInput)
        #expect(BudgetError.notSet("food").kind == .runtime)
    }

    @Test func setReplacesAndUnsetRemovesAndTheTotalComesFirst() {
        var budgets = Budgets()
        budgets.set(fun, 60_000)
        budgets.set(drink, 8_000)
        budgets.set(food, 50_000)
        budgets.set(.total, 120_000)
        budgets.set(food, 45_000)
        #expect(budgets.sorted(.expenseLog).map(\.target) == [.total, food, drink, fun])
        #expect(budgets.amount(for: food) == Yen(45_000))
        let removed = budgets.unset(drink)
        let removedAgain = budgets.unset(drink)
        #expect(removed && !removedAgain)
        #expect(budgets.entries.count == 3)
    }

    @Test func theFileRoundTripsByCodes() throws {
        let budgets = Budgets([Budget(target: .total, amount: 120_000), Budget(target: drink, amount: 8_000), Budget(target: food, amount: 50_000)])
        let bytes = SettingsFile.budgets.encode(budgets, .expenseLog)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"total\": 120000"))
        #expect(text.contains("\"subcategory\": 1"))
        let back = try SettingsFile.budgets.decode(bytes)
        #expect(back.sorted(.expenseLog) == budgets.sorted(.expenseLog))
        #expect(try SettingsFile.budgets.decode(Array(#"{"schema":1,"total":null,"categories":[]}"#.utf8)).isEmpty)
        // Codes the taxonomy doesn't know are kept (a household may edit its categories later).
        let unknown = try SettingsFile.budgets.decode(Array(#"{"schema":1,"categories":[{"category":7,"subcategory":null,"amount":5}]}"#.utf8))
        #expect(unknown.amount(for: .category(CategoryCode(7))) == Yen(5))
    }

    @Test func theFileIsReadStrictly() {
        let cases: [(String, SettingsFileProblem.Reason)] = [
            (#"{"schema":1,"total":1,"categories":[],"extra":1}"#, .shape("budgets")),
            (#"{"total":1,"categories":[]}"#, .shape("schema")),
            (#"{"schema":5,"categories":[]}"#, .schemaNewer(found: 5)),
            // Schema 4's yearly funds and rollover steps: only in schema 4, one of the two, steps ascending, the last
            // one's amount the entry's.
            (#"{"schema":3,"categories":[{"category":0,"amount":1,"yearly":true}]}"#, .shape("categories[0]")),
            (#"{"schema":4,"categories":[{"category":0,"amount":1,"yearly":false}]}"#, .shape("categories[0]")),
            (
                #"{"schema":4,"categories":[{"category":0,"amount":1,"yearly":true,"rollover":[{"from":"2025-01","amount":1}]}]}"#,
                .shape("categories[0]")
            ),
            (#"{"schema":4,"categories":[{"category":0,"amount":1,"rollover":[]}]}"#, .shape("categories[0]")),
            (#"{"schema":4,"categories":[{"category":0,"amount":2,"rollover":[{"from":"2025-01","amount":1}]}]}"#, .shape("categories[0]")),
            (
                #"{"schema":4,"categories":[{"category":0,"amount":1,"rollover":[{"from":"2025-02","amount":1},{"from":"2025-01","amount":1}]}]}"#,
                .shape("categories[0].rollover[1]")
            ),
            (
                #"{"schema":4,"categories":[{"category":0,"amount":1,"rollover":[{"from":"2025-13","amount":1}]}]}"#,
                .shape("categories[0].rollover[0]")
            ),
            (
                #"{"schema":4,"categories":[{"category":0,"amount":1,"rollover":[{"from":"2025-01","amount":0}]}]}"#,
                .amount("categories[0].rollover[0]")
            ),
            (#"{"schema":2,"savings":0,"categories":[]}"#, .amount("savings")),
            (#"{"schema":1,"total":0,"categories":[]}"#, .amount("total")),
            (#"{"schema":1,"total":"1000","categories":[]}"#, .amount("total")),
            (#"{"schema":1}"#, .shape("categories")),
            (#"{"schema":1,"categories":[{"category":"food","amount":1}]}"#, .shape("categories[0]")),
            (#"{"schema":1,"categories":[{"category":0,"subcategory":"x","amount":1}]}"#, .shape("categories[0]")),
            (#"{"schema":1,"categories":[{"category":0,"amount":1,"note":"x"}]}"#, .shape("categories[0]")),
            (#"{"schema":1,"categories":[{"category":0}]}"#, .shape("categories[0]")),
            (#"{"schema":1,"categories":[{"category":0,"amount":-1}]}"#, .amount("categories[0]")),
            (#"{"schema":1,"categories":[{"category":0,"amount":1},{"category":0,"subcategory":null,"amount":2}]}"#, .duplicate("categories[1]")),
        ]
        for (text, reason) in cases {
            #expect(throws: SettingsFileProblem(.budgets, reason), "\(text)") { try SettingsFile.budgets.decode(Array(text.utf8)) }
        }
        #expect(throws: SettingsFileProblem.self) { try SettingsFile.budgets.decode(Array("{\"schema\":1,".utf8)) }
        for problem in cases.map({ SettingsFileProblem(.budgets, $0.1) }) {
            #expect(!problem.message(in: .en).isEmpty && problem.message(in: .ja) != problem.message(in: .en))
        }
    }

    @Test func statusCountsTheMonthsItemsRefundsIncluded() {
        let items = [
            item("米", 30_000, "2024-12-01", 0, 0), item("茶", 2_000, "2024-12-02", 0, 1), item("返品", -1_000, "2024-12-03", 0, 1),
            item("映画", 60_000, "2024-12-04", 1), item("去年", 9_999, "2023-12-31", 0),
        ]
        let budgets = Budgets([
            Budget(target: .total, amount: 91_000), Budget(target: food, amount: 30_000), Budget(target: drink, amount: 1_000),
            Budget(target: fun, amount: 50_000),
        ])
        let all = BudgetStatus.month(december, items: items, budgets: budgets, filter: nil, taxonomy: .expenseLog)
        #expect(all.map(\.target) == [.total, food, drink, fun])
        #expect(all.map(\.spent) == [Yen(91_000), Yen(31_000), Yen(1_000), Yen(60_000)])
        #expect(all.map(\.remaining) == [Yen(0), Yen(-1_000), Yen(0), Yen(-10_000)])
        // Spending exactly the budget is within it.
        #expect(all.map(\.isOver) == [false, true, false, true])
        // With --category food: only food's budgets, not the total's or another category's.
        let foodOnly = BudgetStatus.month(december, items: items, budgets: budgets, filter: CategoryFilter(category: 0), taxonomy: .expenseLog)
        #expect(foodOnly.map(\.target) == [food, drink])
    }
}

/// budgets.json against real files in a temporary directory.
@Suite struct BudgetStoreTests {
    let store: LedgerStore
    var path: String { store.path(of: .budgets) }

    init() {
        store = LedgerStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-budgets-\(UUID().uuidString)").path)
    }

    @Test func writesAPrivateFileBesideTheMonths() throws {
        #expect(try store.read(.budgets).isEmpty)
        try store.update(.budgets, .expenseLog) { $0.set(.total, 100_000) }
        #expect(try store.read(.budgets).amount(for: .total) == Yen(100_000))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(path == store.root + "/budgets.json")
        #expect(try store.months().isEmpty, "budgets.json is not a month")
    }

    @Test func anUnreadableFileIsReportedAndNeverOverwritten() throws {
        try FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
        let broken = Data(#"{"schema":1,"total":100000,"categories":[{"category":0,"amount":"lots"}]}"#.utf8)
        try broken.write(to: URL(fileURLWithPath: path))
        #expect(throws: SettingsFileError(path: path, problem: SettingsFileProblem(.budgets, .amount("categories[0]")))) { try store.read(.budgets) }
        #expect(throws: SettingsFileError.self) { try store.update(.budgets, .expenseLog) { (all: inout Budgets) in all.set(.total, 1) } }
        #expect(FileManager.default.contents(atPath: path) == broken)
        let message = SettingsFileError(path: path, problem: SettingsFileProblem(.budgets, .shape("x"))).message(in: .en)
        #expect(message.contains(path) && message.contains("left untouched"))
    }

    @Test func aFailedChangeWritesNothing() throws {
        try store.update(.budgets, .expenseLog) { $0.set(.total, 100_000) }
        let before = FileManager.default.contents(atPath: path)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try store.update(.budgets, .expenseLog) { budgets in
                budgets.set(.total, 5)
                throw Stop()
            }
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.root).filter { $0.contains("tmp") }.isEmpty)
    }
}
