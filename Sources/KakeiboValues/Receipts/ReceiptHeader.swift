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

    /// A date in the line with a year, read as the command line reads one (`TypedDate`): `2024年12月 3日(火)`,
    /// `2024/12/07(土) 14:05`, `令和6年12月3日`, `R6.12.3`.
    static func date(in line: String) -> CalendarDate? { TypedDate.first(in: line) }

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
