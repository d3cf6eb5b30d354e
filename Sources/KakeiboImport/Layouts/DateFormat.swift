import KakeiboKit

/// A date's shape in a layout file: `yyyy` (or `yy`, read as 20yy) — or an era and its year, `G` and `e` (`Ge.MM.dd`
/// reads `H30.01.15`; `GGe年M月d日` reads `令和7年8月5日`) —, `MM` or `M`, `dd` or `d`, anything else taken as
/// written: "yyyy/MM/dd", "yyyyMMdd", "yyMMdd", "yyyy-MM-dd", "yyyy年M月d日". Where a separator follows, a month or
/// day may have one digit or two whichever letter is used (2024/1/5 fits yyyy/MM/dd); run together (yyyyMMdd) every
/// part has its full width. A cell is trimmed first, and anything after a space (a time) is left out.
///
/// Without a year (`M月d日`, `MM/dd`, as JAバンク and モバイルSuica write them) the year comes from elsewhere
/// (`LayoutYears`): `hasYear` says which.
///
/// An era (`G`, however many) is its name (令和), its letter (R, H, S, T, M in either case), its sign (㋿) or the
/// name's first character (令); its year (`e` or `ee`) one or two digits, or 元 for its first. A date written in an
/// era is a date only within the era's days (`JapaneseEra`): `H31.05.01` is refused, row and column named.
package struct DateFormat: Hashable, Sendable {
    enum Part: Hashable {
        case year(digits: Int)
        case era
        case eraYear
        case month
        case day
        case literal(Character)

        var isField: Bool { if case .literal = self { false } else { true } }
        /// Written in digits (an era is its name: `令和7` is not a run of digits).
        var isNumber: Bool {
            switch self {
            case .year, .eraYear, .month, .day: true
            case .era, .literal: false
            }
        }
    }

    package let pattern: String
    let parts: [Part]

    /// Whether a date in this format says its year (`yyyy`, `yy` or an era's `Ge`).
    var hasYear: Bool { parts.contains { if case .year = $0 { true } else { $0 == .eraYear } } }

    /// nil when the pattern has no year, month or day, or one of them twice.
    package init?(_ pattern: String) {
        var parts: [Part] = []
        var characters = Array(pattern)[...]
        while let first = characters.first {
            let run = characters.prefix { $0 == first }
            switch first {
            case "y" where run.count == 4 || run.count == 2: parts.append(.year(digits: run.count))
            case "G" where run.count <= 4: parts.append(.era)
            case "e" where run.count <= 2: parts.append(.eraYear)
            case "M" where run.count <= 2: parts.append(.month)
            case "d" where run.count <= 2: parts.append(.day)
            case "y", "M", "d", "G", "e": return nil
            default: parts += run.map { .literal($0) }
            }
            characters = characters.dropFirst(run.count)
        }
        let fields = parts.filter(\.isField)
        let plainYear = fields.contains { if case .year = $0 { true } else { false } }
        let eraYear = parts.contains(.era) && parts.contains(.eraYear)
        let yearless = !plainYear && !parts.contains(.era) && !parts.contains(.eraYear)
        guard parts.contains(.month), parts.contains(.day), fields.count == (eraYear ? 4 : yearless ? 2 : 3), plainYear != eraYear || yearless
        else { return nil }
        self.pattern = pattern
        self.parts = parts
    }

    /// The date the text is, as year (nil in a format without one), month and day, and the era it was written in;
    /// nil when it doesn't fit the pattern. (Whether such a day exists, and is in its era, is for the caller to say.)
    func parse(_ raw: String) -> (year: Int?, month: Int, day: Int, era: JapaneseEra?)? {
        var text = WidthFold.fold(trimWhitespace(raw))
        if let space = text.firstIndex(of: " ") { text = String(text[..<space]) }
        var characters = Array(text)[...]
        var year: Int?
        var month: Int?
        var day: Int?
        var era: JapaneseEra?
        for (offset, part) in parts.enumerated() {
            let width: ClosedRange<Int>
            switch part {
            case .literal(let character):
                guard characters.first == character else { return nil }
                characters = characters.dropFirst()
                continue
            case .era:
                let rest = Array(characters)
                guard let (named, end) = JapaneseEra.named(in: rest, at: 0, abbreviated: true) else { return nil }
                era = named
                characters = characters.dropFirst(end)
                continue
            case .eraYear where characters.first == "元":
                year = era?.year(1)
                characters = characters.dropFirst()
                continue
            case .year(let digits): width = digits...digits
            case .eraYear, .month, .day:
                // Run together with a part beside it (yyyyMMdd): two digits; between separators: one or two.
                let runTogether = (offset + 1 < parts.count && parts[offset + 1].isNumber) || (offset > 0 && parts[offset - 1].isNumber)
                width = runTogether ? 2...2 : 1...2
            }
            let run = characters.prefix { $0.isASCII && $0.isNumber }
            guard run.count >= width.lowerBound else { return nil }
            let taken = run.prefix(width.upperBound)
            guard let value = Int(String(taken)) else { return nil }
            characters = characters.dropFirst(taken.count)
            switch part {
            case .year(let digits): year = digits == 2 ? 2000 + value : value
            case .eraYear: year = era.map { $0.year(value) }
            case .month: month = value
            case .day: day = value
            case .literal, .era: break
            }
        }
        guard characters.isEmpty, year != nil || !hasYear, let month, let day else { return nil }
        return (year, month, day, era)
    }

    /// The formats `--layout-init` tries on a column, most specific first.
    static let common = ["yyyy/MM/dd", "yyyy-MM-dd", "yyyy年M月d日", "yyyy.MM.dd", "yyyyMMdd", "yyMMdd", "Ge.MM.dd", "Ge年M月d日", "M月d日", "MM/dd"]
        .compactMap {
            DateFormat($0)
        }
}
