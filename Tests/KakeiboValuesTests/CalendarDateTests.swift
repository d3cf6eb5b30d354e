import Testing

@testable import KakeiboValues

@Suite struct CalendarDateTests {
    @Test(arguments: [
        (2024, 1, 31), (2024, 2, 29), (2023, 2, 28), (1900, 2, 28), (2000, 2, 29), (2024, 4, 30), (2024, 12, 31),
    ])
    func monthEnds(year: Int, month: Int, days: Int) {
        #expect(CalendarDate.days(year: year, month: month) == days)
        #expect(CalendarDate(year: year, month: month, day: days) != nil)
        #expect(CalendarDate(year: year, month: month, day: days + 1) == nil)
    }

    @Test func leapYears() {
        #expect(CalendarDate.isLeapYear(2024))
        #expect(!CalendarDate.isLeapYear(2023))
        #expect(!CalendarDate.isLeapYear(1900))
        #expect(CalendarDate.isLeapYear(2000))
    }

    @Test func parsesStrictISO() throws {
        #expect(try CalendarDate.parseISO("2024-12-03") == CalendarDate(year: 2024, month: 12, day: 3))
        #expect(throws: ValueError.dateDay("2024-02-30", year: 2024, month: 2, days: 29)) { try CalendarDate.parseISO("2024-02-30") }
        #expect(throws: ValueError.dateMonth("2024-13-01")) { try CalendarDate.parseISO("2024-13-01") }
        #expect(throws: ValueError.dateFormat("tomorrow-ish")) { try CalendarDate.parseISO("tomorrow-ish") }
        #expect(throws: ValueError.dateFormat("2024-1-3")) { try CalendarDate.parseISO("2024-1-3") }
        // Full-width digits are read; a bad date names what was typed.
        #expect(try CalendarDate.parseISO("２０２４-12-03") == CalendarDate(year: 2024, month: 12, day: 3))
        #expect(throws: ValueError.dateFormat("２０２４-1-3")) { try CalendarDate.parseISO("２０２４-1-3") }
        #expect(throws: ValueError.dateDay("２０２４-02-30", year: 2024, month: 2, days: 29)) { try CalendarDate.parseISO("２０２４-02-30") }
        #expect(throws: ValueError.year("0")) { try CalendarDate.parseISO("0000-01-01") }
    }

    @Test func parsesServerDates() throws {
        #expect(try CalendarDate.parseCompact("20241203") == CalendarDate(year: 2024, month: 12, day: 3))
        #expect(try CalendarDate.parseCompact("2024-12-03") == CalendarDate(year: 2024, month: 12, day: 3))
        #expect(throws: ValueError.self) { try CalendarDate.parseCompact("20241232") }
        #expect(throws: ValueError.self) { try CalendarDate.parseCompact("2024123") }
    }

    @Test func weekdaysMatchTheCalendar() {
        #expect(CalendarDate(year: 2024, month: 12, day: 3)!.weekday == 2) // Tuesday
        #expect(CalendarDate(year: 1970, month: 1, day: 1)!.weekday == 4) // Thursday
        #expect(CalendarDate(year: 2000, month: 2, day: 29)!.weekday == 2) // Tuesday
        #expect(CalendarDate(year: 1969, month: 12, day: 28)!.weekday == 0) // Sunday, before the epoch
    }

    @Test func dayNumbersRoundTripAcrossTheWholeRange() {
        for dayNumber in stride(
            from: CalendarDate(year: 1, month: 1, day: 1)!.dayNumber, through: CalendarDate(year: 9999, month: 12, day: 31)!.dayNumber, by: 997)
        {
            let date = CalendarDate(dayNumber: dayNumber)
            #expect(date?.dayNumber == dayNumber)
        }
        #expect(CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(CalendarDate(year: 9999, month: 12, day: 31)!.adding(days: 1) == nil)
    }

