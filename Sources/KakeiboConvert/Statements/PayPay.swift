import KakeiboKit

/// PayPay's 取引履歴 CSV: a header, then one row per transaction; amounts may be quoted with thousands separators,
/// and "-" means none. 取引番号 is PayPay's own id for the transaction.
enum PayPay {
    static let columns = [
        "取引日", "出金金額（円）", "入金金額（円）", "海外出金金額", "通貨", "変換レート（円）", "利用国", "取引内容", "取引先", "取引方法",
        "支払い区分", "利用者", "取引番号",
    ]

    static func recognises(_ records: [CSVRecord]) -> Bool { StatementFields.header(records[0], columns) != nil }

    /// 支払い is spending (出金金額); 返金 gives money back (入金金額, a negative price); チャージ is a transfer into
    /// PayPay; anything else (money sent or received, points) is not spending.
    static func read(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        guard let index = StatementFields.header(records[0], columns) else { throw .notStatement(.paypay, looksLike: nil) }
        var read = StatementLines()
        for record in records.dropFirst() {
            read.rows += 1
            try StatementFields.checkCount(record, columns.count)
            let fields = RowFields(record: record, index: index, dashIsEmpty: true)
            let date = try day(fields)
            let number = fields.text("取引番号")
            guard !number.isEmpty else { throw fields.fail("取引番号", .empty) }
            let price: Int
            switch fields.text("取引内容") {
            case "支払い": price = try StatementFields.amount(fields, "出金金額（円）")
            case "返金": price = -(try StatementFields.amount(fields, "入金金額（円）"))
            case "チャージ":
                // Money moved into PayPay from the bank or card 取引先 names: a transfer, never spending.
                let amount = try StatementFields.amount(fields, "入金金額（円）")
                guard amount != 0 else {
                    read.skipped[.zero, default: 0] += 1
                    continue
                }
                let source = fields.text("取引先").isEmpty ? fields.text("取引方法") : fields.text("取引先")
                read.lines.append(
                    StatementFields.line(
                        .paypay, record: record, date: date, name: "チャージ", price: amount, payment: StatementFormat.paypay.displayName, key: number,
                        flow: .charge, counterparty: source))
                continue
            case let kind:
                read.skipped[kind.includes("受け取") ? .deposit : .other, default: 0] += 1
                continue
            }
            guard price != 0 else {
                read.skipped[.zero, default: 0] += 1
                continue
            }
            read.lines.append(
                StatementFields.line(
                    .paypay, record: record, date: date, name: fields.text("取引先"), price: price,
                    payment: StatementFormat.paypay.displayName, user: fields.text("利用者"), key: number))
        }
        return read
    }

    /// 取引日 as PayPay writes it, "2024/12/03 12:34:56"; only the day is kept.
    static func day(_ fields: RowFields) throws(ConvertProblem) -> CalendarDate {
        let value = fields.text("取引日")
        let day = value.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        let parts = day.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let date = Int(parts[2]),
            parts[0].utf8.count == 4, let parsed = CalendarDate(year: year, month: month, day: date)
        else { throw fields.fail("取引日", .date(value, example: "2024/12/03 12:34:56")) }
        return parsed
    }
}
