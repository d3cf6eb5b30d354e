import KakeiboKit

/// The first bytes of a file, as the formats recognise it (`ImportFormat.recognise`): at most `size` bytes, a UTF-8
/// byte order mark dropped, and the whole lines among them decoded (UTF-8, else Shift_JIS) and split into CSV
/// records, so each format is recognised by the same test its reader applies to the whole file.
package struct FileHead: Sendable {
    /// How much of a file detection reads: ゆうちょ's header comes after seven lines about the account.
    package static let size = 16 * 1024

    /// The bytes, a UTF-8 byte order mark dropped.
    package let bytes: ArraySlice<UInt8>
    /// The records of the whole lines among them (one cut short at `size` left out); none when they are no text.
    package let records: [CSVRecord]
    /// Whether the bytes are text (UTF-8, UTF-16 or Shift_JIS).
    package let isText: Bool
    /// The records split on tabs instead, for a tab-separated file (新生銀行 PowerFlex's); none when no line has a tab.
    package let tabbed: [CSVRecord]

    /// The head of a file: its first `size` bytes (all of them when it is shorter).
    package init(_ file: [UInt8]) {
        let head = Array(file.prefix(FileHead.size))
        bytes = head.starts(with: FileHead.byteOrderMark) ? head.dropFirst(3) : head[...]
        // A line feed is never part of a UTF-8 or Shift_JIS character: up to the last one, the text decodes whole.
        // UTF-16's units are pairs of bytes: an even count of them decodes (its last line perhaps cut short).
        let utf16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        let whole =
            file.count <= FileHead.size
            ? bytes
            : utf16
                ? bytes.prefix(bytes.count / 2 * 2) : bytes[..<(bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? bytes.startIndex)]
        let text = SourceText.decode(Array(whole))?.text
        isText = text != nil || whole.isEmpty
        records = text.map(FileHead.records) ?? []
        tabbed = text.map(FileHead.tabbed) ?? []
    }

    /// A file read whole, its records already parsed (`StatementReader`): the formats look at all of it.
    init(_ file: [UInt8], records: [CSVRecord], text: String = "") {
        bytes = file.starts(with: FileHead.byteOrderMark) ? file.dropFirst(3) : file[...]
        self.records = records
        isText = true
        tabbed = FileHead.tabbed(text)
    }

    /// The text's records split on tabs; none when no line has one.
    static func tabbed(_ text: String) -> [CSVRecord] {
        guard text.contains("\t") else { return [] }
        return (try? CSVReader.records(text, separator: Layout.Separator.tab.byte)) ?? []
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The first byte that is not white space (JSON starts with `[` or `{`).
    package var firstNonSpace: UInt8? { bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } }

    /// The text's CSV records; when a quoted field runs past the head's end, those of the lines before it.
    static func records(_ text: String) -> [CSVRecord] {
        if let records = try? CSVReader.records(text) { return records }
        var records: [CSVRecord] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            guard let record = try? CSVReader.records(String(line)).first else { break }
            records.append(CSVRecord(row: records.count + 1, line: records.count + 1, fields: record.fields))
        }
        return records
    }
}
