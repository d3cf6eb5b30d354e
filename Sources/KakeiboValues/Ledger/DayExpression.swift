/// A day named on the command line, as people type it: `2024-12-01`, `2024/12/1` (MoneyForward's form), `2024.12.1`,
/// `2024年12月1日`, a year of an era as receipts and forms print it (`R6.12.1`, `令和6年12月1日`, `H31.4.30`,
/// `S64.1.7`), `12/1` or `12月1日` (the nearest such day), or a word: today, yesterday, tomorrow, 今日, 昨日, 一昨日,
/// 明日, 明後日 (and their kana). Full-width digits and letters are read as ASCII. Receipts read their dates by the
/// same rule (`TypedDate`).
public enum DayExpression: Hashable, Sendable {
    case date(CalendarDate)
    /// Days from today: 0 today, -1 yesterday.
    case relative(Int)
    /// A month and day of no year given: the nearest such day to today (checked when resolved, against the year
    /// that is); the text as typed, for the message.
    case monthDay(month: Int, day: Int, typed: String)

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
        // Without a year the day is checked when the year is known (`resolve`): 2/29 is a day in 2024, not in 2026.
        guard let year = typed.year else { return .monthDay(month: typed.month, day: typed.day, typed: text) }
        guard (Year.minimum...Year.maximum).contains(year) else { throw .dateFormat(text) }
        guard let date = CalendarDate(year: year, month: typed.month, day: typed.day) else {
            throw .dateDay(text, year: year, month: typed.month, days: CalendarDate.days(year: year, month: typed.month))
        }
        if let era = typed.era, !era.holds(date) {
            throw .dateEra(text, era: era.name, first: era.first, last: era.last)
        }
        return .date(date)
    }

    /// The day it names, counted from today; a day that doesn't exist (2/29 when no year near today has one) is
    /// refused, naming the year it was looked for in, never replaced.
    public func resolve(today: CalendarDate) throws(ValueError) -> CalendarDate {
        switch self {
        case .date(let date): return date
        case .relative(let days):
            guard let date = today.adding(days: days) else { throw .dateOutsideSync(today) }
            return date
        case .monthDay(let month, let day, let typed):
            if let date = TypedDate.nearest(month: month, day: day, to: today) { return date }
            let year = TypedDate.nearest(month: month, to: today.yearMonth)?.year ?? today.year
            throw .dateDay(typed, year: year, month: month, days: CalendarDate.days(year: year, month: month))
        }
    }
}
