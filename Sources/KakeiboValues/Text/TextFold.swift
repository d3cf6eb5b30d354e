/// Folds text for search, so that what a person types finds what was recorded however it was typed:
///
/// - full-width ASCII (U+FF01–U+FF5E) becomes ASCII, and the ideographic space a space: ＣＯＦＦＥＥ → coffee;
/// - ASCII letters become lowercase: Coffee → coffee;
/// - half-width katakana (U+FF61–U+FF9F) becomes full-width, a following ﾞ or ﾟ joined to it: ｺｰﾋｰ → コーヒー,
///   ｶﾞ → ガ, ﾊﾟ → パ; a sound mark written apart after a full-width kana — combining (U+3099, U+309A), spacing
///   (゛ ゜, as banks print `イオンクレシ゛ツト`) or half-width — is joined the same way;
/// - hiragana becomes katakana: こーひー → コーヒー, so either script finds the other.
///
/// Works on UTF-8 bytes, so that a whole month file can be folded in one pass before anything is decoded (see
/// `LedgerStore.search`). Pure: the same bytes always fold the same way.
public enum TextFold {
    /// The folded form of a string, as UTF-8.
    public static func fold(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { fold($0) }
    }

    /// The folded form of UTF-8 bytes. Bytes that are not well-formed UTF-8 are copied as they are.
    public static func fold(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                index += 1
                continue
            }
            // Everything folded is a three-byte sequence starting E3 (U+3000–U+3FFF) or EF (U+F000–U+FFFF).
            guard byte == 0xE3 || byte == 0xEF, index + 2 < count else {
                out.append(byte)
                index += 1
                continue
            }
            let scalar = UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            index += 3
            switch scalar {
            case 0x3000:
                out.append(0x20)
            case 0xFF01...0xFF5E:
                let ascii = UInt8(scalar - 0xFF01 + 0x21)
                out.append(ascii >= 0x41 && ascii <= 0x5A ? ascii | 0x20 : ascii)
            case 0xFF9E, 0xFF9F, 0x309B, 0x309C:
                // A mark written apart (a half-width one not after a half-width kana, or a spacing one).
                join(scalar == 0xFF9E || scalar == 0x309B ? 0x309B : 0x309C, to: &out)
            case 0xFF61...0xFF9D:
                var kana = halfWidthKana[Int(scalar - 0xFF61)]
                if index + 2 < count, bytes[index] == 0xEF, bytes[index + 1] == 0xBE, let mark = soundMark(bytes[index + 2]) {
                    if let joined = joined(kana, mark) {
                        kana = joined
                        index += 3
                    }
                }
                append(kana, to: &out)
            case 0x3099, 0x309A:
                join(scalar == 0x3099 ? 0x309B : 0x309C, to: &out)
            case 0x3041...0x3096, 0x309D, 0x309E:
                // Hiragana as katakana: こーひー finds コーヒー (and ゝゞ as ヽヾ).
                append(scalar + 0x60, to: &out)
            default:
                append(scalar, to: &out)
            }
        }
        return out
    }

    /// Whether `haystack` holds `needle` (both already folded).
    public static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { hay in needle.withUnsafeBufferPointer { find($0, in: hay) } }
    }

    /// Whether `needle` occurs in `haystack`.
    package static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        needle.isEmpty || firstIndex(of: needle, in: haystack, from: 0) != nil
    }

    /// Where `needle` first occurs in `haystack` at or after `start`: memchr for its first byte, then memcmp.
    package static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count, let base = haystack.baseAddress, let pin = needle.baseAddress
        else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            guard let found = memchr(base + index, Int32(first), last - index + 1) else { return nil }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, pin, needle.count) == 0 { return at }
            index = at + 1
        }
        return nil
    }

    /// A sound mark (゛ or ゜) written apart from its kana: joined to the kana just written when it takes one (カ ゛ →
    /// ガ), else kept as the mark.
    private static func join(_ mark: UInt32, to out: inout [UInt8]) {
        if let previous = lastScalar(out), let joined = joined(previous, mark) {
            out.removeLast(3)
            append(joined, to: &out)
        } else {
            append(mark, to: &out)
        }
    }

    /// ﾞ (U+FF9E) as ゛, ﾟ (U+FF9F) as ゜, from the last byte of EF BE xx.
    private static func soundMark(_ last: UInt8) -> UInt32? {
        switch last {
        case 0x9E: 0x309B
        case 0x9F: 0x309C
        default: nil
        }
    }

    /// A full-width katakana with a sound mark (゛ U+309B or ゜ U+309C) joined: カ+゛ → ガ, ハ+゜ → パ; nil if it takes none.
    static func joined(_ kana: UInt32, _ mark: UInt32) -> UInt32? {
        if mark == 0x309B {
            switch kana {
            case 0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF, 0x30C1, 0x30C4,
                0x30C6, 0x30C8, 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB:
                return kana + 1
            case 0x30A6: return 0x30F4 // ヴ
            case 0x30EF: return 0x30F7 // ヷ
            case 0x30F2: return 0x30FA // ヺ
            default: return nil
            }
        }
        switch kana {
        case 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB: return kana + 2
        default: return nil
        }
    }

    /// The full-width form of each half-width katakana and mark, U+FF61 to U+FF9F in order.
    static let halfWidthKana: [UInt32] = [
        0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30C3,
        0x30FC, 0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB,
        0x30BD, 0x30BF, 0x30C1, 0x30C4, 0x30C6, 0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD, 0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8,
        0x30DB, 0x30DE, 0x30DF, 0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED, 0x30EF,
        0x30F3, 0x309B, 0x309C,
    ]

    /// Appends a scalar from U+0800 to U+FFFF as its three UTF-8 bytes.
    private static func append(_ scalar: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(0xE0 | scalar >> 12))
        out.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
        out.append(UInt8(0x80 | scalar & 0x3F))
    }

    /// The last scalar written, if it is a three-byte one.
    private static func lastScalar(_ out: [UInt8]) -> UInt32? {
        let n = out.count
        guard n >= 3, out[n - 3] & 0xF0 == 0xE0, out[n - 2] & 0xC0 == 0x80, out[n - 1] & 0xC0 == 0x80 else { return nil }
        return UInt32(out[n - 3] & 0x0F) << 12 | UInt32(out[n - 2] & 0x3F) << 6 | UInt32(out[n - 1] & 0x3F)
    }
}
