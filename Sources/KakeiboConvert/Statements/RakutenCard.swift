import KakeiboKit

/// 楽天カード e-NAVI's 利用明細 CSV: a header, then one row per purchase; dates 2024/12/03; UTF-8 (with or without a
/// BOM) or Shift_JIS. The columns after 支払総額 name the months (12月支払金額, 1月繰越残高) and vary; some exports
/// add 支払月.
enum RakutenCard {
    static let columns = ["利用日", "利用店名・商品名", "利用者", "支払方法", "利用金額", "支払手数料", "支払総額"]

    static func recognises(_ records: [CSVRecord]) -> Bool { StatementFields.header(records[0], columns) != nil }

    /// Each row is a purchase of 利用金額 yen (a negative amount is a refund) by 利用者 (本人 or 家族).
    static func read(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        guard let index = StatementFields.header(records[0], columns) else { throw .notStatement(.rakutenCard, looksLike: nil) }
        var read = StatementLines()
        var occurrences: [String: Int] = [:]
        for record in records.dropFirst() {
            let fields = RowFields(record: record, index: index, dashIsEmpty: false)
            guard let (date, amount) = try StatementFields.cardRow(fields, columns.count, &read) else { continue }
            let key = StatementFields.contentKey(["利用日", "利用店名・商品名", "利用者", "支払方法", "利用金額"].map(fields.text), &occurrences)
            read.lines.append(
                StatementFields.line(
                    .rakutenCard, record: record, date: date, name: fields.text("利用店名・商品名"), price: amount,
                    payment: StatementFormat.rakutenCard.displayName, user: fields.text("利用者"), key: key))
        }
        return read
    }
}
