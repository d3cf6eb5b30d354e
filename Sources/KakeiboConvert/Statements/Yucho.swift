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

    /// A row with 払出金額 is spending (named by 詳細１ and 詳細２); one with 受入金額 is money in. 詳細２ names the other
    /// side (ﾗｸﾃﾝｶｰﾄﾞｻｰﾋﾞｽ: a card's bill, ＡＴＭ: cash), and 現在（貸付）高 the balance after the row: the balance
    /// before the first row and after the last are what the statement states.
    static func read(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        guard let position = headerPosition(records), let index = StatementFields.header(records[position], columns) else {
            throw .notStatement(.yucho, looksLike: nil)
        }
        var read = StatementLines()
        var occurrences: [String: Int] = [:]
        var first: (date: CalendarDate, before: Int)?
        var last: (date: CalendarDate, balance: Int)?
        for record in records.dropFirst(position + 1) {
            read.rows += 1
            try StatementFields.checkCount(record, columns.count)
            let fields = RowFields(record: record, index: index, dashIsEmpty: false)
            let date = try StatementFields.compactDate(fields, "取引日")
            let out = try StatementFields.amount(fields, "払出金額（円）")
            let inward = try StatementFields.amount(fields, "受入金額（円）")
            if !fields.text("現在（貸付）高").isEmpty {
                let balance = try StatementFields.amount(fields, "現在（貸付）高")
                if first == nil { first = (date, balance - inward + out) }
                last = (date, balance)
            }
            guard out != 0 || inward != 0 else {
                read.skipped[.zero, default: 0] += 1
                continue
            }
            let name = [fields.text("詳細１"), fields.text("詳細２")].filter { !$0.isEmpty }.joined(separator: " ")
            let own = fields.text("入出金明細ＩＤ")
            // A deposit's content key has its own column, so an older store's spending ids stay what they were.
            let amountColumn = out != 0 ? "払出金額（円）" : "受入金額（円）"
            let key =
                own.isEmpty ? StatementFields.contentKey(["取引日", amountColumn, "詳細１", "詳細２"].map(fields.text), &occurrences) : own
            let counterparty = fields.text("詳細２").isEmpty ? nil : fields.text("詳細２")
            read.lines.append(
                StatementFields.line(
                    .yucho, record: record, date: date, name: name, price: out != 0 ? out : inward, payment: StatementFormat.yucho.displayName,
                    key: key, flow: out != 0 ? .spending : .income, counterparty: counterparty))
        }
        if let first, let opening = first.date.adding(days: -1) {
            read.balances.append(StatedBalance(date: opening, amount: Yen(first.before)))
        }
        if let last { read.balances.append(StatedBalance(date: last.date, amount: Yen(last.balance))) }
        return read
    }
}
