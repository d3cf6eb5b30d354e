import KakeiboCLI
import KakeiboKit

/// The card and payment statements kakeibo reads (see docs/statements.md).
public enum StatementFormat: String, CaseIterable, Sendable {
    case rakutenCard = "rakuten-card"
    case smbcVpass = "smbc-vpass"
    case paypay
    case yucho

    public var displayName: String {
        switch self {
        case .rakutenCard: "楽天カード"
        case .smbcVpass: "三井住友カード"
        case .paypay: "PayPay"
        case .yucho: "ゆうちょ銀行"
        }
    }

    /// The start of the ids of this statement's lines, short because tables show an id's first 8 characters.
    var idPrefix: String {
        switch self {
        case .rakutenCard: "rc:"
        case .smbcVpass: "vp:"
        case .paypay: "pp:"
        case .yucho: "yu:"
        }
    }

    /// Reads the records of a file in this format into lines; any bad record refuses the whole file.
    func read(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        switch self {
        case .rakutenCard: try RakutenCard.read(records)
        case .smbcVpass: try SMBCVpass.read(records)
        case .paypay: try PayPay.read(records)
        case .yucho: try Yucho.read(records)
        }
    }

    /// Whether the records look like this format (its header, or its first block).
    func recognises(_ records: [CSVRecord]) -> Bool {
        switch self {
        case .rakutenCard: RakutenCard.recognises(records)
        case .smbcVpass: SMBCVpass.recognises(records)
        case .paypay: PayPay.recognises(records)
        case .yucho: Yucho.recognises(records)
        }
    }

    /// The first lines of the file this format expects, for the message when a file is not it.
    var expected: String {
        switch self {
        case .rakutenCard: RakutenCard.columns.joined(separator: ",") + ",…"
        case .smbcVpass: "氏名 様,カード番号,カード名 / " + SMBCVpass.columns.joined(separator: ",")
        case .paypay: PayPay.columns.joined(separator: ",")
        case .yucho: Yucho.columns.joined(separator: ",")
        }
    }
}

/// Why a statement record is not spending.
public enum StatementSkip: String, CaseIterable, Sendable {
    /// Money moved into the account or service (PayPay's チャージ).
    case transfer
    /// Money that came in (a deposit, money received).
    case deposit
    /// A line for an amount of zero.
    case zero
    /// Any other kind of record that is not a purchase (PayPay points, money sent to a person).
    case other
}

/// What one format's reader found in the records.
struct StatementLines {
    var lines: [StatementLine] = []
    var skipped: [StatementSkip: Int] = [:]
    var rows = 0
    /// The balances the statement states for its account (ゆうちょ's before the first row and after the last).
    var balances: [StatedBalance] = []
    /// What it says the next bill is (a card's).
    var bill: CardBill?
}

/// A statement file read whole: its format, its lines and the records that were not spending.
public struct Statement: Sendable {
    public var format: StatementFormat
    public var encoding: SourceEncoding
    public var lines: [StatementLine]
    public var skipped: [StatementSkip: Int]
    /// Records read, headers and totals aside.
    public var rows: Int
    /// The balances it states for its account, by date.
    public var balances: [StatedBalance] = []
    /// What it says the card's next bill is.
    public var bill: CardBill?
    /// The account the statement is of, as its lines name it.
    public var account: String? { lines.first?.payment }

    /// The first and last day of its lines (nil for a statement with none).
    public var period: ClosedRange<CalendarDate>? {
        guard let first = lines.map(\.date).min(), let last = lines.map(\.date).max() else { return nil }
        return first...last
    }

    /// The sum of its lines' prices.
    public var total: Yen { Yen(lines.reduce(0) { $0 + $1.price.amount }) }
}

/// Reads a statement file: decode (UTF-8 with or without BOM, or Shift_JIS), parse the CSV, find the format from the
/// file (`ImportFormat`'s table, as `import` does) or check the one asked for, read every record. Nothing is returned
/// unless the whole file reads.
public enum StatementReader {
    public static func read(_ bytes: [UInt8], format asked: StatementFormat? = nil) throws(ConvertProblem) -> Statement {
        do { try CSVReader.checkLines(bytes) } catch { throw .csv(error) }
        let found = ImportFormat.detect(FileHead(bytes))
        let statement = found.flatMap { StatementFormat(rawValue: $0.name) }
        guard let (text, encoding) = SourceText.decode(bytes) else { throw .notText }
        let records: [CSVRecord]
        do { records = try CSVReader.records(text) } catch { throw .csv(error) }
        guard !records.isEmpty else { throw .emptyStatement(asked) }
        let format: StatementFormat
        if let asked {
            guard asked.recognises(records) else { throw .notStatement(asked, looksLike: statement == asked ? nil : statement) }
            format = asked
        } else {
            guard let statement else { throw .unknownLayout(looksLike: found) }
            format = statement
        }
        let read = try format.read(records)
        return Statement(
            format: format, encoding: encoding, lines: read.lines, skipped: read.skipped, rows: read.rows, balances: read.balances, bill: read.bill)
    }
}