    @Test func decemberRollsIntoJanuary() {
        let newYearsEve = CalendarDate(year: 2024, month: 12, day: 31)!
        #expect(newYearsEve.adding(days: 1) == CalendarDate(year: 2025, month: 1, day: 1))
        #expect(CalendarDate(year: 2025, month: 1, day: 1)!.adding(days: -1) == newYearsEve)
        let december = YearMonth(year: 2024, month: 12)!
        #expect(december.next == YearMonth(year: 2025, month: 1))
        #expect(YearMonth(year: 2025, month: 1)!.previous == december)
        #expect(YearMonth(year: 2024, month: 3)!.previous == YearMonth(year: 2024, month: 2))
        #expect(december.last == newYearsEve)
        #expect(december.contains(newYearsEve))
        #expect(!december.contains(CalendarDate(year: 2023, month: 12, day: 31)!))
    }

    @Test func yearsAndMonthsTypedByPeople() throws {
        #expect(try Year.parse("2024") == 2024)
        #expect(throws: ValueError.year("0")) { try Year.parse("0") }
        #expect(throws: ValueError.year("99999")) { try Year.parse("99999") }
        #expect(throws: ValueError.year("-1")) { try Year.parse("-1") }
        #expect(throws: ValueError.year("twenty")) { try Year.parse("twenty") }
        #expect(try YearMonth.parseMonth("12") == 12)
        #expect(try YearMonth.parseMonth("03") == 3)
        #expect(throws: ValueError.month("0")) { try YearMonth.parseMonth("0") }
        #expect(throws: ValueError.month("13")) { try YearMonth.parseMonth("13") }
    }

    @Test func timestampsRoundTrip() {
        let stamp = Timestamp.parse("2024-12-03T09:15:30.250Z")
        #expect(stamp?.iso == "2024-12-03T09:15:30.250Z")
        #expect(Timestamp.parse("2024-12-03T09:15:30Z")?.iso == "2024-12-03T09:15:30.000Z")
        #expect(Timestamp(milliseconds: 0).iso == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.parse("2024-12-03 09:15:30Z") == nil)
        #expect(Timestamp.parse("2024-12-03T25:15:30Z") == nil)
    }

    /// One rule for every date a person types or a receipt prints: dots, eras, full-width forms.
    @Test func daysAsPeopleWriteThem() throws {
        let today = CalendarDate(year: 2024, month: 12, day: 15)!
        let cases = [
            "2024.11.2": "2024-11-02", "2024/11/2": "2024-11-02", "2024-11-02": "2024-11-02", "2024年11月2日": "2024-11-02",
            "R6.11.2": "2024-11-02", "r6/11/2": "2024-11-02", "令和6年11月2日": "2024-11-02", "令和元年5月1日": "2019-05-01",
            "H31.4.30": "2019-04-30", "平成31年4月30日": "2019-04-30", "S64.1.7": "1989-01-07", "昭和64年1月7日": "1989-01-07",
            "Ｒ６．１１．２": "2024-11-02", "２０２４／１１／２": "2024-11-02", "㋿6.11.2": "2024-11-02", "11/2": "2024-11-02",
            "11月2日": "2024-11-02", "１１月２日": "2024-11-02",
        ]
        for (typed, iso) in cases {
            #expect(try DayExpression.parse(typed).resolve(today: today).iso == iso, "\(typed)")
        }
        for bad in ["H32.1.1", "R0.1.1", "2024.13.1", "11.2", "R6.11", "2024.11.2.1", "Sat"] {
            #expect(throws: ValueError.self, "\(bad)") { try DayExpression.parse(bad) }
        }
        #expect(ReceiptHeader.date(["セブン", "R6.12.03 14:05", "パン 100"]) == CalendarDate(year: 2024, month: 12, day: 3))
        #expect(ReceiptHeader.date(["TEL 03-1234-5678", "2024年12月 3日(火)"]) == CalendarDate(year: 2024, month: 12, day: 3))
    }

