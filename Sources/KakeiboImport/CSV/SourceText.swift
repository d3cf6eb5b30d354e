/// The text encodings other apps write their exports in.
package enum SourceEncoding: String, Sendable {
    case utf8 = "UTF-8"
    case shiftJIS = "Shift_JIS"
}

/// Turns an export's bytes into text.
package enum SourceText {
    /// UTF-8 (a leading byte order mark is dropped) when the bytes are valid UTF-8, else Shift_JIS as Windows
    /// writes it (code page 932, with its extra characters such as ① and 髙); nil when they are neither.
    ///
    /// Japanese text in Shift_JIS is practically never valid UTF-8, so trying UTF-8 first is safe.
    package static func decode(_ bytes: [UInt8]) -> (text: String, encoding: SourceEncoding)? {
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
}
