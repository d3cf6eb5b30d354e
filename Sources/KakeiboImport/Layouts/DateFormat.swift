import KakeiboKit

/// A date's shape in a layout file: `yyyy` (or `yy`, read as 20yy), `MM` or `M`, `dd` or `d`, anything else taken
/// as written: "yyyy/MM/dd", "yyyyMMdd", "yyMMdd", "yyyy-MM-dd", "yyyy年M月d日". Where a separator follows, a month
/// or day may have one digit or two whichever letter is used (2024/1/5 fits yyyy/MM/dd); run together (yyyyMMdd)
/// every part has its full width. A cell is trimmed first, and anything after a space (a time) is left out.
package struct DateFormat: Hashable, Sendable {
    enum Part: Hashable {
        case year(digits: Int)
        case month
        case day
        case literal(Character)

        var isField: Bool { if case .literal = self { false } else { true } }
    }

    package let pattern: String
    let parts: [Part]

    /// nil when the pattern has no year, month or day, or one of them twice.
    package init?(_ pattern: String) {
        var parts: [Part] = []
        var characters = Array(pattern)[...]
        while let first = characters.first {
            let run = characters.prefix { $0 == first }
            switch first {
            case "y" where run.count == 4 || run.count == 2: parts.append(.year(digits: run.count))
            case "M" where run.count <= 2: parts.append(.month)
            case "d" where run.count <= 2: parts.append(.day)
            case "y", "M", "d": return nil
            default: parts += run.map { .literal($0) }
            }
            characters = characters.dropFirst(run.count)
        }
        let fields = parts.filter(\.isField)
        guard fields.count == 3, parts.contains(.month), parts.contains(.day), fields.contains(where: { if case .year = $0 { true } else { false } })
        else { return nil }
        self.pattern = pattern
        self.parts = parts
    }

    /// The date the text is, as year, month and day; nil when it doesn't fit the pattern. (Whether such a day
    /// exists is for the caller to say.)
    func parse(_ raw: String) -> (year: Int, month: Int, day: Int)? {
        var text = WidthFold.fold(trimWhitespace(raw))
        if let space = text.firstIndex(of: " ") { text = String(text[..<space]) }
        var characters = Array(text)[...]
        var year: Int?
        var month: Int?
        var day: Int?
        for (offset, part) in parts.enumerated() {
            let width: ClosedRange<Int>
            switch part {
            case .literal(let character):
                guard characters.first == character else { return nil }
                characters = characters.dropFirst()
                continue
            case .year(let digits): width = digits...digits
            case .month, .day:
                // Run together with a part beside it (yyyyMMdd): two digits; between separators: one or two.
                let runTogether = (offset + 1 < parts.count && parts[offset + 1].isField) || (offset > 0 && parts[offset - 1].isField)
                width = runTogether ? 2...2 : 1...2
            }
            let run = characters.prefix { $0.isASCII && $0.isNumber }
            guard run.count >= width.lowerBound else { return nil }
            let taken = run.prefix(width.upperBound)
            guard let value = Int(String(taken)) else { return nil }
            characters = characters.dropFirst(taken.count)
            switch part {
            case .year(let digits): year = digits == 2 ? 2000 + value : value
            case .month: month = value
            case .day: day = value
            case .literal: break
            }
        }
        guard characters.isEmpty, let year, let month, let day else { return nil }
        return (year, month, day)
    }

    /// The formats `--layout-init` tries on a column, most specific first.
    static let common = ["yyyy/MM/dd", "yyyy-MM-dd", "yyyy年M月d日", "yyyy.MM.dd", "yyyyMMdd", "yyMMdd"].compactMap { DateFormat($0) }
}
