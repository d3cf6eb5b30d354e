import KakeiboKit

/// 三井住友カード Vpass's CSVs: Shift_JIS, no header, no quotes at all — so a shop name with a comma in it
/// ("GITHUB, INC. (HTTPSGITHUB.C)") spills into the next field and is put back together from the columns on either
/// side. Two shapes:
///
/// - the ご利用明細 (a closed statement): each card's block starts with `氏名 様,card number,card name` (padded to 7
///   fields in newer files; iD and Apple Pay have blocks of their own), then rows
///   `利用日,利用店名,利用金額,支払区分,今回回数,支払金額,備考`; totals rows with an empty name close the file.
///   An annual fee, its WEB明細 discount and a cashback have their amount only in 支払金額, and the discount no date.
/// - the 支払照会 (this month, not yet closed): 13 fields a row, no card line and no totals:
///   `2024/11/4,店名,ご本人,1回払い,,'24/12,3844,3844,,,,,`.
enum SMBCVpass {
    static let columns = ["利用日", "利用店名", "利用金額", "支払区分", "今回回数", "支払金額", "備考"]
    /// The 支払照会 export's fields.
    static let inquiryColumns = ["利用日", "利用店名", "利用者", "支払区分", "分割回数", "支払月", "利用金額", "支払金額"]
    static let inquiryFieldCount = 13

    /// A block's first line: a name ending in 様, then the (masked) card number, then nothing but the card's name.
    static func isBlockStart(_ record: CSVRecord) -> Bool {
        guard record.fields.count >= 3 else { return false }
        let holder = trimWhitespace(record.fields[0])
        let number = trimWhitespace(record.fields[1])
        return holder.hasSuffix("様") && !number.isEmpty && number.allSatisfy { $0.isNumber || $0 == "*" || $0 == "-" || $0 == "＊" }
            && record.fields.dropFirst(3).allSatisfy { trimWhitespace($0).isEmpty }
    }