/// What every format's reader shares: the header check, fields as dates and amounts, names and ids.
enum StatementFields {
    /// Each column's position when `record` starts with `columns`; nil when it doesn't.
    static func header(_ record: CSVRecord, _ columns: [String]) -> [String: Int]? {
        let fields = record.fields.map(trimWhitespace)
        guard fields.count >= columns.count, Array(fields.prefix(columns.count)) == columns else { return nil }
        var index: [String: Int] = [:]
        for (position, name) in fields.enumerated() where index[name] == nil { index[name] = position }
        return index
    }

    /// Refuses a record that has fewer fields than the header: a file cut short, or not this format.
    static func checkCount(_ record: CSVRecord, _ expected: Int) throws(ConvertProblem) {
        guard record.fields.count >= expected else {
            throw .fieldCount(row: record.row, line: record.line, count: record.fields.count, expected: expected)
        }
    }

    /// A card statement's row (利用日 2024/12/03, 利用金額): counted, checked for its fields, and its day and amount;
    /// nil (counted as skipped) for an amount of zero.
    static func cardRow(_ fields: RowFields, _ count: Int, _ read: inout StatementLines) throws(ConvertProblem) -> (CalendarDate, Int)? {
        read.rows += 1
        try checkCount(fields.record, count)
        let date = try fields.date("利用日", separator: "/", example: "2024/12/03")
        let amount = try amount(fields, "利用金額")
        guard amount != 0 else {
            read.skipped[.zero, default: 0] += 1
            return nil
        }
        return (date, amount)
    }

    /// A whole number of yen, full-width digits and thousands separators allowed; "" and "-" are 0.
    static func amount(_ fields: RowFields, _ column: String) throws(ConvertProblem) -> Int {
        let value = WidthFold.fold(fields.text(column))
        if value.isEmpty || value == "-" { return 0 }
        let digits = value.hasPrefix("-") ? value.dropFirst() : value[...]
        if !digits.isEmpty, digits.allSatisfy({ $0 == "0" || $0 == "," }) { return 0 }
        do { return try Yen.parsePrice(value, asTyped: false).amount } catch {
            if case .price(_, .tooLarge) = error { throw fields.fail(column, .value(error)) }
            throw fields.fail(column, .amount(value))
        }
    }

    /// A date written as eight digits, 20241203.
    static func compactDate(_ fields: RowFields, _ column: String) throws(ConvertProblem) -> CalendarDate {
        let value = fields.text(column)
        let digits = Array(value.utf8)
        guard digits.count == 8, digits.allSatisfy({ (48...57).contains($0) }), let number = Int(value) else {
            throw fields.fail(column, .date(value, example: "20241203"))
        }
        let (year, month, day) = (number / 10000, number / 100 % 100, number % 100)
        guard (1...12).contains(month) else { throw fields.fail(column, .value(.dateMonth(value))) }
        guard let date = CalendarDate(year: year, month: month, day: day) else {
            throw fields.fail(column, .value(.dateDay(value, year: year, month: month, days: CalendarDate.days(year: year, month: month))))
        }
        return date
    }

    /// The text width-folded, without control characters, cut to `limit` characters; nil when nothing is left.
    static func shown(_ raw: String, limit: Int = ItemName.maximumLength) -> String? {
        var text = trimWhitespace(WidthFold.fold(Converter.withoutControls(raw).text))
        if text.count > limit { text = trimWhitespace(String(text.prefix(limit))) }
        return text.isEmpty ? nil : text
    }

    /// A line of spending (or a refund) from a record, its id made from the statement's key or its content.
    static func line(
        _ format: StatementFormat, record: CSVRecord, date: CalendarDate, name: String, price: Int, payment: String,
        user: String? = nil, key: String, flow: StatementLine.Flow = .spending, counterparty: String? = nil
    ) -> StatementLine {
        StatementLine(
            id: format.idPrefix + mixedHash(key), date: date, name: shown(name) ?? format.displayName, price: Yen(price),
            payment: shown(payment) ?? format.displayName, user: user.flatMap { shown($0) }, row: record.row, flow: flow,
            counterparty: counterparty.flatMap { shown($0) })
    }

    /// 64-bit FNV-1a with splitmix64's finaliser, as 16 hex digits: stable across runs and machines, and keys that
    /// differ only at their end (the occurrence number) still differ in their first digits, which tables show.
    static func mixedHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A key for a line with no id of its own: its content and how many lines before it had the same content.
    static func contentKey(_ parts: [String], _ occurrences: inout [String: Int]) -> String {
        let content = parts.joined(separator: "\u{1F}")
        occurrences[content, default: 0] += 1
        return content + "\u{1F}\(occurrences[content] ?? 1)"
    }
}
