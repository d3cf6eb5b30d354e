import KakeiboKit

/// The first bytes of a file, as the detectors of `ImportFormat` see them: never decoded, so that `kakeibo` (which
/// links no Foundation, and so no Shift_JIS decoder) can tell a Shift_JIS export from a UTF-8 one by its header.
package struct FileHead: Sendable {
    /// How much of a file detection reads: ゆうちょ's header comes after seven lines about the account.
    package static let size = 16 * 1024

    /// The bytes, a UTF-8 byte order mark dropped.
    package let bytes: ArraySlice<UInt8>

    package init(_ bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(FileHead.size))
        self.bytes = head.starts(with: FileHead.byteOrderMark) ? head.dropFirst(3) : head[...]
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The first byte that is not white space (JSON starts with `[` or `{`).
    package var firstNonSpace: UInt8? { bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } }

    /// The first `count` lines, each split into its CSV fields: white space around a field and the quotes around a
    /// quoted one taken off. Shift_JIS never uses a comma, a quote or a line break inside a character, so the
    /// split is the same in either encoding.
    package func records(_ count: Int) -> [[[UInt8]]] {
        var out: [[[UInt8]]] = []
        var rest = bytes[...]
        while out.count < count, !rest.isEmpty {
            let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
            out.append(FileHead.fields(rest[..<end]))
            rest = end < rest.endIndex ? rest[(end + 1)...] : rest[rest.endIndex...]
        }
        return out
    }

    /// Whether one of the first `within` lines is a header holding every one of `names` as a field, in any order,
    /// written in UTF-8 or in Shift_JIS.
    package func hasHeader(_ names: [String], within: Int = 1) -> Bool {
        let wanted = names.map(FileHead.spellings)
        return records(within).contains { fields in wanted.allSatisfy { spellings in spellings.contains(where: fields.contains) } }
    }

    /// A name's bytes in UTF-8 and, when its characters are in `ShiftJIS.codes`, in Shift_JIS.
    static func spellings(_ name: String) -> [[UInt8]] { [Array(name.utf8)] + (ShiftJIS.encode(name).map { [$0] } ?? []) }

    /// A field's bytes without the spaces around it, and without its quotes ("" inside stands for one quote).
    static func fields(_ line: ArraySlice<UInt8>) -> [[UInt8]] {
        let line = line.last == 0x0D ? line.dropLast() : line
        var fields: [[UInt8]] = []
        var field: [UInt8] = []
        var quoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            index += 1
            if quoted {
                if byte == 0x22 {
                    if index < line.endIndex, line[index] == 0x22 {
                        field.append(0x22)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
            } else if byte == 0x22, field.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                field = []
                quoted = true
            } else if byte == 0x2C {
                fields.append(trimmed(field))
                field = []
            } else {
                field.append(byte)
            }
        }
        fields.append(trimmed(field))
        return fields
    }

    static func trimmed(_ field: [UInt8]) -> [UInt8] {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let start = field.firstIndex(where: { !isSpace($0) }), let end = field.lastIndex(where: { !isSpace($0) }) else { return [] }
        return Array(field[start...end])
    }
}

/// The Shift_JIS (Windows code page 932) codes of the characters in the detectors' column names: enough to compare a
/// header as bytes. `ImportDetectionTests` (KakeiboImportTests) checks each against Foundation's encoder, and finds every
/// format in its fixtures written both ways, so a name with a character missing here fails a test.
enum ShiftJIS {
    static let codes: [Unicode.Scalar: UInt16] = [
        "・": 0x8145, "（": 0x8169, "）": 0x816A, "＊": 0x8196, "Ｄ": 0x8263, "Ｉ": 0x8268, "の": 0x82CC, "カ": 0x834A,
        "ゴ": 0x8353, "テ": 0x8365, "リ": 0x838A, "引": 0x88F8, "円": 0x897E, "額": 0x8A7A, "金": 0x8BE0, "計": 0x8C76,
        "元": 0x8CB3, "項": 0x8D80, "号": 0x8D86, "細": 0x8DD7, "算": 0x8E5A, "支": 0x8E78, "取": 0x8EE6, "受": 0x8EF3,
        "出": 0x8F6F, "商": 0x8FA4, "象": 0x8FDB, "先": 0x90E6, "対": 0x91CE, "大": 0x91E5, "中": 0x9286, "店": 0x9358,
        "内": 0x93E0, "日": 0x93FA, "入": 0x93FC, "番": 0x94D4, "品": 0x9569, "付": 0x9574, "払": 0x95A5, "方": 0x95FB,
        "法": 0x9640, "名": 0x96BC, "明": 0x96BE, "目": 0x96DA, "訳": 0x96F3, "容": 0x9765, "様": 0x976C, "用": 0x9770,
        "利": 0x9798,
    ]

    /// The text in Shift_JIS: ASCII as it is, the rest from `codes`; nil when a character is not there.
    static func encode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                out.append(UInt8(scalar.value))
            } else if let code = codes[scalar] {
                out += [UInt8(code >> 8), UInt8(code & 0xFF)]
            } else {
                return nil
            }
        }
        return out
    }
}
