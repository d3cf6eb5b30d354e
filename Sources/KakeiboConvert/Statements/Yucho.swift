import KakeiboKit

/// ゆうちょダイレクト's 入出金明細 CSV: Shift_JIS, seven lines about the account, then the header and one row per
/// movement; 取引日 as 20241203; 入出金明細ＩＤ is the bank's own id for the row.
enum Yucho {
    static let columns = ["取引日", "入出金明細ＩＤ", "受入金額（円）", "払出金額（円）", "詳細１", "詳細２", "現在（貸付）高"]

    /// Account lines before the header, at most.
    static let preamble = 7

    /// Where the header is: within the first eight records.
    static func headerPosition(_ records: [CSVRecord]) -> Int? {
        records.prefix(preamble + 1).firstIndex { StatementFields.header($0, columns) != nil }
    }

    static func recognises(_ records: [CSVRecord]) -> Bool { headerPosition(records) != nil }

    /// A row with 払出金額 is spending (named by 詳細１ and 詳細２); one with 受入金額 is money in.
    static func read(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        guard let position = headerPosition(records), let index = StatementFields.header(records[position], columns) else {
            throw .notStatement(.yucho, looksLike: nil)
        }
        var read = StatementLines()
        var occurrences: [String: Int] = [:]
        for record in records.dropFirst(position + 1) {
            read.rows += 1
            try StatementFields.checkCount(record, columns.count)
            let fields = RowFields(record: record, index: index, dashIsEmpty: false)
            let date = try StatementFields.compactDate(fields, "取引日")
            let out = try StatementFields.amount(fields, "払出金額（円）")
            let inward = try StatementFields.amount(fields, "受入金額（円）")
            guard out != 0 else {
                read.skipped[inward != 0 ? .deposit : .zero, default: 0] += 1
                continue
            }
            let name = [fields.text("詳細１"), fields.text("詳細２")].filter { !$0.isEmpty }.joined(separator: " ")
            let own = fields.text("入出金明細ＩＤ")
            let key =
                own.isEmpty
                ? StatementFields.contentKey(["取引日", "払出金額（円）", "詳細１", "詳細２"].map(fields.text), &occurrences) : own
            read.lines.append(
                StatementFields.line(.yucho, record: record, date: date, name: name, price: out, payment: StatementFormat.yucho.displayName, key: key)
            )
        }
        return read
    }
}
