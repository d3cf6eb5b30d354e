import KakeiboValues
import Testing

@testable import KakeiboStore

/// Irregular fixed costs: every N months, chosen months of the year, a start and an end, and the file that
/// keeps them readable to an older kakeibo, or refused by it, never misread.
@Suite struct FixedScheduleTests {
    func month(_ text: String) -> YearMonth { YearMonth.parseISO(text)! }

    func cost(months: [Int] = [], every: Int = 1, from: String? = nil, until: String? = nil) throws -> FixedCost {
        try FixedCost(
            name: "水道", price: Yen(7_800), day: 31, months: months, every: every, from: from.map(month), until: until.map(month),
            category: CategoryCode(3, 2))
    }

    /// The months of 2025–2026 a cost falls due in, as "YYYY-MM".
    func dueMonths(_ cost: FixedCost) -> [String] {
        (2025...2026).flatMap { year in (1...12).compactMap { cost.due(in: YearMonth(year: year, month: $0)!)?.yearMonth.iso } }
    }

    @Test func everyTwoMonthsCountsFromItsFirstMonthAcrossYears() throws {
        let water = try cost(every: 2, from: "2024-11")
        #expect(dueMonths(water).count == 12)
        #expect(dueMonths(water).prefix(4) == ["2025-01", "2025-03", "2025-05", "2025-07"])
        let quarterly = try cost(every: 3, from: "2025-02", until: "2026-05")
        #expect(dueMonths(quarterly) == ["2025-02", "2025-05", "2025-08", "2025-11", "2026-02", "2026-05"])
        #expect(water.due(in: month("2024-09")) == nil, "before its first month")
        #expect(water.due(in: month("2025-02"))?.iso == nil)
        #expect(water.due(in: month("2025-03"))?.iso == "2025-03-31")
    }

    @Test func listedMonthsRepeatEachYearWithinFromAndUntil() throws {
        let bonus = try cost(months: [12, 6, 6])
        #expect(bonus.months == [6, 12] && bonus.month == nil)
        #expect(dueMonths(bonus) == ["2025-06", "2025-12", "2026-06", "2026-12"])
        let ended = try cost(months: [6, 12], from: "2025-07", until: "2026-06")
        #expect(dueMonths(ended) == ["2025-12", "2026-06"])
        let tax = try cost(months: [5])
        #expect(tax.month == 5 && tax.isPlain)
    }

    @Test func aScheduleThatCantBeKeptIsRefusedWithItsReason() throws {
        #expect(throws: FixedScheduleError.month("13")) { try cost(months: [13]) }
        #expect(throws: FixedScheduleError.every(0)) { try cost(every: 0) }
        #expect(throws: FixedScheduleError.everyWithMonths) { try cost(months: [5], every: 2, from: "2025-01") }
        #expect(throws: FixedScheduleError.everyWithoutFrom) { try cost(every: 2) }
        #expect(throws: FixedScheduleError.untilBeforeFrom(from: month("2025-05"), until: month("2025-01"))) {
            try cost(from: "2025-05", until: "2025-01")
        }
        #expect(try FixedCost.parseMonths("6、１２") == [6, 12])
        #expect(throws: FixedScheduleError.month("13")) { try FixedCost.parseMonths("5,13") }
        #expect(throws: FixedScheduleError.month("")) { try FixedCost.parseMonths("5,") }
        #expect(try FixedCost.parseYearMonth("２０２５－０１", option: "--from") == month("2025-01"))
        #expect(throws: FixedScheduleError.yearMonth(option: "--from", "2025/01")) { try FixedCost.parseYearMonth("2025/01", option: "--from") }
        #expect(FixedScheduleError.month("13").message(in: .en) == "--months: a month must be 1–12, got '13'")
    }

    /// Plain costs still write schema 1, byte for byte the old shape, so members on an older kakeibo sync as before;
    /// one irregular cost makes the file schema 2, which the older reader refuses as newer.
    @Test func theFileStaysSchemaOneUntilACostNeedsTwo() throws {
        let rent = FixedCost(name: "家賃", price: Yen(85_000), day: 27, month: nil, category: CategoryCode(2, 0))
        let insurance = FixedCost(name: "保険", price: Yen(18_000), day: 1, month: 4, category: CategoryCode(19))
        let plain = String(decoding: SettingsFile.fixedCosts.encode(FixedCosts([rent, insurance])), as: UTF8.self)
        #expect(plain.contains(#""schema": 1"#) && plain.contains(#""month": 4"#) && !plain.contains("every"))
        let old = #"{"schema":1,"fixed":[{"id":"x","name":"保険","price":18000,"day":1,"month":4,"category":19,"subcategory":null}]}"#
        #expect(try SettingsFile.fixedCosts.decode(Array(old.utf8)).all == [insurance])

        var costs = FixedCosts([rent, insurance])
        costs.add(try cost(every: 2, from: "2025-01", until: "2026-12"))
        costs.add(
            try FixedCost(
                name: "賞与", price: Yen(500_000), day: 10, months: [6, 12], every: 1, from: nil, until: nil, category: CategoryCode(90, 1)))
        let bytes = SettingsFile.fixedCosts.encode(costs)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""schema": 2"#) && !text.contains(#""month""#))
        #expect(try SettingsFile.fixedCosts.decode(bytes) == costs)
        // Schema 2's fields are not schema 1's: a file claiming 1 with them is refused, not half-read.
        let mixed = #"{"schema":1,"fixed":[{"id":"x","name":"水道","price":1,"day":1,"every":2,"category":3}]}"#
        #expect(throws: SettingsFileProblem(.fixedCosts, .shape("fixed[0]"))) { try SettingsFile.fixedCosts.decode(Array(mixed.utf8)) }
        let bad = #"{"schema":2,"fixed":[{"id":"x","name":"水道","price":1,"day":1,"months":[13],"category":3}]}"#
        #expect(throws: SettingsFileProblem(.fixedCosts, .shape("fixed[0]"))) { try SettingsFile.fixedCosts.decode(Array(bad.utf8)) }
        let everyNoFrom = #"{"schema":2,"fixed":[{"id":"x","name":"水道","price":1,"day":1,"every":2,"category":3}]}"#
        #expect(throws: SettingsFileProblem(.fixedCosts, .shape("fixed[0]"))) { try SettingsFile.fixedCosts.decode(Array(everyNoFrom.utf8)) }
    }
}
