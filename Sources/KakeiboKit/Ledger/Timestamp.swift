/// An instant in UTC with millisecond precision, written as "2024-12-03T09:15:00.000Z".
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.milliseconds < b.milliseconds }

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
        let h = rest / 3_600_000, m = rest / 60_000 % 60, s = rest / 1000 % 60, f = rest % 1000
        let frac = f < 10 ? "00\(f)" : f < 100 ? "0\(f)" : "\(f)"
        return "\(date.iso)T\(pad2(h)):\(pad2(m)):\(pad2(s)).\(frac)Z"
    }

    public var description: String { iso }

    /// Parses "YYYY-MM-DDTHH:MM:SS[.fff]Z".
    public static func parse(_ text: String) -> Timestamp? {
        let b = Array(text.utf8)
        guard b.count == 20 || b.count == 24, b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"),
            b[16] == UInt8(ascii: ":"), b.last == UInt8(ascii: "Z"),
            let date = try? CalendarDate.parseISO(String(decoding: b[0..<10], as: UTF8.self)),
            let h = parseDigits(Substring(String(decoding: b[11..<13], as: UTF8.self)), maxDigits: 2),
            let m = parseDigits(Substring(String(decoding: b[14..<16], as: UTF8.self)), maxDigits: 2),
            let s = parseDigits(Substring(String(decoding: b[17..<19], as: UTF8.self)), maxDigits: 2),
            h < 24, m < 60, s < 60
        else { return nil }
        var f = 0
        if b.count == 24 {
            guard b[19] == UInt8(ascii: "."),
                let frac = parseDigits(Substring(String(decoding: b[20..<23], as: UTF8.self)), maxDigits: 3)
            else { return nil }
            f = frac
        } else {
            guard b[19] == UInt8(ascii: "Z") else { return nil }
        }
        let ms = ((date.dayNumber * 24 + h) * 60 + m) * 60_000 + s * 1000 + f
        return Timestamp(milliseconds: Int64(ms))
    }
}
