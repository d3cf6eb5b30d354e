import KakeiboKit

/// 三井住友カード Vpass's ご利用明細 CSV: Shift_JIS, no header. Each card's block starts with a line
/// `氏名 様,card number,card name` (iD and Apple Pay have blocks of their own), then rows
/// `利用日,利用店名,利用金額,支払区分,今回回数,支払金額,備考`; the totals at the end start with empty fields.
/// Shop names and 支払区分 are often in full-width letters and digits.
enum SMBCVpass {
    static let columns = ["利用日", "利用店名", "利用金額", "支払区分", "今回回数", "支払金額", "備考"]

    /// A block's first line: a name ending in 様, then the (masked) card number.
    static func isBlockStart(_ record: CSVRecord) -> Bool {
        guard record.fields.count >= 3 else { return false }
        let holder = trimWhitespace(record.fields[0])
        let number = trimWhitespace(record.fields[1])
        return holder.hasSuffix("様") && !number.isEmpty && number.allSatisfy { $0.isNumber || $0 == "*" || $0 == "-" || $0 == "＊" }
    }

    static func recognises(_ records: [CSVRecord]) -> Bool { isBlockStart(records[0]) }

    /// Every row of every block is a purchase (a negative amount is a refund), paid with the block's card.
    static func read(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        var read = StatementLines()
        var occurrences: [String: Int] = [:]
        var card: (number: String, name: String)?
        var totals = false
        let index = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
        for record in records {
            if isBlockStart(record) {
                guard !totals else { throw .truncated(row: record.row) }
                card = (trimWhitespace(record.fields[1]), trimWhitespace(record.fields[2]))
                continue
            }
            if trimWhitespace(record.fields[0]).isEmpty {
                totals = true // the totals rows close the file
                continue
            }
            guard !totals else { throw .fieldCount(row: record.row, line: record.line, count: record.fields.count, expected: columns.count) }
            guard let card else { throw .notStatement(.smbcVpass, looksLike: nil) }
            let fields = RowFields(record: record, index: index, dashIsEmpty: false)
            guard let (date, amount) = try StatementFields.cardRow(fields, columns.count, &read) else { continue }
            let key = StatementFields.contentKey([card.number] + ["利用日", "利用店名", "利用金額", "支払区分"].map(fields.text), &occurrences)
            read.lines.append(
                StatementFields.line(
                    .smbcVpass, record: record, date: date, name: fields.text("利用店名"), price: amount, payment: card.name, key: key))
        }
        // An export always ends with its totals: without them the file was cut short.
        guard totals else { throw .truncated(row: (records.last?.row ?? 0) + 1) }
        return read
    }
}
