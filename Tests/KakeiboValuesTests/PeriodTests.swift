import KakeiboTestSupport
import Testing

@testable import KakeiboValues

/// The one period grammar every command that takes a month or a year reads.
@Suite struct PeriodTests {
    let today = YearMonth(year: 2025, month: 1)!

    func month(_ words: String..., today: YearMonth? = nil) throws -> YearMonth? {
        try Period.parse(words, today: today ?? self.today, as: .month)?.months.first
    }

    @Test func everyMonthForm() throws {
        #expect(try Period.parse([], today: today, as: .month) == nil)
        #expect(try month("this") == today)
        #expect(try month("今月") == today)
        #expect(try month("prev") == YearMonth(year: 2024, month: 12))
        #expect(try month("Previous") == YearMonth(year: 2024, month: 12))
        #expect(try month("last") == YearMonth(year: 2024, month: 12))
        #expect(try month("先月") == YearMonth(year: 2024, month: 12))
        #expect(try month("NEXT") == YearMonth(year: 2025, month: 2))
        #expect(try month("来月") == YearMonth(year: 2025, month: 2))
        #expect(try month("-1") == YearMonth(year: 2024, month: 12))
        #expect(try month("-13") == YearMonth(year: 2023, month: 12))
        #expect(try month("-0") == today)
        #expect(try month("2024-07") == YearMonth(year: 2024, month: 7))
        #expect(try month("2024", "7") == YearMonth(year: 2024, month: 7))
        #expect(try month("2024", "07") == YearMonth(year: 2024, month: 7))
    }

    @Test func everyYearForm() throws {
        func year(_ word: String) throws -> Period? { try Period.parse([word], today: today, as: .year) }
        #expect(try year("2024") == .year(2024))
        #expect(try year("this") == .year(2025))
        #expect(try year("今年") == .year(2025))
        #expect(try year("prev") == .year(2024))
        #expect(try year("去年") == .year(2024))
        #expect(try year("昨年") == .year(2024))
        #expect(try year("next") == .year(2026))
        #expect(try year("来年") == .year(2026))
        #expect(try year("-3") == .year(2022))
        #expect(try Period.parse([], today: today, as: .year) == nil)
    }

    /// export, pull and sync take a month or a whole year: `2024-12` and `prev` mean what they mean to `month`.
    @Test func monthOrYearReadsTheMonthFormsAndAYear() throws {
        func period(_ words: String...) throws -> Period? { try Period.parse(words, today: today, as: .monthOrYear) }
        #expect(try period("2024-12") == .month(YearMonth(year: 2024, month: 12)!))
        #expect(try period("2024", "12") == .month(YearMonth(year: 2024, month: 12)!))
        #expect(try period("prev") == .month(YearMonth(year: 2024, month: 12)!))
        #expect(try period("先月") == .month(YearMonth(year: 2024, month: 12)!))
        #expect(try period("-2") == .month(YearMonth(year: 2024, month: 11)!))
        #expect(try period("this") == .month(today))
        #expect(try period("2024") == .year(2024))
        #expect(try period("去年") == .year(2024))
        #expect(try period("今年") == .year(2025))
        #expect(try period("2024")?.months.count == 12)
        #expect(try period("2024")?.months.first == YearMonth(year: 2024, month: 1))
    }