    /// A day that doesn't exist is refused with the year it was looked for in, never replaced by today.
    @Test func aMonthAndDayThatNoNearYearHasIsRefusedNamingTheYear() throws {
        let today = CalendarDate(year: 2026, month: 12, day: 6)!
        #expect(throws: ValueError.dateDay("2/29", year: 2027, month: 2, days: 28)) { try DayExpression.parse("2/29").resolve(today: today) }
        #expect(throws: ValueError.dateDay("2月29日", year: 2027, month: 2, days: 28)) {
            try DayExpression.parse("2月29日").resolve(today: today)
        }
        #expect(throws: ValueError.dateDay("12/0", year: 2026, month: 12, days: 31)) { try DayExpression.parse("12/0").resolve(today: today) }
        #expect(throws: ValueError.dateDay("4/31", year: 2027, month: 4, days: 30)) { try DayExpression.parse("4/31").resolve(today: today) }
        // In a year near a leap day, 2/29 is that day.
        #expect(try DayExpression.parse("2/29").resolve(today: CalendarDate(year: 2025, month: 1, day: 10)!).iso == "2024-02-29")
    }

    /// An era's date outside the days the era ran is refused, naming them: 平成 ended on 2019-04-30.
    @Test func anEraDateOutsideItsEraIsRefused() throws {
        let heisei = (CalendarDate(year: 1989, month: 1, day: 8)!, CalendarDate(year: 2019, month: 4, day: 30)!)
        let showa = (CalendarDate(year: 1926, month: 12, day: 25)!, CalendarDate(year: 1989, month: 1, day: 7)!)
        #expect(throws: ValueError.dateEra("H31.5.1", era: "平成", first: heisei.0, last: heisei.1)) { try DayExpression.parse("H31.5.1") }
        #expect(throws: ValueError.dateEra("H1.1.7", era: "平成", first: heisei.0, last: heisei.1)) { try DayExpression.parse("H1.1.7") }
        #expect(throws: ValueError.dateEra("S64.1.8", era: "昭和", first: showa.0, last: showa.1)) { try DayExpression.parse("S64.1.8") }
        #expect(throws: ValueError.dateEra("R1.4.30", era: "令和", first: CalendarDate(year: 2019, month: 5, day: 1)!, last: nil)) {
            try DayExpression.parse("R1.4.30")
        }
        let today = CalendarDate(year: 2024, month: 12, day: 15)!
        for (typed, iso) in ["S1.12.25": "1926-12-25", "T15.12.24": "1926-12-24", "大正元年7月30日": "1912-07-30", "M45.7.29": "1912-07-29"] {
            #expect(try DayExpression.parse(typed).resolve(today: today).iso == iso, "\(typed)")
        }
        #expect(throws: ValueError.self) { try DayExpression.parse("T1.7.29") }
        // A receipt's date outside its era is not a date: the next one is read.
        #expect(ReceiptHeader.date(["H31.5.1", "R1.5.2 10:00"]) == CalendarDate(year: 2019, month: 5, day: 2))
    }

    /// A month a fixed cost or a budget is given is bounded as an item's date is.
    @Test func aScheduleMonthIsBoundedAsAnItemsDateIs() throws {
        #expect(throws: FixedScheduleError.monthOutsideSync(option: "YYYY-MM", YearMonth(year: 1899, month: 12)!)) {
            try FixedCost.parseYearMonth("1899-12", option: "YYYY-MM")
        }
        #expect(throws: FixedScheduleError.monthOutsideSync(option: "--from", YearMonth(year: 3000, month: 1)!)) {
            try FixedCost.parseYearMonth("3000-01", option: "--from")
        }
        #expect(try FixedCost.parseYearMonth("2999-12", option: "--until") == YearMonth(year: 2999, month: 12)!)
        #expect(try FixedCost.parseYearMonth("1900-01", option: "--until") == YearMonth(year: 1900, month: 1)!)
    }
}
