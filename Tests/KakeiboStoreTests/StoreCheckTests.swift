import Foundation
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboStore

/// `kakeibo check`'s reading: every problem of every file, not just the first.
@Suite final class StoreCheckTests {
    let directory: String
    let store: LedgerStore
    let categories: String

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-check-\(UUID().uuidString)").path
        store = LedgerStore(root: directory + "/store")
        categories = directory + "/categories.json"
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func write(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.root + "/" + name))
    }

    func line(_ id: String, _ date: String, name: String = "牛乳", price: String = "100", category: Int = 0) -> String {
        "{\"id\":\"\(id)\",\"date\":\"\(date)\",\"name\":\"\(name)\",\"price\":\(price),\"category\":\(category),\"subcategory\":null,\"sync\":\"pending\",\"added\":\"2024-12-01T00:00:00.000Z\"}"
    }

    func month(_ month: String, _ lines: [String]) -> String {
        "{\"schema\":1,\"month\":\"\(month)\",\"items\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    @Test func inspectingAFileFindsEveryProblemWhereDecodingStopsAtTheFirst() throws {
        let text = month(
            "2024-12",
            [
                line("a", "2024-12-01"), line("b", "2024-12-02", price: "\"100\""), line("c", "2024-11-30"),
                line("a", "2024-12-03"), line("d", "2024-12-04", name: ""), line("e", "2024-12-05"),
            ])
        let (items, problems) = MonthFileCodec.inspect(Array(text.utf8), month: december)
        #expect(items.map(\.id) == ["a", "e"])
        #expect(problems.map(\.item) == ["b", "c", "a", "d"])
        #expect(throws: MonthFileProblem.self) { try MonthFileCodec.decode(Array(text.utf8), month: december) }
        if case .item(let first) = try #require(problems.first) { #expect(first.field == "price") } else { Issue.record("not an item problem") }
    }

    @Test func brokenJSONEndsTheReadingWithOneProblem() {
        let text = month("2024-12", [line("a", "2024-12-01"), line("b", "2024-12-02")]).dropLast(20)
        let (items, problems) = MonthFileCodec.inspect(Array(text.utf8), month: december)
        #expect(items.map(\.id) == ["a"])
        #expect(problems.count == 1)
        if case .syntax = problems[0] {} else { Issue.record("expected a syntax problem, got \(problems)") }
    }

    @Test func theHeaderIsCheckedToo() {
        let text = "{\"schema\":1,\"month\":\"2024-11\",\"extra\":[1,2],\"items\":[\(line("a", "2024-12-01"))]}"
        let (_, problems) = MonthFileCodec.inspect(Array(text.utf8), month: december)
        #expect(problems == [.unknownField("extra"), .monthMismatch(found: "2024-11")])
    }

    @Test func theStoreIsCheckedAcrossMonthsAndFiles() throws {
        try write("2024-11.json", month("2024-11", [line("x", "2024-11-05"), line("y", "2024-11-06", category: 57)]))
        try write("2024-12.json", month("2024-12", [line("x", "2024-12-05")]))
        try write("2024-10.json", "")
        try write("budgets.json", "{\"schema\":9}")
        try write("fixed.json", "[]")
        try write("notes.json", "{\"schema\":1,\"notes\":{}}")
        try write("rules.json", "{\"schema\":1,\"rules\":[{}]}")
        try write(".2024-12.json.tmp-1234", "half")
        let report = try StoreCheck.run(store, categoriesPath: categories)
        let found = report.problems.map { "\($0.severity.rawValue) \(report.display($0.path)) \($0.item ?? "-") \($0.code)" }
        #expect(
            found == [
                "warning .2024-12.json.tmp-1234 - leftoverFile",
                "error 2024-10.json - unreadable",
                "warning 2024-11.json y unknownCategory",
                "error 2024-12.json x duplicateID",
                "error budgets.json - budgets",
                "error fixed.json - fixed",
                "error rules.json - rules",
            ])
        #expect(report.errors == 5 && report.warnings == 2)
        #expect(report.files == 7 && report.items == 3)
        #expect(report.problems[5].message(in: .en).hasPrefix(#"fixed: expected {"schema":1,"fixed":"#))
        #expect(report.problems[6].message(in: .en).hasPrefix(#"rules[0]: expected {"schema":1,"rules":"#))
        #expect(report.problems[3].message(in: .en) == "the same id is also in 2024-11.json")
    }

    @Test func aSoundStoreHasNoProblemsAndACustomTaxonomyDecidesWhatIsKnown() throws {
        try write("2024-12.json", month("2024-12", [line("x", "2024-12-05", category: 57)]))
        #expect(try StoreCheck.run(store, categoriesPath: categories).warnings == 1)
        try Data("{\"categories\":[{\"key\":\"misc\",\"code\":57,\"ja\":\"雑費\",\"en\":\"Misc\"}]}".utf8).write(to: URL(fileURLWithPath: categories))
        let report = try StoreCheck.run(store, categoriesPath: categories)
        #expect(report.problems.isEmpty && report.files == 2 && report.items == 1)
    }

    @Test func anInterruptedMultiMonthChangeIsFinishedAndSaidSo() throws {
        try write("2024-12.json", month("2024-12", [line("x", "2024-12-05")]))
        let moved = month("2024-11", [line("x", "2024-11-05")])
        try FileManager.default.createDirectory(atPath: store.root + "/.tx", withIntermediateDirectories: true)
        try Data(moved.utf8).write(to: URL(fileURLWithPath: store.root + "/.tx/2024-11.json"))
        try Data("put 2024-11.json\ndelete 2024-12.json\n".utf8).write(to: URL(fileURLWithPath: store.root + "/.tx/COMMIT"))
        let report = try StoreCheck.run(store, categoriesPath: categories)
        #expect(report.problems.map(\.code) == ["interruptedChange"])
        #expect(report.errors == 0 && report.items == 1)
        #expect(try store.months() == [YearMonth(year: 2024, month: 11)!])
    }

    @Test func summariesAreCheckedAgainstTheBytesTheyDescribe() throws {
        try store.append([item("a", 100, "2024-12-03"), item("b", 200, "2024-11-03")])
        #expect(try StoreCheck.run(store, categoriesPath: nil).problems.isEmpty)
        let november = YearMonth(year: 2024, month: 11)!
        // Made from these very bytes but with another total: year would show a wrong figure. An error.
        let bytes = try #require(try FileSystem.read(store.path(december)))
        let wrong = MonthSummary(month: december, items: [item("a", 999, "2024-12-03")])
        try FileSystem.replaceAtomically(store.summaryPath(december), SummaryFileCodec.encode(wrong, source: Fingerprint(of: bytes)))
        // Made from other bytes (stale), and of a month with no file: passed over when read. Warnings.
        try FileSystem.replaceAtomically(
            store.summaryPath(november), SummaryFileCodec.encode(MonthSummary(month: november), source: Fingerprint(of: [1])))
        try FileSystem.replaceAtomically(store.summaryPath(YearMonth(year: 2024, month: 1)!), Array("{}".utf8))
        let report = try StoreCheck.run(store, categoriesPath: nil)
        let found = report.problems.map { "\($0.severity.rawValue) \(report.display($0.path)) \($0.kind)" }
        #expect(
            found == [
                "warning .summary/2024-11.json summary(KakeiboStore.StoreProblem.SummaryProblem.stale)",
                "error .summary/2024-12.json summary(KakeiboStore.StoreProblem.SummaryProblem.disagrees)",
                "warning .summary/2024-01.json summary(KakeiboStore.StoreProblem.SummaryProblem.orphan)",
            ])
        // The right sums, but put on other days than the items': a month from payday would show wrong figures. An error.
        let right = MonthSummary(month: december, items: [item("a", 100, "2024-12-03")])
        let moved = DaySums(days: [1: right.sums])
        try FileSystem.replaceAtomically(store.summaryPath(december), SummaryFileCodec.encode(right, source: Fingerprint(of: bytes), days: moved))
        let again = try StoreCheck.run(store, categoriesPath: nil)
        #expect(again.problems.contains { $0.severity == .error && again.display($0.path) == ".summary/2024-12.json" })
    }
}
