/// How many terminal columns a text takes: East Asian wide and fullwidth characters (漢字, かな, ＡＢ, most emoji)
/// take two, combining marks and zero-width characters none, everything else one.
public func displayWidth(_ text: String) -> Int {
    // Fast path: when every scalar stands alone (ASCII, Latin, kana, kanji, fullwidth forms, bars…), the width is
    // the sum of theirs, and splitting into characters (slow: a month's table measures thousands of cells) is not
    // needed. Anything that might join its neighbours into one character goes the exact way.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count } // printable ASCII: a column each
    var width = 0
    for scalar in text.unicodeScalars {
        guard let columns = standaloneWidth(scalar) else { return clusterWidth(text) }
        width += columns
    }
    return width
}

/// The width character by character: exact for combining marks, emoji sequences and flags.
func clusterWidth(_ text: String) -> Int {
    var width = 0
    for character in text {
        width += displayWidth(character)
    }
    return width
}

/// The width of a scalar that never joins a neighbour into one character (no combining marks, joiners, variation
/// selectors, Hangul jamo or regional indicators), or nil for any other. Agrees with `scalarWidth` (tested).
@inline(__always)
func standaloneWidth(_ scalar: Unicode.Scalar) -> Int? {
    switch scalar.value {
    case 0x20..<0x7F: return 1
    case 0..<0x20, 0x7F..<0xA0, 0xAD: return 0
    case 0xA0..<0x300, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0x2500...0x259F: return 1
    case 0x3000...0x3029, 0x3030...0x303E, 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF60,
        0xFFE0...0xFFE6:
        return 2
    default: return nil
    }
}

/// The columns one character (grapheme cluster) takes.
public func displayWidth(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.unicodeScalars.count > 1 {
        // Emoji sequences (flags, ZWJ families, keycaps, VS16) draw as one wide glyph.
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D })
            || (0x1F1E6...0x1F1FF).contains(first.value)
        {
            return 2
        }
    }
    return scalarWidth(first)
}

func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v == 0 { return 0 }
    if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
        || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
        || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
        || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
        || (0x1F900...0x1F9FF).contains(v) || (0x1F680...0x1F6FF).contains(v) || (0x20000...0x3FFFD).contains(v)
        || (0x1FA70...0x1FAFF).contains(v) || v == 0x2B50 || v == 0x2B55 || (0x231A...0x231B).contains(v)
        || (0x23E9...0x23EC).contains(v) || (0x25FD...0x25FE).contains(v) || (0x2614...0x2615).contains(v)
        || (0x2648...0x2653).contains(v) || v == 0x26A1 || (0x26AA...0x26AB).contains(v) || v == 0x26BD
        || v == 0x26C4 || v == 0x26CE || v == 0x26D4 || v == 0x26EA || (0x26F2...0x26F5).contains(v) || v == 0x26FA
        || v == 0x26FD || v == 0x2705 || (0x270A...0x270B).contains(v) || v == 0x2728 || v == 0x274C
        || (0x2753...0x2755).contains(v) || v == 0x2757 || (0x2795...0x2797).contains(v) || v == 0x27B0
        || v == 0x27BF || (0x1F004...0x1F0CF).contains(v) || (0x1F18E...0x1F19A).contains(v)
        || (0x1F200...0x1F251).contains(v)
    {
        return 2
    }
    return 1
}

/// Pads (or, with `truncate`, cuts with "…") a text to exactly `width` columns.
public func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
    let used = displayWidth(text)
    guard used < width else { return text }
    let fill = spaces(width - used)
    return alignRight ? fill + text : text + fill
}

/// `count` spaces, made directly (`String(repeating:count:)` takes ~1,500 instructions a call, and a month's table
/// pads thousands of cells).
package func spaces(_ count: Int) -> String { repeated(byte: UInt8(ascii: " "), count: count) }

/// `count` copies of a character (a bar's fill), made directly: `String(repeating:count:)` goes through the
/// standard library's unspecialized `joined`, whose first call looks its types up at run time (~90,000 instructions,
/// 2% of `kakeibo month`).
package func repeated(_ character: Character, count: Int) -> String {
    if character.utf8.count == 1, let ascii = character.asciiValue { return repeated(byte: ascii, count: count) }
    guard count > 0 else { return "" }
    let unit = Array(character.utf8)
    return String(unsafeUninitializedCapacity: count * unit.count) { buffer in
        for index in buffer.indices { buffer[index] = unit[index % unit.count] }
        return buffer.count
    }
}

private func repeated(byte: UInt8, count: Int) -> String {
    guard count > 0 else { return "" }
    return String(unsafeUninitializedCapacity: count) { buffer in
        buffer.initialize(repeating: byte)
        return count
    }
}

/// Shortens a text to at most `width` columns, ending with "…" when cut.
public func truncate(_ text: String, to width: Int) -> String {
    guard displayWidth(text) > width else { return text }
    var out = ""
    var used = 0
    // Scalar by scalar while each stands alone (most names). A scalar is taken only when the next one stands alone
    // too (a combining mark after it would make the two one character); control characters go the exact way.
    let scalars = text.unicodeScalars
    let joinFree = { (scalar: Unicode.Scalar) in scalar.value < 0x20 ? nil : standaloneWidth(scalar) }
    var index = scalars.startIndex
    while index < scalars.endIndex, let w = joinFree(scalars[index]) {
        let next = scalars.index(after: index)
        if next < scalars.endIndex, joinFree(scalars[next]) == nil { break }
        if used + w > width - 1 { return finishTruncation(out) }
        out.unicodeScalars.append(scalars[index])
        used += w
        index = next
    }
    for character in text[index...] {
        let w = displayWidth(character)
        if used + w > width - 1 { break }
        out.append(character)
        used += w
    }
    return finishTruncation(out)
}

private func finishTruncation(_ cut: String) -> String {
    var out = cut
    while out.last?.isWhitespace == true { out.removeLast() } // "食費 …" reads as two words
    return out + "…"
}

/// Makes a text safe to print on a terminal: control characters (which could move the cursor or clear the screen)
/// and the bidirectional overrides and isolates (which could reorder the rest of the line) are shown as escapes like
/// `\u{1B}`. With `keepingNewlines`, line feeds stay (a message of several lines). For terminal output only: JSON,
/// CSV and SVG carry the data exactly.
public func terminalSafe(_ text: String, keepingNewlines: Bool = false) -> String {
    // Every scalar escaped below starts with a byte under 0x20, 0x7F, 0xC2 (U+0080–U+009F) or 0xE2 (U+2028–U+202E,
    // U+2066–U+2069) in UTF-8: a text with none of those is safe as it is (checked byte by byte, for each cell).
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 != 0xC2 && $0 != 0xE2 }) { return text }
    return escapingScalars(text) { scalar in
        (ItemName.isControl(scalar) && !(keepingNewlines && scalar == "\n"))
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}

/// What a person typed as a message quotes it back: its first 40 characters (and "…" when there were more), safe
/// for a terminal. An unknown id of 120 KB is 40 characters on stderr, not 120 KB.
public func quotedInput(_ text: String) -> String {
    var end = text.startIndex
    guard text.formIndex(&end, offsetBy: 40, limitedBy: text.endIndex), end != text.endIndex else { return terminalSafe(text) }
    return terminalSafe(String(text[..<end])) + "…"
}

/// The text with each scalar `unsafe` picks shown as an escape like `\u{1B}`.
package func escapingScalars(_ text: String, where unsafe: (Unicode.Scalar) -> Bool) -> String {
    guard text.unicodeScalars.contains(where: unsafe) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if unsafe(scalar) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}
