import KakeiboKit

/// Reads a CSV file with a layout: decode as it says, find its header, check that every column it names is there,
/// then read each row below it into a line, or pass it over and count it. Any row that doesn't fit refuses the file.
/// Dates written without a year get theirs once every row is read (`LayoutYears`).
enum LayoutReader {
    /// A line's date written without a year: its month and day, and where it was written.
    struct YearlessDay {
        var line: Int
        var month: Int
        var day: Int
        var text: String
        var row: Int
        var place: Int
    }

    static func read(_ bytes: [UInt8], _ layout: Layout, years: LayoutYears = LayoutYears()) throws(ConvertProblem) -> Statement {
        guard let (text, encoding) = decode(bytes, layout.encoding) else { throw .layoutEncoding(layout.name, layout.encoding.rawValue) }
        let records: [CSVRecord]
        do { records = try CSVReader.records(text, separator: layout.separator.byte) } catch { throw .csv(error) }
        guard let position = layout.headerPosition(records) else {
            throw .layoutHeader(layout.name, match: layout.match, within: layout.within)
        }
        let header = records[position]
        let index = try columns(header, layout)
        // Checked when the layout was read (`LayoutFile.pattern`).
        let transfers = layout.transfers.compactMap { try? LayoutPattern($0) }
        let ignore = RowTests(layout.ignore)
        let stop = RowTests(layout.stop)

        var read = StatementLines()
        var occurrences: [String: Int] = [:]
        var ownOccurrences: [String: Int] = [:]
        var stopped = false
        var undated = 0
        var yearless: [YearlessDay] = []
        let balanceColumn = layout.balance ?? balanceColumn(header)
        var balanceRows: [BalanceRow] = []
        for record in records.dropFirst(position + 1) {
            if StatementFields.isBlank(record) { continue }
            let fields = RowFields(record: record, index: index, dashIsEmpty: false)
            if stopped || stop.any(fields) {
                stopped = true
                read.skip(.ignored)
                continue
            }
            if ignore.any(fields) {
                read.skip(.ignored)
                continue
            }
            read.rows += 1
            let dateCells = ([layout.date] + layout.dateParts).map { cell(fields, $0, layout) }
            let dateText = dateCells.allSatisfy(\.isEmpty) ? "" : dateCells.joined(separator: "/")
            var date: CalendarDate
            var monthDay: (month: Int, day: Int)?
            if let total = summary(fields, layout, dated: !dateText.isEmpty) {
                // A total, a minimum payment or a balance carried forward: never a purchase, whatever the layout does
                // with undated rows.
                read.skip(.summary, amount: total)
                continue
            }
            if dateText.isEmpty {
                switch layout.undated {
                case .skip:
                    read.skip(.ignored)
                    continue
                case .refuse:
                    throw .layoutDate(row: record.row, line: record.line, column: layout.dateLabel, value: "", format: layout.dateFormat.pattern)
                case .previous:
                    guard let previous = read.lines.last?.date else {
                        throw .layoutDate(row: record.row, line: record.line, column: layout.dateLabel, value: "", format: layout.dateFormat.pattern)
                    }
                    date = previous
                    undated += 1
                    monthDay = yearless.last.map { ($0.month, $0.day) }
                }
            } else {
                guard let (year, month, day, era) = layout.dateFormat.parse(dateText) else {
                    throw .layoutDate(
                        row: record.row, line: record.line, column: layout.dateLabel, value: dateText, format: layout.dateFormat.pattern)
                }
                // Without a year: any year the day is in (2/29 is, in 2000) until the rows say which.
                date = try fields.checkedDate(layout.dateLabel, dateText, year: year ?? 2000, month: month, day: day)
                if year == nil { monthDay = (month, day) }
                if let era, !era.holds(date) {
                    throw fields.fail(layout.dateLabel, .value(.dateEra(dateText, era: era.name, first: era.first, last: era.last)))
                }
            }
            let name = layout.description.map { cell(fields, $0, layout) }.filter { !$0.isEmpty }.joined(separator: " ")
            var price: Int
            var amountTexts: [String] = []
            switch layout.amount {
            case .signed(let column, let sign):
                let text = cell(fields, column, layout)
                amountTexts = [text]
                guard let amount = try number(fields, column, text) else {
                    read.skip(.notBilled)
                    continue
                }
                price = sign == .negativeIsSpending ? -amount : amount
            case .split(let spending, let income):
                let out = cell(fields, spending, layout)
                let inward = cell(fields, income, layout)
                amountTexts = [out, inward]
                price = (try number(fields, spending, out) ?? 0) - (try number(fields, income, inward) ?? 0)
            }
            if let balanceColumn, let balance = (try? number(fields, balanceColumn, cell(fields, balanceColumn, layout))) ?? nil {
                balanceRows.append(BalanceRow(row: record.row, date: date, yearless: monthDay != nil, effect: -price, balance: balance))
            }
            // Money in, in a bank's file (a signed column or a column of its own): income, as ゆうちょ's deposits are,
            // unless it comes from one of the household's accounts (then matching makes it a transfer).
            var moneyIn: Bool
            switch layout.amount {
            case .signed(_, .negativeIsSpending), .split: moneyIn = price < 0
            default: moneyIn = false
            }
            var chargedFrom: String?
            switch layout.kinds.lazy.compactMap({ rule in rule.kind(cell(fields, rule.column, layout)).map { ($0, rule.column) } }).first {
            case (.charge, let column)?:
                // Money put into the account, whatever the file's sign: a transfer from what the row names.
                chargedFrom = cell(fields, column, layout)
                price = abs(price)
                moneyIn = false
            case (.refund, _)?:
                // Money given back: less spending, not income (in a file of money in and out, only money in is).
                if case .split = layout.amount, !moneyIn { break }
                price = -abs(price)
                moneyIn = false
            case (.transfer, _)?:
                read.skip(.transfer, amount: abs(price))
                continue
            case (.other, _)?:
                read.skip(.other, amount: abs(price))
                continue
            case nil: break
            }
            if price == 0 {
                read.skip(.zero)
                continue
            }
            // A name the layout lists as a move between the household's own accounts is set aside, either way.
            if chargedFrom == nil, transfers.contains(where: { $0.found(in: WidthFold.fold(name)) || $0.found(in: name) }) {
                read.skip(.transfer, amount: abs(price))
                continue
            }
            let own = layout.id.map { cell(fields, $0, layout) } ?? ""
            // A bank's id repeated within one file is two lines, not one: the second occurrence is told apart by its
            // count, so importing the file again finds both (the first keeps the id alone, as before).
            if !own.isEmpty { ownOccurrences[own, default: 0] += 1 }
            let ownKey = (ownOccurrences[own] ?? 1) > 1 ? own + "\u{1F}\(ownOccurrences[own] ?? 1)" : own
            let key =
                layout.account + "\u{1F}"
                + (own.isEmpty ? StatementFields.contentKey([dateText, name] + amountTexts, &occurrences) : ownKey)
            let memo = layout.memo.map { cell(fields, $0, layout) }.filter { !$0.isEmpty }.joined(separator: " ")
            if let monthDay {
                yearless.append(
                    YearlessDay(
                        line: read.lines.count, month: monthDay.month, day: monthDay.day,
                        text: dateText.isEmpty ? yearless.last?.text ?? "" : dateText,
                        row: record.row, place: record.line))
            }
            // The description names the other side (a card's bill, an ATM): the household's accounts make such a line a
            // transfer, as they do a ゆうちょ line's 詳細２.
            read.lines.append(
                StatementFields.line(
                    "ly:", record: record, date: date, name: name, fallbackName: layout.title, price: moneyIn ? -price : price,
                    payment: layout.account, user: layout.member.map { cell(fields, $0, layout) }, key: key, account: layout.account, memo: memo,
                    undated: dateText.isEmpty, flow: chargedFrom != nil ? .charge : moneyIn ? .income : .spending, counterparty: chargedFrom ?? name))
            // A shop's history names no payment: the line of the card that paid it does.
            if layout.shop { read.lines[read.lines.count - 1].payment = "" }
        }
        if undated > 0 { read.notes.append(.undated(count: undated)) }
        if !yearless.isEmpty { try date(yearless, in: &read.lines, layout, above: records[..<position], years) }
        read.balances = stated(balanceRows, lines: read.lines)
        return Statement(
            kind: StatementKind(key: layout.name, displayName: layout.title, variant: layout.origin, format: nil), encoding: encoding,
            lines: read.lines,
            skipped: read.skipped, skippedTotals: read.skippedTotals, rows: read.rows, notes: read.notes, balances: read.balances,
            bill: PreambleBill.read(records[..<position], lines: read.lines))
    }

