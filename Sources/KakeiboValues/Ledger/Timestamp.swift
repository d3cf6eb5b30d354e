/// An instant in UTC with millisecond precision, written as "2024-12-03T09:15:00.000Z".
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.milliseconds < b.milliseconds }

    /// The system clock's time.
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(milliseconds: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec / 1_000_000))
    }

    public var iso: String {
        let ms = Int(milliseconds)
        let dayMs = 86_400_000
        var days = ms / dayMs
        var rest = ms % dayMs
        if rest < 0 {
            rest += dayMs
            days -= 1
        }
        let date = CalendarDate(dayNumber: days) ?? CalendarDate(year: 1970, month: 1, day: 1)!
        let h = rest / 3_600_000
        let m = rest / 60_000 % 60
        let s = rest / 1000 % 60
        let f = rest % 1000
        return digitText([(date.year, 4), (date.month, 2), (date.day, 2), (h, 2), (m, 2), (s, 2), (f, 3)], separators: "--T::.Z")
    }

    public var description: String { iso }

    /// Parses "YYYY-MM-DDTHH:MM:SS[.fff]Z".
    public static func parse(_ text: String) -> Timestamp? {
        var text = text
        return text.withUTF8(parse(utf8:))
    }

    /// Parses "YYYY-MM-DDTHH:MM:SS[.fff]Z" from UTF-8 bytes.
    public static func parse(utf8 b: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        guard b.count == 20 || b.count == 24, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
            b[b.count - 1] == UInt8(ascii: "Z"),
            let y = CalendarDate.digits(b, 0, 4), let mo = CalendarDate.digits(b, 5, 2),
            let d = CalendarDate.digits(b, 8, 2), let date = CalendarDate(year: y, month: mo, day: d),
            let h = CalendarDate.digits(b, 11, 2), let m = CalendarDate.digits(b, 14, 2),
            let s = CalendarDate.digits(b, 17, 2), h < 24, m < 60, s < 60
        else { return nil }
        var f = 0
        if b.count == 24 {
            guard b[19] == UInt8(ascii: "."), let frac = CalendarDate.digits(b, 20, 3) else { return nil }
            f = frac
        }
        let ms = ((date.dayNumber * 24 + h) * 60 + m) * 60_000 + s * 1000 + f
        return Timestamp(milliseconds: Int64(ms))
    }
}
