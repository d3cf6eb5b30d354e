/// How the parser reads one printed line of OCR text: normalising it, finding the amount at its end, and telling
/// codes, totals, discounts and header lines apart. Every check works on scalars; no regular expressions.
enum ReceiptText {
    // MARK: Normalising

    /// Full-width ASCII to ASCII, ￥ and \ to ¥, dashes to "-", control characters to spaces, runs of spaces to one,
    /// and the spaces OCR puts between Japanese characters ("合 計") removed.
    static func normalise(_ line: String) -> String {
        var scalars: [Unicode.Scalar] = []
        for scalar in line.unicodeScalars {
            var value = scalar.value
            switch value {
            case 0xFF3C, 0xFFE5, 0x5C: value = 0xA5 // full-width backslash, full-width yen, backslash (¥ in Japanese fonts)
            case 0xFF01...0xFF5E: value -= 0xFEE0
            case 0x3000: value = 0x20
            case 0x2212, 0x2010...0x2015, 0xFE63: value = 0x2D
            case 0xFEFF: continue
            default: break
            }
            guard let mapped = Unicode.Scalar(value) else { continue }
            scalars.append(ItemName.isControl(mapped) || mapped.properties.isWhitespace ? " " : mapped)
        }
        var out: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == " " else {
                out.append(scalars[index])
                index += 1
                continue
            }
            var end = index
            while end < scalars.count && scalars[end] == " " { end += 1 }
            if let before = out.last, end < scalars.count, !(isJapanese(before) && isJapanese(scalars[end])) {
                out.append(" ")
            }
            index = end
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: out)
        return text
    }

    /// Kana, kanji and half-width katakana: scripts written without spaces.
    static func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (0x3040...0x30FF).contains(v) || (0x3400...0x9FFF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFF61...0xFF9F).contains(v) || v == 0x3005
    }

    /// The line without spaces and with ASCII letters in capitals, for matching words.
    static func compact(_ text: String) -> String {
        String(text.filter { $0 != " " }.map { $0.isASCII ? Character($0.uppercased()) : $0 })
    }

    // MARK: The amount at the end of a line

    struct Amount: Equatable {
        /// Signed yen: a discount printed "-¥40" or "▲40" is -40.
        var value: Int
        /// The text before the amount, trimmed.
        var rest: String
        /// Marked as money: a ¥ sign, 円, a sign, or a tax mark after it (内, 外, ※, 軽…). A bare number is not.
        var explicit: Bool
    }

    enum Ending: Equatable {
        case none
        case amount(Amount)
        /// Marked as money but not a usable price: ¥0, ¥1.899, ¥012.
        case malformed
    }

    /// Marks printed after a price: tax-included (内), tax-excluded (外), reduced rate (※, 軽, *), tax-free (非).
    static let taxMarks: Set<Unicode.Scalar> = ["内", "外", "軽", "※", "*", "非", "税", "込", "★", "☆"]
    static let signs: Set<Unicode.Scalar> = ["-", "▲", "△"]

    /// Reads the amount a line ends with: `¥1,899`, `1,899内`, `198円`, `-¥40`, `▲100`, or a bare `298`.
    static func ending(_ text: String) -> Ending {
        let s = Array(text.unicodeScalars)
        var end = s.count
        var explicit = false
        func skipSpaces(_ i: inout Int) { while i > 0 && s[i - 1] == " " { i -= 1 } }
        skipSpaces(&end)
        while end > 0 && taxMarks.contains(s[end - 1]) {
            end -= 1
            explicit = true
            skipSpaces(&end)
        }
        if end > 0 && s[end - 1] == "円" {
            end -= 1
            explicit = true
            skipSpaces(&end)
        }
        var start = end
        while start > 0 && (isDigit(s[start - 1]) || s[start - 1] == "," || s[start - 1] == ".") { start -= 1 }
        guard start < end, isDigit(s[end - 1]) else { return .none }
        var head = start
        var yen = false
        var negative = false
        for _ in 0..<2 {
            var probe = head
            skipSpaces(&probe)
            guard probe > 0 else { break }
            if s[probe - 1] == "¥" && !yen {
                yen = true
            } else if signs.contains(s[probe - 1]) && !negative {
                negative = true
            } else {
                break
            }
            head = probe - 1
        }
        explicit = explicit || yen || negative
        if head > 0 && s[head - 1] != " " {
            // Glued to what comes before: a price may follow a name ("牛乳¥198", "牛乳198内"), never a code or a
            // time ("JAN4548…", "18:32", "03-1234-5678", "No.1234").
            let before = s[head - 1]
            let gluedToCode = before.isASCII && (before.properties.isAlphabetic || isDigit(before) || ".:/#@-".unicodeScalars.contains(before))
            if gluedToCode || !explicit { return .none }
        }
        var digits = ""
        digits.unicodeScalars.append(contentsOf: s[start..<end])
        let usable = !digits.contains("." as Character) && !(digits.hasPrefix("0") && digits.count > 1)
        guard usable, let yenValue = try? Yen.parsePrice(digits) else { return explicit ? .malformed : .none }
        var rest = ""
        rest.unicodeScalars.append(contentsOf: s[0..<head])
        return .amount(Amount(value: negative ? -yenValue.amount : yenValue.amount, rest: trimWhitespace(rest), explicit: explicit))
    }

    /// A ¥ sign, or a number followed by 円: text that means money even when its digits can't be read.
    static func mentionsMoney(_ text: String) -> Bool {
        let s = Array(text.unicodeScalars)
        return s.contains("¥") || s.indices.contains { s[$0] == "円" && $0 > 0 && isDigit(s[$0 - 1]) }
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }

    // MARK: Kinds of line

    /// A product code line: `#015 JAN4548927034969`, `JAN4548927034969`, a bare 8- or 13-digit barcode, `#015`.
    static func isCode(_ compact: String) -> Bool {
        var s = Substring(compact)
        var hadNumber = false
        if s.hasPrefix("#") {
            let digits = s.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return false }
            s = s.dropFirst(1 + digits.count)
            hadNumber = true
        }
        if s.hasPrefix("JAN") { s = s.dropFirst(3) } else if s.isEmpty { return hadNumber }
        return (8...14).contains(s.count) && s.allSatisfy { $0.isASCII && $0.isNumber }
    }

    enum Summary {
        /// 合計, the amount the receipt asks for.
        case total
        /// Tax printed apart from the prices (外税).
        case externalTax
        /// Subtotals, tax included in prices, taxable bases, payment, change, points.
        case other
    }

    static let summaryWords = [
        "小計", "合計", "総計", "現計", "会計", "消費税", "外税", "内税", "税率", "税額", "対象", "預り", "預かり", "お釣", "おつり",
        "釣銭", "釣り銭", "クレジット", "現金", "支払", "買上", "点数", "ポイント", "残高", "電子マネー", "交通系", "税込", "税抜",
    ]
    static let summaryASCIIWords: Set<String> = [
        "TOTAL", "SUBTOTAL", "TAX", "CASH", "CHANGE", "CREDIT", "VISA", "MASTER", "JCB", "PAYPAY", "NANACO", "WAON", "SUICA",
        "PASMO", "QUICPAY", "ID",
    ]

    /// Whether a line is a subtotal, total, tax, payment or change line — never an item — and which.
    static func summary(_ text: String, _ compact: String) -> Summary? {
        let words = asciiWords(text)
        guard summaryWords.contains(where: compact.includes) || !words.isDisjoint(with: summaryASCIIWords) else { return nil }
        let notTotal = ["小計", "点数", "対象", "消費税", "税額", "内税", "外税", "SUB"]
        if (compact.includes("合計") || compact.hasPrefix("総計") || compact.hasPrefix("現計") || compact.hasPrefix("お会計")
            || words.contains("TOTAL")) && !notTotal.contains(where: compact.includes)
        {
            return .total
        }
        if (compact.includes("外税") || compact.includes("外消費税")) && !compact.includes("対象") { return .externalTax }
        return .other
    }

    static func asciiWords(_ text: String) -> Set<String> {
        Set(text.uppercased().split { !($0.isASCII && $0.isLetter) }.map(String.init))
    }

    /// 値引, 割引, クーポン and the like: a discount on the item above (or on the whole receipt).
    static func isDiscount(_ compact: String) -> Bool {
        ["値引", "割引", "値下", "クーポン", "見切", "半額", "%引", "円引", "DISCOUNT"].contains(where: compact.includes)
    }

    /// "2コ × 単98", "@98 x 2": a quantity and unit price, standing where a name would be on a price line.
    static func isQuantity(_ text: String) -> Bool {
        let allowed = Set("0123456789,¥@×xX* 個コ点本枚袋単価/".unicodeScalars)
        let scalars = text.unicodeScalars
        return scalars.allSatisfy(allowed.contains) && scalars.contains(where: isDigit)
            && scalars.contains { "@×xX*単".unicodeScalars.contains($0) }
    }

    /// A shop's name, address, phone, date, register or receipt number: printed above the items, never one.
    static func looksLikeHeader(_ text: String, _ compact: String) -> Bool {
        let words = ["TEL", "電話", "℡", "〒", "HTTP", "WWW.", "登録番号", "レジ", "担当", "責", "領収", "株式会社", "(株)", "㈱", "NO.", "№", "FAX"]
        if words.contains(where: compact.includes) || compact.hasSuffix("店") { return true }
        let s = Array(compact.unicodeScalars)
        for i in s.indices.dropFirst().dropLast() where isDigit(s[i - 1]) && isDigit(s[i + 1]) {
            if s[i] == ":" || s[i] == "/" { return true } // 18:32, 2024/12/03
        }
        return s.indices.dropFirst().contains { isDigit(s[$0 - 1]) && (s[$0] == "年" || s[$0] == "日") } // 2024年, 3日
    }

    // MARK: Names

    /// The name part of a line: without a register prefix (`ソ#11`, `#11`) or leading marks (※, *, 軽).
    static func name(_ text: String) -> String {
        var s = Array(trimWhitespace(text).unicodeScalars)
        if let hash = s.prefix(3).firstIndex(of: "#"), !s[..<hash].contains(" ") {
            var end = hash + 1
            while end < s.count && isDigit(s[end]) { end += 1 }
            if end > hash + 1 && end - hash - 1 <= 4 { s.removeFirst(end) }
        }
        while let first = s.first, "※*★☆".unicodeScalars.contains(first) || first == " " { s.removeFirst() }
        var out = ""
        out.unicodeScalars.append(contentsOf: s)
        for mark in ["(軽) ", "(軽)", "軽 "] where out.hasPrefix(mark) { out.removeFirst(mark.count) }
        return trimWhitespace(out)
    }

    /// Whether the line starts with a register prefix such as `ソ#11`.
    static func hasRegisterPrefix(_ text: String) -> Bool {
        name(text).count < trimWhitespace(text).count && text.prefix(4).contains("#" as Character)
    }

    /// Joins the lines of a name broken by the receipt's width: Japanese runs on without a space, words with one.
    static func join(_ parts: [String]) -> String {
        parts.dropFirst().reduce(parts.first ?? "") { joined, part in
            guard let last = joined.unicodeScalars.last, let first = part.unicodeScalars.first else { return joined + part }
            let isWordCharacter = { (c: Unicode.Scalar) in c.isASCII && (c.properties.isAlphabetic || isDigit(c)) }
            return joined + (isWordCharacter(last) && isWordCharacter(first) ? " " : "") + part
        }
    }

    /// Cut to the longest name an item may have.
    static func fit(_ name: String) -> String { String(name.prefix(ItemName.maximumLength)) }
}