    /// Gives the lines whose dates have no year theirs: the newest row's from `years`, the others counted back.
    static func date(
        _ days: [YearlessDay], in lines: inout [StatementLine], _ layout: Layout, above header: ArraySlice<CSVRecord>, _ years: LayoutYears
    ) throws(ConvertProblem) {
        let column = layout.dateLabel
        guard let first = days.first else { return }
        guard let newest = years.newest(above: header) else {
            throw .field(row: first.row, line: first.place, column: column, .noYear(first.text))
        }
        let assigned = LayoutYears.assign(days.map { ($0.month, $0.day) }, newest: newest)
        for (day, year) in zip(days, assigned) {
            guard let date = CalendarDate(year: year, month: day.month, day: day.day) else {
                let days = CalendarDate.days(year: year, month: day.month)
                throw .field(row: day.row, line: day.place, column: column, .value(.dateDay(day.text, year: year, month: day.month, days: days)))
            }
            if let today = years.today, date > today {
                throw .field(row: day.row, line: day.place, column: column, .future(day.text, date, year: newest))
            }
            lines[day.line].date = date
        }
    }

    /// The text as the layout's encoding says: UTF-8 (a byte order mark dropped), Shift_JIS, or whichever it is.
    static func decode(_ bytes: [UInt8], _ encoding: Layout.Encoding) -> (String, SourceEncoding)? {
        switch encoding {
        case .auto: return SourceText.decode(bytes)
        case .utf16: return SourceText.utf16(bytes).map { ($0, .utf16) }
        case .utf8:
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
            return String(validating: body, as: UTF8.self).map { ($0, .utf8) }
        case .shiftJIS:
            // A byte order mark can only be UTF-8's: a file saved again as UTF-8 still reads.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return SourceText.decode(bytes) }
            return SourceText.shiftJIS(bytes).map { ($0, .shiftJIS) }
        }
    }

