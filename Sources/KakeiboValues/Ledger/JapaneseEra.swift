/// A Japanese era (元号) a date may be written in, with the days it ran: a year of it is the count from its first year
/// (元年, 1), and a date written in it is a date only within those days (`H31.5.1` is none: 平成 ended on 2019-04-30).
/// One table for typed dates, receipts and the date formats of layouts.
public struct JapaneseEra: Equatable, Sendable {
    /// 令和, 平成, 昭和, 大正, 明治.
    public let name: String
    /// The year before its first, so that its year n is `base + n`.
    let base: Int
    public let first: CalendarDate
    /// nil for the present era.
    public let last: CalendarDate?
    /// How it is written besides its name: its one-character sign (㋿, ㍻ …) and its Latin letter (R, H, S, T, M).
    let sign: String
    let letter: Character

    /// The calendar year of its year `number` (1 is its first, 元年).
    public func year(_ number: Int) -> Int { base + number }

    /// Whether the day is in the era.
    public func holds(_ date: CalendarDate) -> Bool { date >= first && last.map { date <= $0 } ?? true }

    /// 令和 from 2019-05-01, 平成 1989-01-08 to 2019-04-30, 昭和 1926-12-25 to 1989-01-07, 大正 1912-07-30 to
    /// 1926-12-24, 明治 to 1912-07-29 (its years counted from 1868).
    public static let all: [JapaneseEra] = [
        JapaneseEra(name: "令和", base: 2018, first: day(2019, 5, 1), last: nil, sign: "㋿", letter: "R"),
        JapaneseEra(name: "平成", base: 1988, first: day(1989, 1, 8), last: day(2019, 4, 30), sign: "㍻", letter: "H"),
        JapaneseEra(name: "昭和", base: 1925, first: day(1926, 12, 25), last: day(1989, 1, 7), sign: "㍼", letter: "S"),
        JapaneseEra(name: "大正", base: 1911, first: day(1912, 7, 30), last: day(1926, 12, 24), sign: "㍽", letter: "T"),
        JapaneseEra(name: "明治", base: 1867, first: day(1868, 1, 1), last: day(1912, 7, 29), sign: "㍾", letter: "M"),
    ]

    private static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate { CalendarDate(year: year, month: month, day: day)! }

    /// The era written at `position` of the text, and where its name ends: its name (令和), its sign (㋿) or its
    /// letter in either case (R, r); with `abbreviated`, also the name's first character alone (令, 平), as some
    /// banks print it.
    public static func named(in text: [Character], at position: Int, abbreviated: Bool = false) -> (era: JapaneseEra, end: Int)? {
        guard position < text.count else { return nil }
        for era in all {
            let name = Array(era.name)
            if position + name.count <= text.count, text[position..<position + name.count].elementsEqual(name) {
                return (era, position + name.count)
            }
            let character = text[position]
            if String(character) == era.sign || String(character).uppercased() == String(era.letter) || (abbreviated && character == name[0]) {
                return (era, position + 1)
            }
        }
        return nil
    }
}
