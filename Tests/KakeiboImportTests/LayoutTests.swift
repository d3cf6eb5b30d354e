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
                == .choice("encoding", value: "euc-jp", choices: ["auto", "utf-8", "cp932", "utf-16"]))
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
        // 和暦: an era's name, letter (either case), sign or first character, and its year (元 for 1).
        ("Ge.MM.dd", "H30.01.15", "2018-01-15"), ("Ge.MM.dd", "R01.05.07", "2019-05-07"), ("Ge.M.d", "h31.4.30", "2019-04-30"),
        ("GGe年M月d日", "令和7年8月5日", "2025-08-05"), ("Ge年M月d日", "平成元年1月8日", "1989-01-08"), ("Ge.MM.dd", "平30.01.15", "2018-01-15"),
        ("Ge/M/d", "㍼64/1/7", "1989-01-07"), ("Gee.MM.dd", "Ｈ３０．０１．１５", "2018-01-15"),
    ])
    func datesInALayoutsFormat(pattern: String, text: String, iso: String) throws {
        let format = try #require(DateFormat(pattern))
        let (year, month, day, era) = try #require(format.parse(text))
        let written = try #require(year)
        let date = try #require(CalendarDate(year: written, month: month, day: day))
        #expect(date.iso == iso)
        #expect(era?.holds(date) ?? true, "\(text) is in its era")
    }

    /// A date written in an era is one only within the era's days: the reader refuses these with their row.
    @Test func anEraDateOutsideItsEraIsNoneOfItsDays() throws {
        for (text, era) in [("H31.05.01", "平成"), ("R01.04.30", "令和"), ("S64.01.08", "昭和"), ("H01.01.07", "平成")] {
            let format = try #require(DateFormat("Ge.MM.dd"))
            let (year, month, day, found) = try #require(format.parse(text))
            let written = try #require(year)
            let date = try #require(CalendarDate(year: written, month: month, day: day))
            #expect(found?.name == era && found?.holds(date) == false, "\(text)")
        }
        #expect(DateFormat("G.MM.dd") == nil && DateFormat("e.MM.dd") == nil && DateFormat("yyyy Ge.MM.dd") == nil && DateFormat("Geee.MM.dd") == nil)
        #expect(try #require(DateFormat("Ge.MM.dd")).parse("X30.01.15") == nil, "no era is named X")
    }

    @Test func aDateThatDoesNotFitIsNone() throws {
        #expect(try #require(DateFormat("yyyyMMdd")).parse("2024/12/03") == nil)
        #expect(try #require(DateFormat("yyyyMMdd")).parse("2024123") == nil)
        #expect(try #require(DateFormat("yyMMdd")).parse("20241103") == nil)
        #expect(try #require(DateFormat("yyyy/MM/dd")).parse("24/11/03") == nil)
        #expect(DateFormat("yyyyy/MM/dd") == nil && DateFormat("yyyy/MM/dd/dd") == nil && DateFormat("MM") == nil)
        let monthDay = try #require(DateFormat("MM/dd"))
        let yearless = try #require(monthDay.parse("10/28"))
        #expect(yearless.year == nil && yearless.month == 10 && yearless.day == 28, "a date without a year: the rows say which")
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

/// Dates written without a year get the newest row's, from `--year`, the file, or its name (`LayoutYears`).
@Suite struct LayoutYearsTests {
    /// The newest row's year, counted back across a new year whichever way the rows run.
    @Test func yearsOfDatesWithoutOneCountBackFromTheNewestRow() {
        let ascending = [(12, 25), (12, 27), (1, 6), (1, 10)]
        #expect(LayoutYears.assign(ascending.map { ($0.0, $0.1) }, newest: 2025) == [2024, 2024, 2025, 2025])
        let descending = [(1, 10), (1, 6), (12, 27), (12, 25)]
        #expect(LayoutYears.assign(descending.map { ($0.0, $0.1) }, newest: 2025) == [2025, 2025, 2024, 2024])
        #expect(LayoutYears.assign([(10, 30), (10, 28), (10, 28), (10, 1)], newest: 2024) == [2024, 2024, 2024, 2024])
        #expect(LayoutYears.years(inName: "mobile_suica_202410.csv") == [2024])
        #expect(LayoutYears.years(inName: "ja-bank-2024-12-to-2025-01-sjis.csv") == [2024, 2025])
        #expect(LayoutYears.years(inName: "meisai_1234_201399.csv").isEmpty, "no year, and 2013 followed by no month")
        #expect(LayoutYears(given: 2023, fileName: "x_2025.csv").newest(above: []) == 2023, "--year first")
        let period = [CSVRecord(row: 1, line: 1, fields: ["照会期間", "2024年12月1日～2025年1月31日"])]
        #expect(LayoutYears(fileName: "x_2023.csv").newest(above: period[...]) == 2025, "then the file's own period")
    }
}

/// A row's kind by the words of one of its cells: a refund gives money back, a transfer and anything other are set aside.
@Suite struct LayoutKindTests {
    func read(_ amount: String, _ csv: String) throws -> Statement {
        let text =
            #"{"schema": 1, "name": "k", "header": {"match": ["日付", "摘要"]}, "date": {"column": "日付", "format": "yyyyMMdd"}, "#
            + amount + #", "description": ["摘要"], "kinds": [{"column": "区分", "refund": ["取消", "手数料戻し"], "transfer": ["チャージ"], "other": ["ポイント"]}]}"#
        return try LayoutReader.read(Array(csv.utf8), try Layout.parse(Array(text.utf8), origin: "x.json"))
    }

    @Test func aRefundInOneAmountColumnIsLessSpendingWhateverItsSign() throws {
        let statement = try read(
            #""amount": {"column": "金額"}"#, "日付,摘要,金額,区分\n20241105,店,500,支払\n20241106,店,500,取消\n20241107,駅,3000,チャージ\n20241108,店,0,ポイント\n")
        #expect(statement.lines.map(\.price.amount) == [500, -500])
        #expect(statement.lines.allSatisfy { $0.flow == .spending })
        #expect(statement.skipped[.transfer] == 1 && statement.skipped[.other] == 1)
    }

    /// In a file of money out and money in, only money in can be a refund: a fee paid is spending, a fee given back less of it.
    @Test func aRefundInABankFileIsMoneyInOnly() throws {
        let statement = try read(
            #""amount": {"spending": "出金", "income": "入金"}"#,
            "日付,摘要,出金,入金,区分\n20241105,振込手数料,110,,手数料戻し\n20241106,振込手数料,,110,手数料戻し\n20241125,給与,,1000,\n")
        #expect(statement.lines.map(\.price.amount) == [110, -110, 1000])
        #expect(statement.lines.map(\.flow) == [.spending, .spending, .income])
    }
}
