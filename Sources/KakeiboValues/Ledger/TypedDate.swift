/// The shapes of a typed date or month that `CalendarDate.parseISO` doesn't read: numbers split by `/`, `-`, `.` or
/// 年/月/日, a year of an era (令和, 平成, 昭和, 大正, 明治: R, H, S, T, M), and which of year, month and day are there. One rule for the
/// command line (`DayExpression`) and for the dates receipts print (`ReceiptHeader`).
enum TypedDate {
    /// A date as written, and where it ends in the text it was read from.
    struct Found: Equatable {
        var year: Int?
        var month: Int
        var day: Int
        var end: Int
        /// The era the year was written in, if it was.
        var era: JapaneseEra? = nil
    }

    /// `2024/12/1`, `2024-12-1`, `2024.12.1`, `2024年12月1日`, `R6.12.1`, `令和6年12月1日`, `12/1`, `12月1日`:
    /// (year?, month, day, and the era it was written in); nil for any other shape.
    static func day(_ word: String) -> (year: Int?, month: Int, day: Int, era: JapaneseEra?)? {
        let characters = word.map(plain)
        guard let found = scan(characters, from: 0, needsYear: false), found.end == characters.count else { return nil }
        return (found.year, found.month, found.day, found.era)
    }

    /// The first calendar day with a year in a line of text (a receipt's `2024年12月 3日(火)`, `R6.12.3 14:05`).
    static func first(in line: String) -> CalendarDate? {
        let characters = line.map(plain)
        for start in characters.indices where start == 0 || !characters[start - 1].isASCIIAlphanumeric {
            guard let found = scan(characters, from: start, needsYear: true), let year = found.year else { continue }
            if found.end < characters.count, characters[found.end].isASCIIDigit { continue }
            if let date = CalendarDate(year: year, month: found.month, day: found.day), found.era?.holds(date) ?? true { return date }
        }
        return nil
    }

    /// Every calendar day with a year in a line of text, in the order written (a period line's
    /// `2024年12月1日～2024年12月31日`: both).
    static func all(in line: String) -> [CalendarDate] {
        let characters = line.map(plain)
        var found: [CalendarDate] = []
        var start = 0
        while start < characters.count {
            defer { start += 1 }
            guard start == 0 || !characters[start - 1].isASCIIAlphanumeric,
                let date = scan(characters, from: start, needsYear: true), let year = date.year,
                date.end >= characters.count || !characters[date.end].isASCIIDigit,
                let day = CalendarDate(year: year, month: date.month, day: date.day), date.era?.holds(day) ?? true
            else { continue }
            found.append(day)
            start = date.end - 1
        }
        return found
    }

    /// A date that starts at `start`: a year (4 digits, or an era's) and its separator, unless `needsYear` is false
    /// and there is none; a month of 1–2 digits and its separator (年 … 月, or the year's `/`, `-` or `.`; without a
    /// year, `/` or 月 only); a day of 1–2 digits and an optional 日. Spaces may come before the month and the day,
    /// as receipts print them (`12月 3日`). `c` is the text with full-width forms made ASCII (`plain`).
    static func scan(_ c: [Character], from start: Int, needsYear: Bool) -> Found? {
        var position = start
        var year: Int?
        var named: JapaneseEra?
        let separators: Set<Character> = ["年", "/", "-", "."]
        if let (era, afterName) = era(c, at: position) {
            guard let (number, next) = eraYear(c, from: afterName), next < c.count, separators.contains(c[next]), number >= 1 else {
                return nil
            }
            year = era.year(number)
            named = era
            position = next + 1
        } else if case (let number?, let next) = digits(c, from: position, upTo: 4), next - position == 4, next < c.count,
            separators.contains(c[next])
        {
            year = number
            position = next + 1
        } else if needsYear {
            return nil
        }
        let monthSeparators: Set<Character> = year == nil ? ["月", "/"] : ["月", "/", "-", "."]
        guard let (month, afterMonth) = part(c, from: position, separators: monthSeparators),
            let (day, afterDay) = part(c, from: afterMonth, separators: nil)
        else { return nil }
        return Found(year: year, month: month, day: day, end: afterDay < c.count && c[afterDay] == "日" ? afterDay + 1 : afterDay, era: named)
    }

    /// The era named at `position` (a Latin letter in either case, not inside a word), and where its name ends.
    private static func era(_ c: [Character], at position: Int) -> (JapaneseEra, Int)? {
        JapaneseEra.named(in: c, at: position).map { ($0.era, $0.end) }
    }

    /// An era's year: 1–2 digits, or 元 (its first).
    private static func eraYear(_ c: [Character], from position: Int) -> (Int, Int)? {
        if position < c.count, c[position] == "元" { return (1, position + 1) }
        guard case (let number?, let next) = digits(c, from: position, upTo: 2) else { return nil }
        return (number, next)
    }

    /// One or two digits (spaces before them allowed), then a separator when one is asked for.
    private static func part(_ c: [Character], from start: Int, separators: Set<Character>?) -> (Int, Int)? {
        var position = start
        while position < c.count, c[position] == " " || c[position] == "\u{3000}" { position += 1 }
        let (number, next) = digits(c, from: position, upTo: 2)
        guard let number else { return nil }
        if next < c.count, c[next].isASCIIDigit { return nil }
        guard let separators else { return (number, next) }
        guard next < c.count, separators.contains(c[next]) else { return nil }
        return (number, next + 1)
    }

    private static func digits(_ c: [Character], from start: Int, upTo count: Int) -> (Int?, Int) {
        var position = start
        var value = 0
        while position < c.count, position - start < count, c[position].isASCIIDigit, let digit = c[position].wholeNumberValue {
            value = value * 10 + digit
            position += 1
        }
        return (position > start ? value : nil, position)
    }

    /// A full-width digit, letter or separator as its ASCII twin (Ｒ６．１２．１ is R6.12.1).
    private static func plain(_ character: Character) -> Character {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, (0xFF01...0xFF5E).contains(scalar.value),
            let plain = Unicode.Scalar(scalar.value - 0xFF01 + 0x21)
        else { return character }
        return Character(plain)
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

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIIAlphanumeric: Bool { isASCII && (isNumber || isLetter) }
}
