/// The text encodings other apps write their exports in.
package enum SourceEncoding: String, Sendable {
    case utf8 = "UTF-8"
    case shiftJIS = "Shift_JIS"
    case utf16 = "UTF-16"
}

/// Turns an export's bytes into text.
package enum SourceText {
    /// UTF-8 (a leading byte order mark is dropped) when the bytes are valid UTF-8, else Shift_JIS as Windows
    /// writes it (code page 932, with its extra characters such as ① and 髙); nil when they are neither.
    ///
    /// Japanese text in Shift_JIS is practically never valid UTF-8, so trying UTF-8 first is safe.
    package static func decode(_ bytes: [UInt8]) -> (text: String, encoding: SourceEncoding)? {
        if let text = utf16(bytes) { return (text, .utf16) }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.starts(with: bom) {
            return String(validating: bytes.dropFirst(bom.count), as: UTF8.self).map { ($0, .utf8) }
        }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8) }
        return shiftJIS(bytes).map { ($0, .shiftJIS) }
    }

    /// The bytes as Shift_JIS as Windows writes it (CP932); nil when they aren't.
    ///
    /// Where CP932 and JIS X 0208 map one byte pair to two characters (0x817C: U+FF0D － or U+2212 −; 0x8160:
    /// U+FF5E ～ or U+301C 〜), the result is CP932's, so a name, a rule and an id come out the same on every platform.
    package static func shiftJIS(_ bytes: some Collection<UInt8>) -> String? { CP932.decode(bytes) }

    /// The bytes as UTF-16, when they start with its byte order mark (FF FE: little-endian, as Windows writes it;
    /// FE FF: big-endian), without it; nil when they don't, or aren't valid UTF-16.
    package static func utf16(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 2, bytes.count % 2 == 0 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): little = true
        case (0xFE, 0xFF): little = false
        default: return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        var index = 2
        while index < bytes.count {
            let (low, high) = little ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return String(validating: units, as: UTF16.self)
    }
}
