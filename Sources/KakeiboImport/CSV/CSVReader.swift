import KakeiboKit

/// One record of a CSV file, with where it starts so that messages can point at it.
package struct CSVRecord: Equatable, Sendable {
    /// The record's number, the header being row 1, as a spreadsheet numbers rows (blank lines count).
    package var row: Int
    /// The line of the file the record starts on: later than `row` once a field has held a line break.
    package var line: Int
    package var fields: [String]

    package init(row: Int, line: Int, fields: [String]) {
        self.row = row
        self.line = line
        self.fields = fields
    }
}

/// Why a text is not CSV.
package enum CSVProblem: Error, Equatable, Sendable {
    /// A field opened with a quote that the file never closes.
    case unclosedQuote(row: Int, line: Int)
    /// Something other than a comma or a line end follows a field's closing quote (`"ab"c`).
    case textAfterQuote(row: Int, line: Int)
    /// A record (or a line) longer than any export's (`CSVReader.maximumRecordBytes`): refused before it is split
    /// into fields, which would hold it many times over.
    case recordTooLong(row: Int, line: Int)

    package func message(in language: Language) -> String {
        switch self {
        case .unclosedQuote(let row, let line):
            return CSVProblem.place(row, line, language)
                + language.pick(": a quoted field is never closed", ": 引用符で始まる欄が閉じられていません")
        case .textAfterQuote(let row, let line):
            return CSVProblem.place(row, line, language)
                + language.pick(": text after a field's closing quote", ": 欄の閉じ引用符の後に文字があります")
        case .recordTooLong(let row, let line):
            return CSVProblem.place(row, line, language)
                + language.pick(
                    ": longer than \(CSVReader.maximumRecordBytes / 1_000_000) MB, more than any export's row: not a CSV export",
                    ": \(CSVReader.maximumRecordBytes / 1_000_000) MB を超えています。書き出されたファイルの行ではありません")
        }
    }

    /// "row 5" or, when a line break inside a field has made them differ, "row 5 (line 7)".
    static func place(_ row: Int, _ line: Int, _ language: Language) -> String {
        let head = language.pick("row \(row)", "\(row) 行目")
        return line == row ? head : head + language.pick(" (line \(line))", "（ファイルの \(line) 行目）")
    }
}

/// Reads CSV as RFC 4180 describes it: fields separated by commas, records by CRLF (LF or a lone CR also end a
/// record), a field in double quotes may hold commas, quotes (doubled: `""`) and line breaks.
///
/// Lenient only where nothing is ambiguous: a quote inside an unquoted field is kept as it is, records may have
/// different numbers of fields (the caller checks), and blank lines are skipped (while still counting as rows).
package enum CSVReader {
    /// The longest record (and line) read: an app's row is a few hundred bytes, a memo at most a few thousand.
    package static let maximumRecordBytes = 1_000_000

    /// Refuses bytes with a line longer than `maximumRecordBytes`, before they are decoded: a 50 MB file of one line
    /// would otherwise be held as bytes, text and fields at once (900 MB).
    package static func checkLines(_ bytes: [UInt8]) throws(CSVProblem) {
        var start = 0
        var line = 1
        while start < bytes.count {
            let end = bytes[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.count
            if end - start > maximumRecordBytes { throw .recordTooLong(row: line, line: line) }
            start = end + (end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? 2 : 1)
            line += 1
        }
    }

    /// `separator`: a comma, or a tab for a tab-separated file (新生銀行 PowerFlex's).
    package static func records(_ text: String, separator: UInt8 = UInt8(ascii: ",")) throws(CSVProblem) -> [CSVRecord] {
        let bytes = Array(text.utf8)
        let comma = separator
        let quote = UInt8(ascii: "\"")
        let cr = UInt8(ascii: "\r")
        let lf = UInt8(ascii: "\n")
        var records: [CSVRecord] = []
        guard !bytes.isEmpty else { return records }
        var fields: [String] = []
        var field: [UInt8] = []
        var index = 0
        var row = 1
        var line = 1
        var startLine = 1
        var recordStart = 0

        while true {
            if index < bytes.count, bytes[index] == quote {
                index += 1
                while true {
                    guard index < bytes.count else { throw .unclosedQuote(row: row, line: startLine) }
                    let byte = bytes[index]
                    if byte == quote {
                        if index + 1 < bytes.count, bytes[index + 1] == quote {
                            field.append(quote)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    if byte == lf || (byte == cr && (index + 1 == bytes.count || bytes[index + 1] != lf)) { line += 1 }
                    field.append(byte)
                    index += 1
                }
                if index < bytes.count, ![comma, cr, lf].contains(bytes[index]) {
                    throw .textAfterQuote(row: row, line: startLine)
                }
            } else {
                while index < bytes.count, bytes[index] != comma, bytes[index] != cr, bytes[index] != lf {
                    field.append(bytes[index])
                    index += 1
                }
            }
            if index - recordStart > maximumRecordBytes { throw .recordTooLong(row: row, line: startLine) }
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)

            if index < bytes.count, bytes[index] == comma {
                index += 1 // another field follows, even at the very end ("a,b," has an empty third field)
                continue
            }
            if index < bytes.count {
                index += bytes[index] == cr && index + 1 < bytes.count && bytes[index + 1] == lf ? 2 : 1
            }
            if fields != [""] { records.append(CSVRecord(row: row, line: startLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
            guard index < bytes.count else { return records }
            row += 1
            line += 1
            startLine = line
            recordStart = index
        }
    }
}
