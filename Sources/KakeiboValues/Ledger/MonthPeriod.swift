/// The day a household's month starts on: 1 is the calendar month; 25 runs each month from the 25th to the 24th of
/// the next (a month that starts on payday). A day past a month's end means its last day (31 is 28 or 29 in February).
public struct MonthStart: Hashable, Sendable {
    public let day: Int

    /// The calendar month, the default.
    public static let calendar = MonthStart(uncheckedDay: 1)

    /// nil outside 1–31.
    public init?(day: Int) {
        guard (1...31).contains(day) else { return nil }
        self.day = day
    }

    private init(uncheckedDay day: Int) { self.day = day }

    /// Whether each month is the calendar month.
    public var isCalendar: Bool { day == 1 }

    /// The first day of the month named `month`: the start day, or the month's last day when it is shorter.
    public func firstDay(of month: YearMonth) -> CalendarDate {
        CalendarDate(year: month.year, month: month.month, day: min(day, month.days))!
    }
}

/// A named month and the days it covers under a start day. A month is named by the calendar month its first day is
/// in: with a start on the 25th, "2024-12" runs from 2024-12-25 to 2025-01-24 (see docs/reports.md).
/// The store keeps calendar-month files, so such a month is read from two of them (`files`) and filtered by date.
public struct MonthPeriod: Hashable, Sendable {
    public let month: YearMonth
    public let start: MonthStart
    public let first: CalendarDate
    public let last: CalendarDate

    public init(_ month: YearMonth, start: MonthStart = .calendar) {
        self.month = month
        self.start = start
        first = start.firstDay(of: month)
        // The day before the next month's first; 9999-12 ends with the calendar.
        last = month.next.flatMap { start.firstDay(of: $0).adding(days: -1) } ?? CalendarDate(year: Year.maximum, month: 12, day: 31)!
    }

    /// The month a day falls in under the start day (the day itself when the calendar can't go further back).
    public static func containing(_ date: CalendarDate, start: MonthStart = .calendar) -> MonthPeriod {
        let month = date.yearMonth
        if date >= start.firstDay(of: month) { return MonthPeriod(month, start: start) }
        return MonthPeriod(month.previous ?? month, start: start)
    }

    public func contains(_ date: CalendarDate) -> Bool { first <= date && date <= last }

    /// The calendar months whose files hold its days, in order: one for a calendar month, else two.
    public var files: [YearMonth] {
        first.yearMonth == last.yearMonth ? [first.yearMonth] : [first.yearMonth, last.yearMonth]
    }

    /// How many days it has.
    public var days: Int { last.dayNumber - first.dayNumber + 1 }

    /// The days of one of its `files` that it covers: 25…31 of the first, 1…24 of the second, every day of a calendar
    /// month's.
    public func days(in file: YearMonth) -> ClosedRange<Int> {
        (file.contains(first) ? first.day : 1)...(file.contains(last) ? last.day : file.days)
    }

    /// The month before and after, under the same start day.
    public var previous: MonthPeriod? { month.previous.map { MonthPeriod($0, start: start) } }
    public var next: MonthPeriod? { month.next.map { MonthPeriod($0, start: start) } }
}
