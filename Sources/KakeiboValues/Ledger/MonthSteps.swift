/// Stepping through months: "three months back", "the twelve months ending December", neighbours at year ends.
extension YearMonth {
    /// The month's place on one line of months: 0 for January of year 1, 12 for January of year 2.
    public var ordinal: Int { (year - 1) * 12 + (month - 1) }

    /// The month at an ordinal, or nil outside years 1–9999.
    public init?(ordinal: Int) {
        guard ordinal >= 0 else { return nil }
        self.init(year: ordinal / 12 + 1, month: ordinal % 12 + 1)
    }

    /// The month `count` months later (earlier when negative), or nil outside years 1–9999.
    public func adding(months count: Int) -> YearMonth? {
        let (sum, overflow) = ordinal.addingReportingOverflow(count)
        return overflow ? nil : YearMonth(ordinal: sum)
    }
}

/// A wall-clock time where the user is: a date, hours and minutes (for showing when an item was recorded).
public struct LocalDateTime: Hashable, Sendable, CustomStringConvertible {
    public var date: CalendarDate
    public var hour: Int
    public var minute: Int

    /// The instant as seen `offsetSeconds` east of UTC (JST is +32400).
    public init(_ timestamp: Timestamp, offsetSeconds: Int) {
        let local = Int(timestamp.milliseconds / 1000) + offsetSeconds - (timestamp.milliseconds % 1000 < 0 ? 1 : 0)
        var days = local / 86_400
        var rest = local % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        date = CalendarDate(dayNumber: days) ?? CalendarDate(year: 1970, month: 1, day: 1)!
        hour = rest / 3600
        minute = rest / 60 % 60
    }

    /// "2024-12-15 18:05"
    public var description: String { "\(date.iso) \(pad2(hour)):\(pad2(minute))" }
}

/// `numerator ÷ denominator` rounded to the nearest whole number, halves away from zero (四捨五入): 2.5 → 3, -2.5 → -3.
/// The denominator must be positive.
public func divideRoundingHalfAway(_ numerator: Int, _ denominator: Int) -> Int {
    precondition(denominator > 0)
    let quotient = numerator / denominator
    let remainder = numerator % denominator
    guard remainder.magnitude * 2 >= UInt(denominator) else { return quotient }
    return numerator < 0 ? quotient - 1 : quotient + 1
}
