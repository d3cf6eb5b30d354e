import Testing

@testable import KakeiboValues

/// Numbers typed with a Japanese input method read as the ASCII a person meant.
@Suite struct TypedNumberTests {
    @Test(arguments: [
        ("１７８", 178), ("178円", 178), ("¥1,899", 1899), ("￥1,899", 1899), ("１，８９９円", 1899), ("－５００", -500), ("-￥500", -500), ("　178 ", 178),
    ])
    func pricesAsTyped(text: String, amount: Int) throws {
        #expect(try Yen.parsePrice(text) == Yen(amount))
    }

    @Test func badPricesStillNameWhatWasTyped() {
        #expect(throws: ValueError.price("１７８ドル", reason: .notWhole)) { try Yen.parsePrice("１７８ドル") }
        #expect(throws: ValueError.price("円", reason: .notWhole)) { try Yen.parsePrice("円") }
        #expect(throws: ValueError.price("０円", reason: .zero)) { try Yen.parsePrice("０円") }
    }

    @Test func yearsMonthsAndDates() throws {
        #expect(try Year.parse("２０２４") == 2024)
        #expect(try YearMonth.parseMonth("１２") == 12)
        #expect(try CalendarDate.parseISO("２０２４-１２-０３") == CalendarDate(year: 2024, month: 12, day: 3))
        #expect(try CalendarDate.parseISO("２０２４－１２－０３") == CalendarDate(year: 2024, month: 12, day: 3))
        #expect(throws: ValueError.month("１３")) { try YearMonth.parseMonth("１３") }
    }

    @Test func periodsAndBudgets() throws {
        let today = YearMonth(year: 2024, month: 12)!
        #expect(try Period.parse(["2024", "１２"], today: today, as: .month) == .month(YearMonth(year: 2024, month: 12)!))
        #expect(try Period.parse(["２０２４-１１"], today: today, as: .month) == .month(YearMonth(year: 2024, month: 11)!))
        #expect(try Period.parse(["－２"], today: today, as: .month) == .month(YearMonth(year: 2024, month: 10)!))
        #expect(try Budget.parseAmount("５００００") == Yen(50000))
        #expect(try Hundredths.parse("１６．５", name: "--litres", maximum: 1000) == Hundredths(units: 1650))
    }

    @Test func plainASCIIComesBackUnchanged() {
        #expect(TypedNumber.digits("2024-12") == "2024-12")
        #expect(TypedNumber.money("1,899") == "1,899")
    }
}
