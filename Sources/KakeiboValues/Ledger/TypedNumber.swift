/// Numbers as people type them with a Japanese input method: full-width digits (１７８), a full-width minus or comma,
/// and for money a yen sign in front (¥, ￥) or 円 behind. Every parser of a price, amount, count, year, month or day
/// reads its text through here first, so `１７８`, `178円`, `￥1,899` and `２０２４-１２-０３` mean what they say.
public enum TypedNumber {
    /// The text with full-width digits, minus signs, hyphens, commas and points made ASCII and surrounding spaces
    /// (ASCII or the ideographic space) removed. Text that is already plain ASCII comes back unchanged.
    public static func digits(_ text: String) -> String {
        text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: " ") }) ? text : ascii(text)
    }

    /// `digits`, and for an amount of money also a leading ¥ or ￥ (after any minus sign) and a trailing 円 removed.
    public static func money(_ text: String) -> String {
        var plain = Substring(digits(text))
        var sign = ""
        if plain.first == "-" {
            sign = "-"
            plain = plain.dropFirst()
        }
        if let first = plain.first, first == "¥" || first == "￥" { plain = plain.dropFirst() }
        if plain.last == "円" { plain = plain.dropLast() }
        return sign + plain
    }

    private static func ascii(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xFF10...0xFF19: scalars.append(Unicode.Scalar(scalar.value - 0xFF10 + 0x30)!)
            // Full-width hyphen-minus, the minus sign, and the hyphens an IME puts between digits.
            case 0xFF0D, 0x2212, 0x2010, 0x2011: scalars.append("-")
            case 0xFF0C: scalars.append(",")
            case 0xFF0E: scalars.append(".")
            case 0xFF0F: scalars.append("/")
            default: scalars.append(scalar)
            }
        }
        return trimmed(String(scalars))
    }

    private static func trimmed(_ text: String) -> String {
        let isSpace = { (character: Character) in character == " " || character == "\u{3000}" }
        guard let start = text.firstIndex(where: { !isSpace($0) }), let end = text.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(text[start...end])
    }
}
