import KakeiboKit

/// ゆうちょダイレクト's 入出金明細 CSV: Shift_JIS, a few lines about the account (お客さま口座番号：10180-12345671,
/// 照会対象, 日付指定 when a period was chosen, 明細件数), then the header and one row per movement, each line ending
/// with a comma; 取引日 as 20241203.
///
/// 入出金明細ＩＤ is the day and a sequence within that day (202412100000002): unique in one account's file only,
/// so a line's id is made from the account number and it.
enum Yucho {
    static let columns = ["取引日", "入出金明細ＩＤ", "受入金額（円）", "払出金額（円）", "詳細１", "詳細２", "現在（貸付）高"]
    static let required = Array(columns.prefix(6))

    /// Records before the header, at most.
    static let preamble = 10

    static func header(_ records: [CSVRecord]) -> (position: Int, index: [String: Int])? {
        StatementFields.findHeader(records, within: preamble + 1, required: required)
    }

    static func recognises(_ records: [CSVRecord]) -> Bool { header(records) != nil }

    /// The account as the lines before the header name it: お客さま口座番号：10180-12345671 (or 記号番号,10180-…);
    /// and the row count 明細件数：6 states.
    static func account(_ records: ArraySlice<CSVRecord>) -> (number: String?, count: Int?) {
        var number: String?
        var count: Int?
        for record in records {
            let first = trimWhitespace(record.fields[0])
            let value = record.fields.count > 1 ? trimWhitespace(record.fields[1]) : ""
            for label in ["お客さま口座番号", "記号番号"] where first.hasPrefix(label) {
                let rest = trimWhitespace(String(first.dropFirst(label.count).trimmingPrefix(while: { $0 == "：" || $0 == ":" })))
                number = WidthFold.fold(rest.isEmpty ? value : rest)
            }
            if first.hasPrefix("明細件数") {
                let rest = String(first.dropFirst("明細件数".count).trimmingPrefix(while: { $0 == "：" || $0 == ":" }))
                count = Int(WidthFold.fold(trimWhitespace(rest.isEmpty ? value : rest)))
            }
        }
        return (number.flatMap { $0.isEmpty ? nil : $0 }, count)
    }

    /// "ゆうちょ銀行 *5671": the account's last digits tell two accounts apart.
    static func payment(_ account: String?) -> String {
        guard let digits = account?.filter({ $0.isASCII && $0.isNumber }), digits.count >= 4 else { return StatementFormat.yucho.displayName }
        return StatementFormat.yucho.displayName + " *" + digits.suffix(4)
    }

    /// A row with 払出金額 is spending (named by 詳細１ and 詳細２); one with 受入金額 is money in. 詳細２ names the other
    /// side (ﾗｸﾃﾝｶｰﾄﾞｻｰﾋﾞｽ: a card's bill, ＡＴＭ: cash), and 現在（貸付）高 the balance after the row: the balance
    /// before the first row and after the last are what the statement states.
    static func read(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        guard let (position, index) = header(records) else { throw .notStatement(.yucho, looksLike: nil) }
        let (account, stated) = account(records[..<position])
        var read = StatementLines()
        read.variant = "入出金明細, \(position) lines before the header" + (account == nil ? ", no account number" : "")
        let payment = payment(account)
        var occurrences: [String: Int] = [:]
        var first: (date: CalendarDate, before: Int)?
        var last: (date: CalendarDate, balance: Int)?
        var formerOccurrences: [String: Int] = [:]
        for record in records.dropFirst(position + 1) {
            read.rows += 1
            try StatementFields.checkCount(record, required.count)
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
                read.skip(.zero)
                continue
            }
            let name = [fields.text("詳細１"), fields.text("詳細２")].filter { !$0.isEmpty }.joined(separator: " ")
            let own = fields.text("入出金明細ＩＤ")
            // A deposit's content key has its own column, so the ids of spending lines stay what they were.
            let content = ["取引日", out != 0 ? "払出金額（円）" : "受入金額（円）", "詳細１", "詳細２"].map(fields.text)
            let former = own.isEmpty ? StatementFields.contentKey(content, &formerOccurrences) : own
            let key = account.map { $0 + "\u{1F}" } ?? ""
            let counterparty = fields.text("詳細２").isEmpty ? nil : fields.text("詳細２")
            read.lines.append(
                StatementFields.line(
                    StatementFormat.yucho.idPrefix, record: record, date: date, name: name, fallbackName: StatementFormat.yucho.displayName,
                    price: out != 0 ? out : inward, payment: payment,
                    key: key + (own.isEmpty ? StatementFields.contentKey(content, &occurrences) : own),
                    // kakeibo before 0.30 made the id of 入出金明細ＩＤ alone (and imported no deposit).
                    formerKeys: out != 0 ? [former] : [], account: account, flow: out != 0 ? .spending : .income, counterparty: counterparty))
        }
        if let first, let opening = first.date.adding(days: -1) {
            read.balances.append(StatedBalance(date: opening, amount: Yen(first.before)))
        }
        if let last { read.balances.append(StatedBalance(date: last.date, amount: Yen(last.balance))) }
        if let stated, stated != read.rows { read.notes.append(.countMismatch(stated: stated, found: read.rows)) }
        return read
    }
}