    /// Each column's position by the name the layout uses; refuses a layout naming a column the header lacks.
    static func columns(_ header: CSVRecord, _ layout: Layout) throws(ConvertProblem) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, name) in header.fields.enumerated() where index[trimWhitespace(name)] == nil { index[trimWhitespace(name)] = position }
        for (name, others) in layout.aliases where index[name] == nil {
            if let other = others.first(where: { index[$0] != nil }) { index[name] = index[other] }
        }
        for column in layout.columns {
            switch column {
            case .name(let name) where index[name] == nil:
                throw .layoutColumn(layout.name, column: name, row: header.row, header: header.fields.map(trimWhitespace).filter { !$0.isEmpty })
            case .position(let position): index["#\(position)"] = position - 1
            default: break
            }
        }
        return index
    }

    /// The amount of a row whose description reads as a summary, 0 when its amount is unreadable; nil for any other
    /// row. Undated, a description that names a total or a balance anywhere (`StatementFields.isSummary`: 合計, 小計,
    /// 繰越, ※…※); dated, one that is only such words (`StatementFields.isSummaryLine`: 前月繰越).
    static func summary(_ fields: RowFields, _ layout: Layout, dated: Bool) -> Int? {
        let cells = layout.description.map { cell(fields, $0, layout) }.filter { !$0.isEmpty }
        let isSummary = dated ? cells.count == 1 && StatementFields.isSummaryLine(cells[0]) : cells.contains(where: StatementFields.isSummary)
        guard isSummary else { return nil }
        let columns: [Layout.Column]
        switch layout.amount {
        case .signed(let column, _): columns = [column]
        case .split(let spending, let income): columns = [spending, income]
        }
        return columns.lazy.compactMap { column in (try? number(fields, column, cell(fields, column, layout))) ?? nil }.first.map(abs) ?? 0
    }

    /// The cell, trimmed; "" for one the layout's `empty` names.
    static func cell(_ fields: RowFields, _ column: Layout.Column, _ layout: Layout) -> String {
        let text = fields.text(column.label)
        return layout.empty.contains(text) ? "" : text
    }

    /// An amount cell: "3,990", "￥3,990", "\\7,000", "-1290" and full-width digits read; nil when empty.
    static func number(_ fields: RowFields, _ column: Layout.Column, _ text: String) throws(ConvertProblem) -> Int? {
        try StatementFields.yen(text) { fields.fail(column.label, $0) }
    }
}

/// A layout's `ignore` or `stop` rules, their patterns compiled once.
struct RowTests {
    let tests: [(column: String, equals: String?, pattern: LayoutPattern?)]

    init(_ rules: [Layout.RowRule]) {
        tests = rules.map { rule in
            switch rule.test {
            case .equals(let text): (rule.column.label, trimWhitespace(text), nil)
            case .matches(let pattern): (rule.column.label, nil, try? LayoutPattern(pattern))
            }
        }
    }

    func any(_ fields: RowFields) -> Bool {
        tests.contains { test in
            let text = fields.text(test.column)
            if let equals = test.equals { return text == equals }
            if let pattern = test.pattern { return pattern.found(in: text) }
            return false
        }
    }
}
