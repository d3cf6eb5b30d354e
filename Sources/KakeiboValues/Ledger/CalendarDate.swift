/// The years kakeibo accepts.
public enum Year {
    public static let minimum = 1
    public static let maximum = 9999

    /// Parses a year typed by a person: digits only (full-width too), 1–9999.
    public static func parse(_ text: String) throws(ValueError) -> Int {
        guard let value = parseDigits(TypedNumber.digits(text)[...], maxDigits: 5), (minimum...maximum).contains(value) else {
            throw .year(text)
        }
        return value
    }
}

/// A day in the Gregorian calendar, with no time of day and no time zone: 2024-12-31 is in December on any machine.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// year × 512 + month × 32 + day: four bytes rather than three words in every item (a million items are 80 MB
    /// smaller), and in date order as a number.
    private let packed: Int32

    public var year: Int { Int(packed >> 9) }
    public var month: Int { Int(packed >> 5 & 0xF) }
    public var day: Int { Int(packed & 0x1F) }

    /// A valid date, or nil (2024-02-30 is nil).
    public init?(year: Int, month: Int, day: Int) {
        guard (Year.minimum...Year.maximum).contains(year), (1...12).contains(month),
            day >= 1, day <= CalendarDate.days(year: year, month: month)
        else { return nil }
        packed = Int32(year << 9 | month << 5 | day)
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool { a.packed < b.packed }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in a month (28–31).
    public static func days(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public var yearMonth: YearMonth { YearMonth(uncheckedYear: year, month: month) }

    /// Days since 1970-01-01 (negative before it).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The date a number of days after 1970-01-01, or nil outside years 1–9999.
    public init?(dayNumber: Int) {
        let z = dayNumber + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.init(year: y, month: m, day: d)
    }

    public func adding(days: Int) -> CalendarDate? {
        CalendarDate(dayNumber: dayNumber + days)
    }

    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int {
        let w = (dayNumber + 4) % 7 // 1970-01-01 was a Thursday
        return w < 0 ? w + 7 : w
    }

    /// "2024-12-03"
    public var iso: String { digitText([(year, 4), (month, 2), (day, 2)], separators: "--") }

    /// "20241203", the household server's form.
    public var compact: String { digitText([(year, 4), (month, 2), (day, 2)]) }

    public var description: String { iso }

    /// Parses "YYYY-MM-DD" strictly (full-width digits and hyphens read as ASCII), saying what is wrong with a near miss.
    public static func parseISO(_ text: String) throws(ValueError) -> CalendarDate {
        var plain = TypedNumber.digits(text)
        do {
            return try plain.withUTF8 { utf8 in Result { () throws(ValueError) in try parseISO(utf8: utf8) } }.get()
        } catch {
            // Name the date as it was typed, full-width digits and all.
            switch error {
            case .dateFormat: throw .dateFormat(text)
            case .dateMonth: throw .dateMonth(text)
            case .dateDay(_, let year, let month, let days): throw .dateDay(text, year: year, month: month, days: days)
            default: throw error
            }
        }
    }

    /// Parses "YYYY-MM-DD" from UTF-8 bytes (a month file's dates are read without making Strings).
    public static func parseISO(utf8: UnsafeBufferPointer<UInt8>) throws(ValueError) -> CalendarDate {
        guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
            let y = digits(utf8, 0, 4), let m = digits(utf8, 5, 2), let d = digits(utf8, 8, 2)
        else { throw .dateFormat(String(decoding: utf8, as: UTF8.self)) }
        return try make(utf8, y, m, d)
    }

    /// Parses the server's "YYYYMMDD" (and, leniently, "YYYY-MM-DD").
    public static func parseCompact(_ text: String) throws(ValueError) -> CalendarDate {
        var text = text
        return try text.withUTF8 { utf8 in Result { () throws(ValueError) in try parseCompact(utf8: utf8) } }.get()
    }

    /// Parses "YYYYMMDD" (or "YYYY-MM-DD") from UTF-8 bytes.
    public static func parseCompact(utf8: UnsafeBufferPointer<UInt8>) throws(ValueError) -> CalendarDate {
        if utf8.count == 10 { return try parseISO(utf8: utf8) }
        guard utf8.count == 8, let y = digits(utf8, 0, 4), let m = digits(utf8, 4, 2), let d = digits(utf8, 6, 2)
        else { throw .dateFormat(String(decoding: utf8, as: UTF8.self)) }
        return try make(utf8, y, m, d)
    }

    private static func make(_ utf8: UnsafeBufferPointer<UInt8>, _ y: Int, _ m: Int, _ d: Int) throws(ValueError) -> CalendarDate {
        guard (Year.minimum...Year.maximum).contains(y) else { throw .year(String(y)) }
        guard (1...12).contains(m) else { throw .dateMonth(String(decoding: utf8, as: UTF8.self)) }
        guard let date = CalendarDate(year: y, month: m, day: d) else {
            throw .dateDay(String(decoding: utf8, as: UTF8.self), year: y, month: m, days: days(year: y, month: m))
        }
        return date
    }

    static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<start + count] {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }
}

