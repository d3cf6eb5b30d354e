import Foundation
import KakeiboKit
import Testing

@testable import KakeiboImport

/// Layout files: the shipped ones, what a file may say and what it may not, dates in a layout's format, and a layout
/// written back reading as it was.
@Suite struct LayoutTests {
    @Test func everyShippedLayoutParsesAndNoTwoShareANameOrAHeader() {
        #expect(ShippedLayouts.all.count == ShippedLayouts.texts.count, "a shipped layout that doesn't parse would be left out")
        #expect(ShippedLayouts.all.count >= 5)
        #expect(Set(ShippedLayouts.all.map(\.name)).count == ShippedLayouts.all.count)
        #expect(Set(ShippedLayouts.all.map { Set($0.match) }).count == ShippedLayouts.all.count)
        #expect(ShippedLayouts.all.allSatisfy { $0.origin == ShippedLayouts.origin })
    }

    @Test func aLayoutWrittenBackReadsAsItWas() throws {
        for layout in ShippedLayouts.all {
            var again = try Layout.parse(Array(layout.fileText.utf8), origin: ShippedLayouts.origin)
            again.origin = layout.origin
            #expect(again == layout, "\(layout.name)")
        }
    }

    func problem(_ text: String) -> LayoutProblem.Issue? {
        do {
            _ = try Layout.parse(Array(text.utf8), origin: "x.json")
            return nil
        } catch { return error.issue }
    }

    static let minimal =
        #""schema": 1, "name": "bank", "header": {"match": ["日付"]}, "date": {"column": "日付", "format": "yyyyMMdd"}, "amount": {"column": "金額"}, "description": ["摘要"]"#

