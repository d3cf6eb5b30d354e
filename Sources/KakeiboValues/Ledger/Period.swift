/// A span a command reports on or transfers: one month, or one whole year.
///
/// Every command that takes a month or a year reads it through `Period.parse`, so `month 2024-12`, `export 2024-12`,
/// `pull 2024-12` and `sync prev` all mean the same thing.
public enum Period: Hashable, Sendable {
    case month(YearMonth)
    case year(Int)

    /// What a command accepts.
    public enum Kind: Sendable {
        /// `2024 12`, `2024-12`, `2024/12`, `2024年12月`, `12月`, `this`, `prev`, `next`, `-N`, `今月`, `先月`, `来月`.
        case month
        /// `2024`, `this`, `prev`, `next`, `-N` (years back), `今年`, `去年`, `来年`.
        case year
        /// Either: the month forms, plus `2024`, `今年`, `去年`, `来年` for a whole year.
        case monthOrYear
    }

    /// The months it covers, in order.
    public var months: [YearMonth] {
        switch self {
        case .month(let month): [month]
        case .year(let year): (1...12).compactMap { YearMonth(year: year, month: $0) }
        }
    }

    /// Reads a period from the words a person typed, relative to this month; nil when there are none.
    public static func parse(_ words: [String], today: YearMonth, as kind: Kind) throws -> Period? {
        try PeriodExpression.parse(words, as: kind)?.resolve(today: today)
    }
}

/// A period as typed, checked but not yet read against the clock: `prev` stays "one back" until `resolve`.
/// Options hold this (`trend --end`), so the value is typed when the command line is parsed.
public struct PeriodExpression: Hashable, Sendable {
    enum Form: Hashable, Sendable {
        case month(YearMonth)
        case year(Int)
        /// Steps from now: months, or years where only a year is taken.
        case steps(Int)
        /// Years from now (今年, 去年, 来年).
        case years(Int)
        /// A month of no year given (12月): the nearest one to this month.
        case monthOfYear(Int)
    }

    let form: Form
    let kind: Period.Kind
    /// The words as given, for messages.
    let text: String

    /// Reads the words; nil when there are none.
    public static func parse(_ words: [String], as kind: Period.Kind) throws -> PeriodExpression? {
        let text = words.joined(separator: " ")
        switch words.count {
        case 0: return nil
        case 1: return PeriodExpression(form: try form(words[0], kind), kind: kind, text: text)
        case 2 where kind != .year:
            let year = try Year.parse(words[0])
            let month = YearMonth(year: year, month: try YearMonth.parseMonth(words[1]))!
            return PeriodExpression(form: .month(month), kind: kind, text: text)
        default: throw PeriodError.form(text, kind)
        }
    }

    private static func form(_ typed: String, _ kind: Period.Kind) throws -> Form {
        let word = TypedNumber.digits(typed)
        let lowered = word.lowercased()
        switch lowered {
        case "this": return .steps(0)
        case "prev", "previous", "last": return .steps(-1)
        case "next": return .steps(1)
        case "今月", "先月", "来月":
            guard kind != .year else { throw PeriodError.form(typed, kind) }
            return .steps(lowered == "今月" ? 0 : lowered == "先月" ? -1 : 1)
        case "今年", "去年", "昨年", "来年":
            guard kind != .month else { throw PeriodError.form(typed, kind) }
            return .years(lowered == "今年" ? 0 : lowered == "来年" ? 1 : -1)
        default: break
        }
        let isDigits = { (text: Substring) in !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
        if kind != .year, let month = TypedDate.month(word) {
            // 2024年12月, 2024/12, or 12月 (the nearest December: this year's, or last year's when that is nearer).
            guard let year = month.year else { return .monthOfYear(month.month) }
            return .month(YearMonth(year: try Year.parse(String(year)), month: try YearMonth.parseMonth(String(month.month)))!)
        }
        let parts = word.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, parts[0].isEmpty, isDigits(parts[1]) {
            // -N: N months (years) back. Past the calendar's range is out of range, not a parse failure.
            guard let count = Int(parts[1]), count <= 120_000 else { throw PeriodError.outOfRange(typed) }
            return .steps(-count)
        }
        if parts.count == 2, kind != .year, parts[0].count == 4, parts[1].count == 2, isDigits(parts[0]), isDigits(parts[1]) {
            let year = try Year.parse(String(parts[0]))
            return .month(YearMonth(year: year, month: try YearMonth.parseMonth(String(parts[1])))!)
        }
        if parts.count == 1, kind != .month, isDigits(parts[0]) {
            return .year(try Year.parse(word))
        }
        throw PeriodError.form(typed, kind)
    }

    /// The period it names, counted from this month.
    public func resolve(today: YearMonth) throws(PeriodError) -> Period {
        func year(_ offset: Int) throws(PeriodError) -> Period {
            let year = today.year.addingReportingOverflow(offset)
            guard !year.overflow, (Year.minimum...Year.maximum).contains(year.partialValue) else { throw .outOfRange(text) }
            return .year(year.partialValue)
        }
        switch form {
        case .month(let month): return .month(month)
        case .monthOfYear(let month):
            guard let nearest = TypedDate.nearest(month: month, to: today) else { throw .outOfRange(text) }
            return .month(nearest)
        case .year(let year): return .year(year)
        case .years(let offset): return try year(offset)
        case .steps(let count) where kind == .year: return try year(count)
        case .steps(let count):
            guard let month = today.adding(months: count) else { throw .outOfRange(text) }
            return .month(month)
        }
    }
}

/// Words that name no month or year kakeibo can use: exit 2.
public enum PeriodError: KakeiboFailure, Equatable {
    case form(String, Period.Kind)
    case outOfRange(String)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .form(let text, .month):
            return language.pick(
                "a month is YEAR MONTH (2024 12), YYYY-MM (2024-12), this, prev, next or -N (N months back); also 2024/12, 2024年12月, 12月 (the nearest December), 先月; got '\(text)'",
                "月は YEAR MONTH（2024 12）、YYYY-MM（2024-12）、2024/12、2024年12月、12月（いちばん近い 12 月）、今月、先月、来月、-N（N か月前）のいずれかで指定してください（指定: '\(text)'）")
        case .form(let text, .year):
            return language.pick(
                "a year is YYYY (2024), this, prev, next or -N (N years back), got '\(text)'",
                "年は YYYY（2024）、今年、去年、来年、-N（N 年前）のいずれかで指定してください（指定: '\(text)'）")
        case .form(let text, .monthOrYear):
            return language.pick(
                "a period is a year (2024) or a month: YEAR MONTH (2024 12), YYYY-MM (2024-12), this, prev, next or -N (N months back); also 2024/12, 2024年12月, 12月; got '\(text)'",
                "期間は年（2024）か月（2024 12、YYYY-MM（2024-12）、2024/12、2024年12月、12月、今月、先月、来月、-N（N か月前））で指定してください（指定: '\(text)'）")
        case .outOfRange(let text):
            return language.pick(
                "'\(text)' falls outside the months kakeibo keeps (0001-01 to 9999-12)",
                "'\(text)' は kakeibo が扱える月（0001-01〜9999-12）の外です")
        }
    }
}