/// A calendar month: the unit of the store (one file per month) and of the month report.
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// year × 16 + month: in month order as a number, and small as a key.
    private let packed: Int32

    public var year: Int { Int(packed >> 4) }
    public var month: Int { Int(packed & 0xF) }

    public init?(year: Int, month: Int) {
        guard (Year.minimum...Year.maximum).contains(year), (1...12).contains(month) else { return nil }
        self.init(uncheckedYear: year, month: month)
    }

    package init(uncheckedYear year: Int, month: Int) {
        packed = Int32(year << 4 | month)
    }

    /// Parses a month typed by a person: 1–12 (a leading zero and full-width digits are fine).
    public static func parseMonth(_ text: String) throws(ValueError) -> Int {
        guard let value = parseDigits(TypedNumber.digits(text)[...], maxDigits: 2), (1...12).contains(value) else { throw .month(text) }
        return value
    }

    public static func < (a: YearMonth, b: YearMonth) -> Bool { a.packed < b.packed }

    public var first: CalendarDate { CalendarDate(year: year, month: month, day: 1)! }
    public var last: CalendarDate { CalendarDate(year: year, month: month, day: days)! }
    public var days: Int { CalendarDate.days(year: year, month: month) }

    public func contains(_ date: CalendarDate) -> Bool { date.year == year && date.month == month }

    /// The month before, or nil before year 1.
    public var previous: YearMonth? {
        month == 1 ? YearMonth(year: year - 1, month: 12) : YearMonth(year: year, month: month - 1)
    }

    /// The month after, or nil after year 9999.
    public var next: YearMonth? {
        month == 12 ? YearMonth(year: year + 1, month: 1) : YearMonth(year: year, month: month + 1)
    }

    /// "2024-12"
    public var iso: String { digitText([(year, 4), (month, 2)], separators: "-") }
    public var description: String { iso }

    /// Parses "YYYY-MM".
    public static func parseISO(_ text: String) -> YearMonth? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 4, parts[1].utf8.count == 2,
            let y = parseDigits(parts[0], maxDigits: 4), let m = parseDigits(parts[1], maxDigits: 2)
        else { return nil }
        return YearMonth(year: y, month: m)
    }
}

/// Parses ASCII digits only (no sign, no spaces), at most `maxDigits` of them.
func parseDigits(_ text: Substring, maxDigits: Int) -> Int? {
    guard !text.isEmpty, text.utf8.count <= maxDigits else { return nil }
    var value = 0
    for byte in text.utf8 {
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
    }
    return value
}

/// Zero-padded numbers of fixed widths, the n-th separator character after the n-th number: (2024, 4), (12, 2)
/// and "-" make "2024-12". Built as bytes: a month file writes two dates per item, and string interpolation took ~3,000
/// instructions for each. Numbers must fit their width and not be negative (dates and times do).
@inline(__always) // so the array literal of fields can live on the caller's stack
func digitText(_ fields: [(value: Int, width: Int)], separators: StaticString = "") -> String {
    let separator = UnsafeBufferPointer(start: separators.utf8Start, count: separators.utf8CodeUnitCount)
    let count = fields.reduce(0) { $0 + $1.width } + separator.count
    return String(unsafeUninitializedCapacity: count) { buffer in
        var end = 0
        for (index, field) in fields.enumerated() {
            var value = field.value
            for place in stride(from: end + field.width - 1, through: end, by: -1) {
                buffer[place] = UInt8(48 + value % 10)
                value /= 10
            }
            end += field.width
            if index < separator.count {
                buffer[end] = separator[index]
                end += 1
            }
        }
        return end
    }
}
