/// What a receipt's head says about the purchase: the shop (its first lines, a branch line joined) and the date
/// printed on it (`2024年12月 3日(火)`, `2024/12/07(土) 14:05`, `令和6年12月3日`). Read from normalised lines.
enum ReceiptHeader {
    /// How many lines from the top the shop's name may be found in.
    static let shopLines = 4

    /// The first date printed on the receipt, if any line holds one.
    static func date(_ lines: [String]) -> CalendarDate? {
        for line in lines {
            if let date = date(in: line) { return date }
        }
        return nil
    }

    /// A date in the line: a year (4 digits, or 令和N), a month and a day, split by 年/月/日, `/`, `-` or `.`.
    static func date(in line: String) -> CalendarDate? {
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            var year: Int?
            var position = index
            if characters[index...].starts(with: "令和") {
                position += 2
                let (number, next) = digits(characters, from: position, upTo: 2)
                if let number, number >= 1, next < characters.count, characters[next] == "年" {
                    year = 2018 + number
                    position = next + 1
                }
            } else if index == 0 || !characters[index - 1].isASCIIDigit {
                let (number, next) = digits(characters, from: position, upTo: 4)
                if let number, next - position == 4, next < characters.count, ["年", "/", "-", "."].contains(characters[next]) {
                    year = number
                    position = next + 1
                }
            }
            if let year, let (month, afterMonth) = part(characters, from: position, separators: ["月", "/", "-", "."]),
                let (day, _) = part(characters, from: afterMonth, separators: nil),
                let date = CalendarDate(year: year, month: month, day: day)
            {
                return date
            }
            index += 1
        }
        return nil
    }

    /// One or two digits (spaces before them allowed), then a separator when one is asked for.
    private static func part(_ characters: [Character], from start: Int, separators: Set<Character>?) -> (Int, Int)? {
        var position = start
        while position < characters.count, characters[position] == " " { position += 1 }
        let (number, next) = digits(characters, from: position, upTo: 2)
        guard let number else { return nil }
        guard let separators else { return (number, next) }
        guard next < characters.count, separators.contains(characters[next]) else { return nil }
        return (number, next + 1)
    }

    private static func digits(_ characters: [Character], from start: Int, upTo count: Int) -> (Int?, Int) {
        var position = start
        var value = 0
        while position < characters.count, position - start < count, let digit = characters[position].wholeNumberValue, characters[position].isASCII {
            value = value * 10 + digit
            position += 1
        }
        return (position > start ? value : nil, position)
    }

    /// The shop: the first of the top lines, above the date and the first price, that is a name (not a phone number,
    /// an address or a greeting), with the next line joined when it is a branch (ends in 店).
    static func shop(_ lines: [String]) -> String? {
        // The head ends where the date or the first price is.
        let head = lines.filter { !$0.isEmpty }.prefix(shopLines).prefix { line in
            if date(in: line) != nil { return false }
            if case .amount = ReceiptText.ending(line) { return false }
            return true
        }
        let top = Array(head)
        guard let first = top.firstIndex(where: isName) else { return nil }
        var name = top[first]
        if first + 1 < top.count, top[first + 1].hasSuffix("店"), isName(top[first + 1]), !name.hasSuffix("店") {
            name += " " + top[first + 1]
        }
        return try? DetailField.shop.validate(name)
    }

    private static func isName(_ line: String) -> Bool {
        let words = ["TEL", "Tel", "tel", "電話", "℡", "http", "www", "領収", "レシート", "いらっしゃいませ", "ありがとう", "毎度", "〒", "登録番号"]
        guard !words.contains(where: { line.contains($0) }), date(in: line) == nil else { return false }
        let letters = line.filter { !$0.isASCIIDigit && !" -:/()#.".contains($0) }
        return letters.count >= 2 && !ReceiptText.compact(line).hasPrefix("No")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
