import KakeiboKit

/// The card and payment statements kakeibo reads with readers of its own (see docs/statements.md); any other is
/// read with a layout (`Layout`).
package enum StatementFormat: String, CaseIterable, Sendable {
    case rakutenCard = "rakuten-card"
    case smbcVpass = "smbc-vpass"
    case paypay
    case yucho

    package var displayName: String {
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

    /// Whether the records look like this format (its header found by name, or its first block): each format's
    /// detector, for the table of detectors `import` consults.
    func recognises(_ records: [CSVRecord]) -> Bool {
        switch self {
        case .rakutenCard: RakutenCard.recognises(records)
        case .smbcVpass: SMBCVpass.recognises(records)
        case .paypay: PayPay.recognises(records)
        case .yucho: Yucho.recognises(records)
        }
    }

    /// What the file this format expects starts with, for the message when a file is not it.
    var expected: String {
        switch self {
        case .rakutenCard: "利用日,利用店名・商品名,利用者,支払方法,利用金額,手数料/利息 (or 支払手数料),支払総額,…"
        case .smbcVpass: "氏名 様,カード番号,カード名 / " + SMBCVpass.columns.joined(separator: ",")
        case .paypay: PayPay.columns.joined(separator: ",")
        case .yucho: "お客さま口座番号：… / " + Yucho.columns.joined(separator: ",")
        }
    }
}

/// What a statement file was read as: one of kakeibo's formats (and which variant of it), or a layout.
package struct StatementKind: Hashable, Sendable {
    /// The word `--from` takes for it ("rakuten-card"), or the layout's name ("aeon-card").
    package var key: String
    /// As people name it ("楽天カード", "イオンカード").
    package var displayName: String
    /// Which of its known shapes the file has ("11 columns, 手数料/利息"), or where the layout came from.
    package var variant: String
    /// The built-in format; nil for a layout.
    package var format: StatementFormat?
    /// The start of its lines' ids.
    package var idPrefix: String { format?.idPrefix ?? "ly:" }
}

/// Why a statement record is not spending.
package enum StatementSkip: String, CaseIterable, Sendable {
    /// Money moved into the account or service (PayPay's チャージ), or between the household's own accounts.
    case transfer
    /// Money that came in (a deposit, money received).
    case deposit
    /// A line for an amount of zero.
    case zero
    /// Any other kind of record that is not a purchase (PayPay points, money sent to a person).
    case other
    /// A line the statement lists but does not bill (a JCB 取消 pair, with no お支払い金額).
    case notBilled
    /// A row the layout says to pass over (totals, notes, a card line).
    case ignored
    /// An undated row with no amount (a foreign amount and its rate, an ETC route): kept as the memo of the line
    /// above it.
    case attached
    /// An undated row whose name reads as a summary, not a purchase: Vpass's `※マイ・ペイすリボ最低支払額（弁済金）※`,
    /// a total, a balance carried forward.
    case summary
}

/// What one reader found in the records.
struct StatementLines {
    var lines: [StatementLine] = []
    var skipped: [StatementSkip: Int] = [:]
    /// The amounts of the rows set aside, by reason (0 where a row has none).
    var skippedTotals: [StatementSkip: Int] = [:]
    var rows = 0
    /// The balances the statement states for its account (ゆうちょ's before the first row and after the last).
    var balances: [StatedBalance] = []
    /// What it says the next bill is (a card's).
    var bill: CardBill?
    var notes: [StatementNote] = []
    var variant = ""

    mutating func skip(_ reason: StatementSkip, amount: Int = 0) {
        skipped[reason, default: 0] += 1
        skippedTotals[reason, default: 0] += amount
    }

    /// Adds text to the memo of the last line; false when there is no line yet.
    mutating func attach(_ text: String) -> Bool {
        guard !lines.isEmpty else { return false }
        let memo = [lines[lines.count - 1].memo, StatementFields.shown(text, limit: DetailField.memo.maximumLength)].compactMap { $0 }
            .joined(separator: " / ")
        lines[lines.count - 1].memo = StatementFields.shown(memo, limit: DetailField.memo.maximumLength)
        skip(.attached)
        return true
    }
}

/// Something about a statement worth saying that doesn't stop it from being read.
package enum StatementNote: Hashable, Sendable {
    /// The file's own count of its rows (ゆうちょ's 明細件数) is not what it holds.
    case countMismatch(stated: Int, found: Int)
    /// The totals the file states are not the sum of its lines (Vpass).
    case totalMismatch(stated: Int, found: Int)
    /// A section heading kakeibo doesn't know; the rows under it were read as purchases.
    case unknownSection(String, row: Int)
    /// Lines with no date of their own took the date of the line above.
    case undated(count: Int)

    package func message(in language: Language) -> String {
        switch self {
        case .countMismatch(let stated, let found):
            return language.pick(
                "the file says it has \(stated) rows and holds \(found)", "ファイルの明細件数は \(stated) ですが、\(found) 行あります")
        case .totalMismatch(let stated, let found):
            return language.pick(
                "the file's totals row says \(Yen(stated).formatted(language)), its lines add up to \(Yen(found).formatted(language))",
                "合計行は \(Yen(stated).formatted(language))、明細の合計は \(Yen(found).formatted(language)) です")
        case .unknownSection(let heading, let row):
            return language.pick(
                "row \(row): section '\(heading)' is not one kakeibo knows; its rows were read as purchases",
                "\(row) 行目: 見出し「\(heading)」は kakeibo の知らない区分です。その下の行は利用として読みました")
        case .undated(let count):
            return language.pick(
                "\(count == 1 ? "1 line has" : "\(count) lines have") no date on the statement and took the date of the line above",
                "\(count) 件の明細に日付がなく、上の行の日付にしました")
        }
    }
}

/// A statement file read whole: what it is, its lines and the records that were not spending.
package struct Statement: Sendable {
    package var kind: StatementKind
    package var encoding: SourceEncoding
    package var lines: [StatementLine]
    package var skipped: [StatementSkip: Int]
    /// The amounts of the records set aside, by reason.
    package var skippedTotals: [StatementSkip: Int]
    /// Records read, headers and totals aside.
    package var rows: Int
    package var notes: [StatementNote]
    /// The balances it states for its account, by date.
    package var balances: [StatedBalance] = []
    /// What it says the card's next bill is.
    package var bill: CardBill?
    /// The account the statement is of, as its lines name it.
    package var account: String? { lines.first?.payment }

    /// The built-in format, nil for a layout.
    package var format: StatementFormat? { kind.format }

    /// The first and last day of its lines (nil for a statement with none).
    package var period: ClosedRange<CalendarDate>? {
        guard let first = lines.map(\.date).min(), let last = lines.map(\.date).max() else { return nil }
        return first...last
    }

    /// What it says was spent: the sum of its spending lines' prices (purchases less refunds; money in and charges aside).
    package var total: Yen { Yen(lines.reduce(0) { $0 + ($1.flow == .spending ? $1.price.amount : 0) }) }
}

/// How the file is to be read: found from the file, in one format, or with one layout.
package enum StatementChoice: Sendable {
    case detect
    case format(StatementFormat)
    case layout(Layout)
}

/// Reads a statement file: decode (UTF-8 with or without BOM, or Shift_JIS), parse the CSV, find the format or the
/// layout (or check the one asked for), read every record. Nothing is returned unless the whole file reads.
package enum StatementReader {
    /// `layouts`: the layouts a file may be found to be, after kakeibo's own formats.
    package static func read(
        _ bytes: [UInt8], as choice: StatementChoice = .detect, layouts: [Layout] = [], years: LayoutYears = LayoutYears()
    ) throws(ConvertProblem) -> Statement {
        do { try CSVReader.checkLines(bytes) } catch { throw .csv(error) }
        if case .layout(let layout) = choice { return try LayoutReader.read(bytes, layout, years: years) }
        guard let (text, encoding) = SourceText.decode(bytes) else { throw .notText }
        let records: [CSVRecord]
        do { records = try CSVReader.records(text) } catch { throw .csv(error) }
        let asked: StatementFormat? = if case .format(let format) = choice { format } else { nil }
        guard !records.isEmpty else { throw .emptyStatement(asked) }
        let format: StatementFormat
        if let asked {
            guard asked.recognises(records) else {
                throw .notStatement(asked, looksLike: StatementFormat.allCases.first { $0 != asked && $0.recognises(records) })
            }
            format = asked
        } else {
            // The one table decides, over the whole file: kakeibo's formats, then the layouts.
            let found = try ImportFormats.identify(FileHead(bytes, records: records, text: text), layouts: layouts)
            if let layout = found as? Layout { return try LayoutReader.read(bytes, layout, years: years) }
            guard let statement = found as? StatementFormat else { throw .unknownLayout(looksLike: found as? ImportSource) }
            format = statement
        }
        let read = try format.read(records)
        return Statement(
            kind: StatementKind(key: format.rawValue, displayName: format.displayName, variant: read.variant, format: format), encoding: encoding,
            lines: read.lines, skipped: read.skipped, skippedTotals: read.skippedTotals, rows: read.rows, notes: read.notes, balances: read.balances,
            bill: read.bill)
    }
}

/// What every format's reader shares: the header found by name, fields as dates and amounts, names and ids.
enum StatementFields {
    /// Each column's position when `record` has every name in `required` (in any order, among any others); nil
    /// when it doesn't. `aliases` gives other spellings of a name (an older header's); the position is filed under
    /// the name asked for.
    static func header(_ record: CSVRecord, required: [String], aliases: [String: [String]] = [:]) -> [String: Int]? {
        var index: [String: Int] = [:]
        for (position, name) in record.fields.enumerated() {
            let name = trimWhitespace(name)
            if index[name] == nil { index[name] = position }
        }
        for (name, others) in aliases where index[name] == nil {
            if let other = others.first(where: { index[$0] != nil }) { index[name] = index[other] }
        }
        return required.allSatisfy { index[$0] != nil } ? index : nil
    }

    /// The first of the first `within` records that is a header with the names, and its columns.
    static func findHeader(
        _ records: [CSVRecord], within: Int, required: [String], aliases: [String: [String]] = [:]
    ) -> (position: Int, index: [String: Int])? {
        for (position, record) in records.prefix(within).enumerated() {
            if let index = header(record, required: required, aliases: aliases) { return (position, index) }
        }
        return nil
    }

    /// Refuses a record that has fewer fields than the header: a file cut short, or not this format.
    static func checkCount(_ record: CSVRecord, _ expected: Int) throws(ConvertProblem) {
        guard record.fields.count >= expected else {
            throw .fieldCount(row: record.row, line: record.line, count: record.fields.count, expected: expected)
        }
    }

    /// Whether every field of the record is empty once trimmed (a row of `"",""`).
    static func isBlank(_ record: CSVRecord) -> Bool { record.fields.allSatisfy { trimWhitespace($0).isEmpty } }

    /// Whether an undated row's name reads as a summary rather than a purchase: wrapped in `※…※`, or naming a total,
    /// a minimum payment or a balance (合計, 小計, 総額, 最低支払額, 弁済金, 繰越, 残高).
    static func isSummary(_ name: String) -> Bool {
        let text = trimWhitespace(WidthFold.fold(name))
        if text.count > 2, text.hasPrefix("※"), text.hasSuffix("※") { return true }
        return ["合計", "小計", "総額", "最低支払額", "弁済金", "繰越", "残高"].contains { text.contains($0) }
    }

    /// Whether a dated row's whole description is a total or a balance carried forward (`前月繰越`, `合計`): a
    /// summary even with a date, as no shop or payee is named so.
    static func isSummaryLine(_ name: String) -> Bool {
        let text = WidthFold.fold(name).filter { !$0.isWhitespace }
        return [
            "合計", "小計", "総合計", "総計", "繰越", "前月繰越", "次月繰越", "前回繰越", "繰越残高", "前月残高", "ご請求額", "今回ご請求額",
            "お支払金額合計", "ご利用金額合計",
        ].contains(text)
    }

    /// A whole number of yen, full-width digits, thousands separators, a leading ￥ or \\ and a trailing 円
    /// allowed; nil for "" and "-".
    static func amountIfAny(_ fields: RowFields, _ column: String) throws(ConvertProblem) -> Int? {
        try yen(fields.text(column)) { fields.fail(column, $0) }
    }

    /// The amount a cell holds, nil when it is empty; `fail` makes the refusal that names the cell.
    static func yen(_ raw: String, _ fail: (ConvertProblem.FieldIssue) -> ConvertProblem) throws(ConvertProblem) -> Int? {
        var value = WidthFold.fold(raw)
        if value.isEmpty || value == "-" { return nil }
        for sign in ["¥", "\\", "￥"] where value.hasPrefix(sign) { value.removeFirst() }
        if value.hasSuffix("円") { value.removeLast() }
        // Said to be money in, as モバイルSuica writes a charge: "+3,000".
        if value.hasPrefix("+"), value.dropFirst().first?.isASCII == true, value.dropFirst().first?.isNumber == true { value.removeFirst() }
        let digits = value.hasPrefix("-") ? value.dropFirst() : value[...]
        if !digits.isEmpty, digits.allSatisfy({ $0 == "0" || $0 == "," }) { return 0 }
        do { return try Yen.parsePrice(value, asTyped: false).amount } catch {
            if case .price(_, .tooLarge) = error { throw fail(.value(error)) }
            throw fail(.amount(value))
        }
    }

    /// As `amountIfAny`, with "" and "-" as 0.
    static func amount(_ fields: RowFields, _ column: String) throws(ConvertProblem) -> Int {
        try amountIfAny(fields, column) ?? 0
    }

    /// A date written as eight digits, 20241203.
    static func compactDate(_ fields: RowFields, _ column: String) throws(ConvertProblem) -> CalendarDate {
        let value = fields.text(column)
        let digits = Array(value.utf8)
        guard digits.count == 8, digits.allSatisfy({ (48...57).contains($0) }), let number = Int(value) else {
            throw fields.fail(column, .date(value, example: "20241203"))
        }
        return try fields.checkedDate(column, value, year: number / 10000, month: number / 100 % 100, day: number % 100)
    }

    /// The text width-folded, without control characters, cut to `limit` characters; nil when nothing is left.
    static func shown(_ raw: String, limit: Int = ItemName.maximumLength) -> String? {
        // The one normalisation of what syncs (`SyncLimits.normalized`: U+FEFF and spaces trimmed, NFC), as an item
        // typed or exported gets it: a leading byte order mark or decomposed kana would otherwise differ from what the
        // server keeps, and be sent again at every sync.
        var text = SyncLimits.normalized(collapsingSpaces(WidthFold.fold(Converter.withoutControls(raw).text)))
        if text.count > limit { text = trimWhitespace(String(text.prefix(limit))) }
        return text.isEmpty ? nil : text
    }

    /// The text with each run of spaces as one (Vpass pads 備考 with runs of ideographic spaces, folded to spaces).
    static func collapsingSpaces(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars where !(scalar == " " && previous == " ") {
            out.append(scalar)
            previous = scalar
        }
        return String(out)
    }

    /// A line of spending (or a refund) from a record, its id made from the statement's key for it (the account
    /// included) and the ids earlier versions made from `formerKeys`.
    static func line(
        _ prefix: String, record: CSVRecord, date: CalendarDate, name: String, fallbackName: String, price: Int, payment: String,
        user: String? = nil, key: String, formerKeys: [String] = [], account: String? = nil, memo: String? = nil, undated: Bool = false,
        flow: StatementLine.Flow = .spending, counterparty: String? = nil
    ) -> StatementLine {
        let id = prefix + stableHash(key)
        // The fallback is a format's or a layout's title, which a layout may make longer than a name may be.
        let fallback = shown(fallbackName) ?? fallbackName
        return StatementLine(
            id: id, date: date, name: shown(name) ?? fallback, price: Yen(price), payment: shown(payment) ?? fallback,
            user: user.flatMap { shown($0) }, row: record.row, flow: flow, counterparty: counterparty.flatMap { shown($0) }, account: account,
            memo: memo.flatMap { shown($0, limit: DetailField.memo.maximumLength) },
            formerIDs: formerKeys.map { prefix + stableHash($0) }.filter { $0 != id }, undated: undated)
    }

    /// A key for a line with no id of its own: its content and how many lines before it had the same content.
    static func contentKey(_ parts: [String], _ occurrences: inout [String: Int]) -> String {
        let content = parts.joined(separator: "\u{1F}")
        occurrences[content, default: 0] += 1
        return content + "\u{1F}\(occurrences[content] ?? 1)"
    }
}
