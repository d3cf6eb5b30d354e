// The one file of the importer that needs full Foundation: Shift_JIS decoding. It is why imports from other apps
// run in the kakeibo-companion binary, never in the `kakeibo` binary.
import Foundation

/// The text encodings other apps write their exports in.
public enum SourceEncoding: String, Sendable {
    case utf8 = "UTF-8"
    case shiftJIS = "Shift_JIS"
}

/// Turns an export's bytes into text.
public enum SourceText {
    /// UTF-8 (a leading byte order mark is dropped) when the bytes are valid UTF-8, else Shift_JIS as Windows
    /// writes it (code page 932, with its extra characters such as ① and 髙); nil when they are neither.
    ///
    /// Japanese text in Shift_JIS is practically never valid UTF-8, so trying UTF-8 first is safe.
    public static func decode(_ bytes: [UInt8]) -> (text: String, encoding: SourceEncoding)? {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.starts(with: bom) {
            return String(validating: bytes.dropFirst(bom.count), as: UTF8.self).map { ($0, .utf8) }
        }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8) }
        // NSString, not String(data:encoding:): that one reaches CoreFoundation's converters through a hook that a
        // binary linked with --static-swift-stdlib (as README's install builds) leaves out, and then returns nil.
        let text = NSString(data: Data(bytes), encoding: String.Encoding.shiftJIS.rawValue)
        return text.map { (String($0), .shiftJIS) }
    }
}
