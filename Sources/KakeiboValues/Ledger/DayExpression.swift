/// A day named on the command line, as people type it: `2024-12-01`, `2024/12/1` (MoneyForward's form),
/// `2024年12月1日`, `12/1` or `12月1日` (the nearest such day), or a word: today, yesterday, tomorrow, 今日, 昨日,
/// 一昨日, 明日, 明後日 (and their kana). Full-width digits are read as ASCII.
public enum DayExpression: Hashable, Sendable {
    case date(CalendarDate)
    /// Days from today: 0 today, -1 yesterday.
    case relative(Int)
    /// A month and day of no year given: the nearest such day to today.
    case monthDay(month: Int, day: Int)

    public static func parse(_ text: String) throws(ValueError) -> DayExpression {
        let word = TypedNumber.digits(text)
        switch word.lowercased() {
        case "today", "今日", "きょう", "本日": return .relative(0)
        case "yesterday", "昨日", "きのう": return .relative(-1)
        case "一昨日", "おととい", "おとつい": return .relative(-2)
        case "tomorrow", "明日", "あした", "あす": return .relative(1)
        case "明後日", "あさって": return .relative(2)
        default: break
        }
        guard let typed = TypedDate.day(word) else { return .date(try CalendarDate.parseISO(text)) }
        guard (1...12).contains(typed.month) else { throw .dateMonth(text) }
        guard let year = typed.year else {
            // Checked against a leap year, so 2/29 is a day; the nearest year that has it is chosen when resolved.
            guard typed.day >= 1, typed.day <= CalendarDate.days(year: 2024, month: typed.month) else {
                throw .dateDay(text, year: 2024, month: typed.month, days: CalendarDate.days(year: 2024, month: typed.month))
            }
            return .monthDay(month: typed.month, day: typed.day)
        }
        guard (Year.minimum...Year.maximum).contains(year) else { throw .dateFormat(text) }
        guard let date = CalendarDate(year: year, month: typed.month, day: typed.day) else {
            throw .dateDay(text, year: year, month: typed.month, days: CalendarDate.days(year: year, month: typed.month))
        }
        return .date(date)
    }

    public func resolve(today: CalendarDate) -> CalendarDate {
        switch self {
        case .date(let date): date
        case .relative(let days): today.adding(days: days) ?? today
        case .monthDay(let month, let day): TypedDate.nearest(month: month, day: day, to: today) ?? today
        }
    }
}

/// The shapes of a typed date or month that `CalendarDate.parseISO` doesn't read: numbers split by `/`, `-` or
/// 年/月/日, and which of year, month and day are there.
enum TypedDate {
    /// `2024/12/1`, `2024-12-1`, `2024年12月1日`, `12/1`, `12月1日`: (year?, month, day); nil for any other shape.
    static func day(_ word: String) -> (year: Int?, month: Int, day: Int)? {
        if word.hasSuffix("日") {
            let parts = numbers(String(word.dropLast()), separators: ["年", "月"])
            guard let parts, word.contains("月") else { return nil }
            switch parts.count {
            case 3 where word.contains("年"): return (parts[0], parts[1], parts[2])
            case 2 where !word.contains("年"): return (nil, parts[0], parts[1])
            default: return nil
            }
        }
        for separator: Character in ["/", "-"] where word.contains(separator) {
            guard let parts = numbers(word, separators: [separator]) else { return nil }
            switch parts.count {
            case 3 where String(parts[0]).count <= 4 && word.split(separator: separator)[0].count == 4: return (parts[0], parts[1], parts[2])
            case 2 where separator == "/" && word.split(separator: separator)[0].count <= 2: return (nil, parts[0], parts[1])
            default: return nil
            }
        }
        return nil
    }

    /// `2024/12`, `2024年12月`, `12月`: (year?, month); nil for any other shape.
    static func month(_ word: String) -> (year: Int?, month: Int)? {
        if word.hasSuffix("月") {
            guard let parts = numbers(String(word.dropLast()), separators: ["年"]) else { return nil }
            switch parts.count {
            case 2 where word.contains("年"): return (parts[0], parts[1])
            case 1 where !word.contains("年"): return (nil, parts[0])
            default: return nil
            }
        }
        let halves = word.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, halves[0].count == 4, let parts = numbers(word, separators: ["/"]) else { return nil }
        return (parts[0], parts[1])
    }

    /// The numbers between the separators, each 1–4 ASCII digits; nil when anything else is there.
    private static func numbers(_ text: String, separators: Set<Character>) -> [Int]? {
        let pieces = text.split(omittingEmptySubsequences: false) { separators.contains($0) }
        var numbers: [Int] = []
        for piece in pieces {
            guard (1...4).contains(piece.count), piece.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(piece) else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// The day with this month and day nearest to `today` (this year's, last year's or next year's; a tie goes to
    /// the past), skipping years without it (2/29).
    static func nearest(month: Int, day: Int, to today: CalendarDate) -> CalendarDate? {
        let candidates = [today.year - 1, today.year, today.year + 1].compactMap { CalendarDate(year: $0, month: month, day: day) }
        return candidates.min { a, b in
            let (x, y) = (abs(a.dayNumber - today.dayNumber), abs(b.dayNumber - today.dayNumber))
            return x != y ? x < y : a < b
        }
    }

    /// The month with this number nearest to `today`'s month (a tie goes to the past).
    static func nearest(month: Int, to today: YearMonth) -> YearMonth? {
        let candidates = [today.year - 1, today.year, today.year + 1].compactMap { YearMonth(year: $0, month: month) }
        return candidates.min { a, b in
            let (x, y) = (abs(a.ordinal - today.ordinal), abs(b.ordinal - today.ordinal))
            return x != y ? x < y : a < b
        }
    }
}