    /// A 支払照会 row: a date, then (after the name, which may have spilled) 利用者, 支払区分, a blank, 支払月 as
    /// 'yy/mm, and two amounts.
    static func isInquiryRow(_ record: CSVRecord) -> Bool {
        let fields = record.fields.map(trimWhitespace)
        guard fields.count >= inquiryFieldCount, slashDate(fields[0]) != nil else { return false }
        let month = fields[fields.count - 8]
        let digits = month.hasPrefix("'") ? month.dropFirst() : month[...]
        let parts = digits.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 2 && (1...2).contains(parts[1].count)
            && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    static func recognises(_ records: [CSVRecord]) -> Bool { isBlockStart(records[0]) || isInquiryRow(records[0]) }

    static func read(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        isBlockStart(records[0]) ? try readStatement(records) : try readInquiry(records)
    }

    /// Every row of every block is a line (a negative amount is a refund or a credit), paid with the block's card.
    static func readStatement(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        var read = StatementLines()
        read.variant = "ご利用明細 (closed statement)"
        var occurrences: [String: Int] = [:]
        var card: (number: String, name: String)?
        var totals: Int?
        var billed = 0
        var undated = 0
        for record in records {
            if isBlockStart(record) {
                guard totals == nil else { throw .truncated(row: record.row) }
                card = (trimWhitespace(record.fields[1]), trimWhitespace(record.fields[2]))
                continue
            }
            let fields = columns(record)
            let dateText = trimWhitespace(fields[0])
            if dateText.isEmpty, fields.count < 2 || trimWhitespace(fields[1]).isEmpty {
                // A totals row: the last one states what is billed.
                totals = record.fields.lazy.map(trimWhitespace).compactMap { Int(WidthFold.fold($0).replacing(",", with: "")) }.last ?? totals
                continue
            }
            guard totals == nil else { throw .fieldCount(row: record.row, line: record.line, count: record.fields.count, expected: columns.count) }
            guard let card else { throw .notStatement(.smbcVpass, looksLike: nil) }
            read.rows += 1
            guard fields.count >= columns.count - 1 else {
                throw .fieldCount(row: record.row, line: record.line, count: record.fields.count, expected: columns.count)
            }
            let row = RowFields(record: CSVRecord(row: record.row, line: record.line, fields: fields), index: index, dashIsEmpty: false)
            let date: CalendarDate
            if dateText.isEmpty, StatementFields.isSummary(row.text("利用店名")) {
                // A summary the statement prints among its lines (リボ's minimum payment): billed, but no purchase.
                let paid = try StatementFields.amountIfAny(row, "支払金額")
                let usage = try StatementFields.amountIfAny(row, "利用金額")
                billed += paid ?? usage ?? 0
                read.skip(.summary, amount: abs(usage ?? paid ?? 0))
                continue
            } else if dateText.isEmpty {
                // The WEB明細 discount: dated like the line above it.
                guard let previous = read.lines.last?.date else { throw row.fail("利用日", .date("", example: "2024/12/03")) }
                date = previous
                undated += 1
            } else {
                date = try row.date("利用日", separator: "/", example: "2024/12/03")
            }
            let paid = try StatementFields.amountIfAny(row, "支払金額")
            let usage = try StatementFields.amountIfAny(row, "利用金額")
            // A line whose 支払金額 is empty is billed its 利用金額 (as a single payment is).
            billed += paid ?? usage ?? 0
            // The price is 利用金額; a fee, a discount or a cashback has its amount only in 支払金額.
            guard let amount = usage ?? paid, amount != 0 else {
                read.skip(.zero)
                continue
            }
            let key = StatementFields.contentKey(
                [card.number] + ["利用日", "利用店名", "利用金額", "支払区分"].map(row.text) + (row.text("利用金額").isEmpty ? [row.text("支払金額")] : []),
                &occurrences)
            read.lines.append(
                StatementFields.line(
                    StatementFormat.smbcVpass.idPrefix, record: record, date: date, name: row.text("利用店名"),
                    fallbackName: StatementFormat.smbcVpass.displayName, price: amount, payment: card.name, key: key, account: card.number,
                    memo: row.text("備考"), undated: dateText.isEmpty))
        }
        // An export always ends with its totals: without them the file was cut short.
        guard let totals else { throw .truncated(row: (records.last?.row ?? 0) + 1) }
        if totals != billed { read.notes.append(.totalMismatch(stated: totals, found: billed)) }
        if undated > 0 { read.notes.append(.undated(count: undated)) }
        return read
    }

    /// The 支払照会 export: each row a line of 利用金額 by 利用者 (ご本人, ご家族), on the card the file doesn't name.
    static func readInquiry(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        var read = StatementLines()
        read.variant = "支払照会 (13 fields, not yet closed)"
        var occurrences: [String: Int] = [:]
        let index = Dictionary(uniqueKeysWithValues: inquiryColumns.enumerated().map { ($1, $0) })
        for record in records {
            read.rows += 1
            guard isInquiryRow(record) else {
                throw .fieldCount(row: record.row, line: record.line, count: record.fields.count, expected: inquiryFieldCount)
            }
            // Fields past the name are counted from the end: a name with a comma in it took one more.
            let spill = record.fields.count - inquiryFieldCount
            let fields = [record.fields[0], record.fields[1...(1 + spill)].joined(separator: ",")] + record.fields[(2 + spill)...]
            let row = RowFields(record: CSVRecord(row: record.row, line: record.line, fields: fields), index: index, dashIsEmpty: false)
            let date = try row.date("利用日", separator: "/", example: "2024/11/04")
            let usage = try StatementFields.amountIfAny(row, "利用金額")
            let paid = try StatementFields.amountIfAny(row, "支払金額")
            guard let amount = usage ?? paid, amount != 0 else {
                read.skip(.zero)
                continue
            }
            var user = row.text("利用者")
            if user.hasPrefix("ご") { user.removeFirst() } // ご本人 → 本人, as 楽天カード writes it
            let key = StatementFields.contentKey(["支払照会"] + ["利用日", "利用店名", "利用者", "利用金額", "支払区分"].map(row.text), &occurrences)
            read.lines.append(
                StatementFields.line(
                    StatementFormat.smbcVpass.idPrefix, record: record, date: date, name: row.text("利用店名"),
                    fallbackName: StatementFormat.smbcVpass.displayName, price: amount, payment: StatementFormat.smbcVpass.displayName, user: user,
                    key: key))
        }
        return read
    }

    static let index = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })

    /// A row's fields with a name that spilled over (more than 7 fields) put back together: the date first, the five
    /// known columns last, the name everything between, joined with the commas that split it.
    static func columns(_ record: CSVRecord) -> [String] {
        let fields = record.fields
        guard fields.count > columns.count else { return fields }
        let tail = fields.count - (columns.count - 2)
        return [fields[0], fields[1..<tail].joined(separator: ",")] + fields[tail...]
    }

    /// "2024/11/4" as a day, nil when it isn't one.
    static func slashDate(_ text: String) -> CalendarDate? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }
}