    @Test func badWordsNameTheFormsInBothLanguages() {
        for word in ["2024", "foo", "+1", "-1x", "2024-7", "prev1", "- 1", "今年", "去年"] {
            #expect(throws: PeriodError.form(word, .month)) { try month(word) }
        }
        for word in ["2024-12", "先月", "foo"] {
            #expect(throws: PeriodError.form(word, .year)) { try Period.parse([word], today: today, as: .year) }
        }
        #expect(throws: PeriodError.form("2024 12", .year)) { try Period.parse(["2024", "12"], today: today, as: .year) }
        #expect(throws: PeriodError.form("2024 12 1", .monthOrYear)) { try Period.parse(["2024", "12", "1"], today: today, as: .monthOrYear) }
        #expect(throws: ValueError.month("13")) { try month("2024-13") }
        #expect(throws: ValueError.month("13")) { try month("2024", "13") }
        #expect(throws: ValueError.year("0")) { try Period.parse(["0"], today: today, as: .monthOrYear) }
        #expect(throws: PeriodError.outOfRange("-24301")) { try month("-24301") }
        #expect(throws: PeriodError.outOfRange("-99999999999999999999")) { try month("-99999999999999999999") }
        #expect(throws: PeriodError.outOfRange("prev")) { try month("prev", today: YearMonth(year: 1, month: 1)!) }
        #expect(throws: PeriodError.outOfRange("next")) { try month("next", today: YearMonth(year: 9999, month: 12)!) }
        #expect(throws: PeriodError.outOfRange("-2025")) { try Period.parse(["-2025"], today: today, as: .year) }
        let english = PeriodError.form("foo", .month).message(in: .en)
        for form in ["YEAR MONTH", "YYYY-MM", "this", "prev", "next", "-N"] { #expect(english.contains(form)) }
        let japanese = PeriodError.form("foo", .month).message(in: .ja)
        for form in ["YEAR MONTH", "YYYY-MM", "今月", "先月", "来月", "-N"] { #expect(japanese.contains(form)) }
        #expect(PeriodError.form("x", .year).message(in: .ja).contains("去年"))
        #expect(PeriodError.form("x", .monthOrYear).message(in: .en).contains("2024"))
        #expect(PeriodError.outOfRange("x").kind == .badInput)
    }

    /// Parsed once at the command line, read against the clock later: `prev` means the month before whichever today.
    @Test func anExpressionIsResolvedAgainstTheClockItIsGiven() throws {
        let prev = try #require(try PeriodExpression.parse(["prev"], as: .month))
        #expect(try prev.resolve(today: today) == .month(YearMonth(year: 2024, month: 12)!))
        #expect(try prev.resolve(today: YearMonth(year: 2024, month: 6)!) == .month(YearMonth(year: 2024, month: 5)!))
        #expect(throws: PeriodError.outOfRange("prev")) { try prev.resolve(today: YearMonth(year: 1, month: 1)!) }
        let fixed = try #require(try PeriodExpression.parse(["2024-07"], as: .month))
        #expect(try fixed.resolve(today: today) == fixed.resolve(today: YearMonth(year: 3000, month: 1)!))
        #expect(try PeriodExpression.parse([], as: .year) == nil)
    }

    @Test func dayExpressions() throws {
        let day = CalendarDate(year: 2025, month: 1, day: 1)!
        #expect(try DayExpression.parse("today").resolve(today: day) == day)
        #expect(try DayExpression.parse("今日").resolve(today: day) == day)
        #expect(try DayExpression.parse("Yesterday").resolve(today: day) == CalendarDate(year: 2024, month: 12, day: 31))
        #expect(try DayExpression.parse("昨日").resolve(today: day) == CalendarDate(year: 2024, month: 12, day: 31))
        #expect(try DayExpression.parse("2024-02-29") == .date(CalendarDate(year: 2024, month: 2, day: 29)!))
        #expect(throws: ValueError.self) { try DayExpression.parse("2024-02-30") }
    }

    /// Dates as people type them: MoneyForward's 2024/12/1, Japanese 年月日, a month and day alone (the nearest such
    /// day), and the words for the days around today.
    @Test func daysAsPeopleTypeThem() throws {
        let day = CalendarDate(year: 2025, month: 1, day: 5)!
        func resolved(_ text: String) throws -> CalendarDate { try DayExpression.parse(text).resolve(today: day) }
        let first = CalendarDate(year: 2024, month: 12, day: 1)!
        for text in ["2024/12/1", "2024/12/01", "2024-12-1", "2024年12月1日", "２０２４／１２／１", "12/1", "12月1日", "１２月１日"] {
            #expect(try resolved(text) == first, "\(text)")
        }
        #expect(try resolved("1/10") == CalendarDate(year: 2025, month: 1, day: 10)) // 5 days ahead, not 360 back
        #expect(try resolved("2/29") == CalendarDate(year: 2024, month: 2, day: 29)) // the nearest year that has it
        #expect(try resolved("一昨日") == CalendarDate(year: 2025, month: 1, day: 3))
        #expect(try resolved("明日") == CalendarDate(year: 2025, month: 1, day: 6))
        #expect(try resolved("tomorrow") == CalendarDate(year: 2025, month: 1, day: 6))
        #expect(try resolved("明後日") == CalendarDate(year: 2025, month: 1, day: 7))
        #expect(throws: ValueError.dateMonth("13/1")) { try DayExpression.parse("13/1") }
        #expect(throws: ValueError.self) { try DayExpression.parse("2024/2/30") }
        #expect(throws: ValueError.self) { try DayExpression.parse("12/1/5") }
        #expect {
            try DayExpression.parse("next friday")
        } throws: { error in
            let message = (error as? ValueError)?.message(in: .en) ?? ""
            return ["2024/12/1", "2024年12月1日", "12/1", "12月1日", "一昨日", "明日"].allSatisfy { message.contains($0) }
        }
    }

    @Test func monthsAsPeopleTypeThem() throws {
        #expect(try month("2024年12月") == YearMonth(year: 2024, month: 12))
        #expect(try month("2024/12") == YearMonth(year: 2024, month: 12))
        #expect(try month("12月") == YearMonth(year: 2024, month: 12)) // in January: last December
        #expect(try month("2月") == YearMonth(year: 2025, month: 2))
        #expect(try month("１２月") == YearMonth(year: 2024, month: 12))
        #expect(throws: (any Error).self) { try month("13月") }
        #expect(throws: (any Error).self) { try Period.parse(["12月"], today: today, as: .year) }
        #expect {
            try month("december")
        } throws: { error in
            let message = (error as? PeriodError)?.message(in: .en) ?? ""
            return ["2024/12", "2024年12月", "12月"].allSatisfy { message.contains($0) }
        }
    }
}