    @Test func aLayoutFileIsCheckedKeyByKey() {
        #expect(problem("{\(Self.minimal)}") == nil)
        #expect(problem("{\(Self.minimal), \"colums\": []}") == .unknownKey("colums"))
        #expect(problem(#"{"schema": 2}"#) == .schema(2))
        #expect(problem(#"{"schema": 1, "name": "Bank!"}"#) == .name("Bank!"))
        #expect(problem(#"{"schema": 1, "name": "bank"}"#) == .missingKey("header"))
        #expect(
            problem(
                #"{"schema": 1, "name": "b", "encoding": "euc-jp", "header": {"match": ["日付"]}, "date": {"column": "日付", "format": "yyyyMMdd"}, "amount": {"column": "金額"}, "description": ["摘要"]}"#
            )
                == .choice("encoding", value: "euc-jp", choices: ["auto", "utf-8", "cp932"]))
        #expect(
            problem(
                #"{"schema": 1, "name": "b", "encoding": "Shift_JIS", "header": {"match": ["日付"]}, "date": {"column": "日付", "format": "yyyyMMdd"}, "amount": {"column": "金額"}, "description": ["摘要"]}"#
            ) == nil)
        #expect(
            problem(
                #"{"schema": 1, "name": "b", "header": {"match": ["日付"]}, "date": {"column": "日付", "format": "yyyy/MM"}, "amount": {"column": "金額"}, "description": ["摘要"]}"#
            )
                == .dateFormat("yyyy/MM"))
        #expect(
            problem(
                #"{"schema": 1, "name": "b", "header": {"match": ["日付"]}, "date": {"column": "日付", "format": "yyyyMMdd"}, "amount": {"column": "金額"}, "description": ["摘要"], "transfers": ["(ATM"]}"#
            )
                == .pattern("(ATM", key: "transfers", syntax: "missing ')'"))
        #expect(
            problem(
                #"{"schema": 1, "name": "b", "header": {"match": ["日付"]}, "date": {"column": 0, "format": "yyyyMMdd"}, "amount": {"column": "金額"}, "description": ["摘要"]}"#
            )
                == .type("date.column", expected: "a column (a name or a number from 1)"))
        #expect(problem("[]") == .type("", expected: "an object"))
        let message = LayoutProblem(origin: "x.json", issue: .unknownKey("colums")).message(in: .en)
        #expect(message == "layout x.json: unknown key \"colums\" (see docs/statements.md#layouts)")
    }

    @Test(arguments: [
        ("yyyy/MM/dd", " 2024/11/02", "2024-11-02"), ("yyyy/MM/dd", "2024/1/5", "2024-01-05"), ("yyyy/M/d", "2024/12/27", "2024-12-27"),
        ("yyyyMMdd", "20241203", "2024-12-03"), ("yyMMdd", "241103", "2024-11-03"), ("yyyy年M月d日", "2024年11月2日", "2024-11-02"),
        ("yyyy-MM-dd", "2024-12-03 12:34:56", "2024-12-03"), ("yyyy/MM/dd", "２０２４/１２/０３", "2024-12-03"),
    ])
    func datesInALayoutsFormat(pattern: String, text: String, iso: String) throws {
        let format = try #require(DateFormat(pattern))
        let (year, month, day) = try #require(format.parse(text))
        #expect(CalendarDate(year: year, month: month, day: day)?.iso == iso)
    }

    @Test func aDateThatDoesNotFitIsNone() throws {
        #expect(try #require(DateFormat("yyyyMMdd")).parse("2024/12/03") == nil)
        #expect(try #require(DateFormat("yyyyMMdd")).parse("2024123") == nil)
        #expect(try #require(DateFormat("yyMMdd")).parse("20241103") == nil)
        #expect(try #require(DateFormat("yyyy/MM/dd")).parse("24/11/03") == nil)
        #expect(DateFormat("MM/dd") == nil && DateFormat("yyyyy/MM/dd") == nil && DateFormat("yyyy/MM/dd/dd") == nil)
    }

    @Test func aFileIsTheLayoutWhoseHeaderItHasTheBestOneOfSeveralAndATieIsRefused() throws {
        let records = [CSVRecord(row: 1, line: 1, fields: ["日付", "摘要", "金額", "残高"])]
        func layout(_ name: String, _ match: [String]) -> Layout {
            Layout(
                name: name, title: name, account: name, match: match, date: .name("日付"), dateFormat: DateFormat("yyyyMMdd")!,
                amount: .signed(.name("金額"), .negativeIsSpending), description: [.name("摘要")])
        }
        // The one table (ImportFormats) decides among the layouts too.
        func matching(_ records: [CSVRecord], among layouts: [Layout]) throws(ConvertProblem) -> Layout? {
            try ImportFormats.identify(FileHead(Array("日付,摘要,金額,残高\n".utf8), records: records), layouts: layouts) as? Layout
        }
        #expect(try matching(records, among: [layout("a", ["日付", "摘要"]), layout("b", ["日付", "摘要", "残高"])])?.name == "b")
        #expect(try matching(records, among: [layout("a", ["日付", "取引先"])]) == nil)
        #expect(throws: ConvertProblem.ambiguousLayout(["a", "b"])) {
            try matching(records, among: [layout("a", ["日付", "摘要"]), layout("b", ["金額", "残高"])])
        }
        // A household's own layout over a shipped one that fits as well; two of its own still refused.
        var shipped = layout("s", ["日付", "金額"])
        shipped.origin = ShippedLayouts.origin
        #expect(try matching(records, among: [shipped, layout("own", ["日付", "摘要"])])?.name == "own")
        #expect(throws: ConvertProblem.ambiguousLayout(["a", "b"])) {
            try matching(records, among: [shipped, layout("a", ["日付", "摘要"]), layout("b", ["金額", "残高"])])
        }
        var shippedToo = layout("t", ["摘要", "残高"])
        shippedToo.origin = ShippedLayouts.origin
        #expect(throws: ConvertProblem.ambiguousLayout(["s", "t"])) { try matching(records, among: [shipped, shippedToo]) }
    }
}

/// A layout's title stands in for a row's empty name and payment: cut as any name is, so the month file it is written
/// to reads back (a 31-character title made a month `kakeibo` itself refused).
@Suite struct LayoutTitleAsNameTests {
    @Test func aLongTitleStandsInForAnEmptyNameCutToANamesLength() throws {
        let title = String(repeating: "交", count: 40)
        let text =
            #"{"schema": 1, "name": "bank", "title": "\#(title)", "header": {"match": ["日付", "金額"]}, "date": {"column": "日付", "format": "yyyyMMdd"}, "amount": {"column": "金額"}, "description": ["摘要"]}"#
        let layout = try Layout.parse(Array(text.utf8), origin: "x.json")
        let csv = "日付,金額,摘要\n20241105,500,\n"
        let statement = try LayoutReader.read(Array(csv.utf8), layout)
        #expect(statement.lines.count == 1)
        for line in statement.lines {
            #expect(line.name.count == ItemName.maximumLength)
            #expect(throws: Never.self) { _ = try ItemName.validate(line.name) }
            #expect(throws: Never.self) { _ = try DetailField.payment.validate(line.payment) }
        }
    }
}
