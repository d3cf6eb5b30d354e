import KakeiboKit

/// PayPay's 取引履歴 CSV: a header (its columns found by name), then one row per transaction, newest first; amounts
/// may be quoted with thousands separators, and "-" means none.
///
/// 取引番号 is not one row's id: a payment split between points and a card is two 支払い rows with one 取引番号
/// (PayPayポイント 73, クレジット VISA 4575 257), and the points it earned reuse it too. A row is known by 取引番号,
/// 取引内容 and 取引方法 together (and how many identical rows came before it); the 支払い rows of one 取引番号 are one
/// purchase, one line with payment legs (`lines`).
enum PayPay {
    static let columns = [
        "取引日", "出金金額（円）", "入金金額（円）", "海外出金金額", "通貨", "変換レート（円）", "利用国", "取引内容", "取引先", "取引方法",
        "支払い区分", "利用者", "取引番号",
    ]
    static let required = ["取引日", "出金金額（円）", "入金金額（円）", "取引内容", "取引先", "取引番号"]
    static let aliases = ["変換レート（円）": ["変換レート（円)", "変換レート(円)"]]

    static func recognises(_ records: [CSVRecord]) -> Bool {
        StatementFields.header(japanese(records)[0], required: required, aliases: aliases) != nil
    }

    /// The app set to English writes the same file in English — `Date & Time`, `Transaction Type` `Payment`,
    /// `PayPay Point (1yen)` — but for the shops' names. Read as the Japanese export, its words put back in Japanese,
    /// so that an English and a Japanese export of one month are the same lines (a line's id is made of 取引番号,
    /// 取引内容 and 取引方法), never two.
    static func japanese(_ records: [CSVRecord]) -> [CSVRecord] {
        guard let header = records.first, header.fields.contains("Transaction ID"), header.fields.contains("Date & Time") else { return records }
        let kinds = Set(["Transaction Type"].compactMap { header.fields.firstIndex(of: $0) })
        let methods = Set(["Method", "Payment Option"].compactMap { header.fields.firstIndex(of: $0) })
        var out = [CSVRecord(row: header.row, line: header.line, fields: header.fields.map { englishColumns[trimWhitespace($0)] ?? $0 })]
        for record in records.dropFirst() {
            let fields = record.fields.enumerated().map { position, field in
                if kinds.contains(position) { return englishKinds[trimWhitespace(field)] ?? field }
                if methods.contains(position) { return method(field) }
                return field
            }
            out.append(CSVRecord(row: record.row, line: record.line, fields: fields))
        }
        return out
    }

    /// The English export's column names, as the Japanese one names them.
    static let englishColumns = [
        "Date & Time": "取引日", "Amount Outgoing (Yen)": "出金金額（円）", "Amount Incoming (Yen)": "入金金額（円）",
        "Amount Outgoing Overseas": "海外出金金額", "Currency": "通貨", "Exchange Rate (Yen)": "変換レート（円）", "Country Paid In": "利用国",
        "Transaction Type": "取引内容", "Business Name": "取引先", "Method": "取引方法", "Payment Option": "支払い区分", "User": "利用者",
        "Transaction ID": "取引番号",
    ]

    /// Its kinds of transaction (取引内容), as the Japanese export writes them. One not here stays as written: not a
    /// purchase, set aside and counted.
    static let englishKinds = [
        "Payment": "支払い", "Bill Payment": "請求書払い", "Refund": "返金", "Top-Up": "チャージ", "Points, Balance Earned": "ポイント、残高の獲得",
        "Points, Balance Cancelled": "ポイント、残高の取消", "Money Received": "受け取った金額", "Money Sent": "送った金額",
    ]

    /// A method (取引方法) or payment option as the Japanese export writes it: `PayPay Point (1yen), Credit VISA 1234
    /// (779yen)` is `PayPayポイント (1円), クレジット VISA 1234 (779円)`.
    static func method(_ text: String) -> String {
        var out = text
        for (english, japanese) in englishMethods { out = out.replacingEvery(english, with: japanese) }
        return out
    }

    static let englishMethods = [
        ("PayPay Balance", "PayPay残高"), ("PayPay Point", "PayPayポイント"), ("PayPay Card", "PayPayカード"), ("Credit", "クレジット"),
        ("One-time Payment", "一回払い"), ("yen)", "円)"),
    ]

    /// 支払い and 請求書払い are spending (出金金額); 返金 gives money back (入金金額, a negative price); チャージ and
    /// 口座送金 move money in or out of PayPay; anything else (money sent or received, points) is not spending.
    static func read(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        let records = japanese(records)
        guard let index = StatementFields.header(records[0], required: required, aliases: aliases) else {
            throw .notStatement(.paypay, looksLike: nil)
        }
        var read = StatementLines()
        read.variant = "取引履歴, \(records[0].fields.count) columns"
        var occurrences: [String: Int] = [:]
        var purchases: [String: [Row]] = [:]
        var order: [(position: Int, number: String)] = []
        let count = index.values.max().map { $0 + 1 } ?? columns.count
        for record in records.dropFirst() {
            read.rows += 1
            try StatementFields.checkCount(record, count)
            let fields = RowFields(record: record, index: index, dashIsEmpty: true)
            let date = try day(fields)
            let number = fields.text("取引番号")
            guard !number.isEmpty else { throw fields.fail("取引番号", .empty) }
            let out = try StatementFields.amount(fields, "出金金額（円）")
            let inward = try StatementFields.amount(fields, "入金金額（円）")
            let price: Int
            switch fields.text("取引内容") {
            case "支払い", "請求書払い": price = out
            case "返金": price = -inward
            case "チャージ":
                // Money moved into PayPay from the bank or card that paid it (`chargeSource`): a transfer, never spending.
                guard inward != 0 else {
                    read.skip(.zero)
                    continue
                }
                let source = chargeSource(fields)
                let key = StatementFields.contentKey([number, fields.text("取引内容"), fields.text("取引方法")], &occurrences)
                read.lines.append(
                    StatementFields.line(
                        StatementFormat.paypay.idPrefix, record: record, date: date, name: "チャージ", fallbackName: StatementFormat.paypay.displayName,
                        price: inward, payment: StatementFormat.paypay.displayName, key: key, flow: .charge, counterparty: source))
                continue
            case "口座送金":
                read.skip(.transfer, amount: out + inward)
                continue
            case let kind:
                read.skip(kind.contains("受け取") ? .deposit : .other, amount: out + inward)
                continue
            }
            guard price != 0 else {
                read.skip(.zero)
                continue
            }
            let method = fields.text("取引方法")
            let key = StatementFields.contentKey([number, fields.text("取引内容"), method], &occurrences)
            let row = Row(
                record: record, date: date, name: fields.text("取引先"), user: fields.text("利用者"), key: key, number: number,
                legs: legs(method, price: price), memo: memo(fields, method: method))
            // The rows of one purchase (one 取引番号) are one line, made where its first row is.
            guard price > 0 else {
                read.lines += lines([row])
                continue
            }
            if purchases[number] == nil { order.append((read.lines.count, number)) }
            purchases[number, default: []].append(row)
        }
        for (position, number) in order.reversed() { read.lines.insert(contentsOf: lines(purchases[number] ?? []), at: position) }
        return read
    }

    /// A row of spending (or a refund) as `lines` makes lines of it.
    struct Row {
        var record: CSVRecord
        var date: CalendarDate
        var name: String
        var user: String
        var key: String
        var number: String
        var legs: [(payment: String, price: Int)]
        var memo: String?
    }

    /// The line of one purchase: its rows (several under one 取引番号 when it was paid in parts, `PayPayポイント` 100
    /// and `クレジット JCB 1234` 1,000) and the parts within a row, together. It is on the card that paid a part (what
    /// the card's statement and MoneyForward see), else on PayPay, at the whole price; the parts other accounts paid
    /// are its legs (`PaymentLeg`). The line keeps the id of the row its account paid in (and of its card's leg
    /// within that row), which kakeibo before legs gave that row's line: a store that holds the parts as lines
    /// finds this one already there. More than `PaymentLeg.maximumCount` other payers: a line per payer, as before.
    static func lines(_ rows: [Row]) -> [StatementLine] {
        let own = StatementFormat.paypay.displayName
        var paid: [(payment: String, price: Int, row: Int, first: Bool)] = []
        for (number, row) in rows.enumerated() {
            for (position, leg) in row.legs.enumerated() where leg.price != 0 {
                if let index = paid.firstIndex(where: { $0.payment == leg.payment }) {
                    paid[index].price += leg.price
                } else {
                    paid.append((leg.payment, leg.price, number, position == 0))
                }
            }
        }
        func line(_ leg: (payment: String, price: Int, row: Int, first: Bool), legs: [PaymentLeg]) -> StatementLine {
            let row = rows[leg.row]
            var line = StatementFields.line(
                StatementFormat.paypay.idPrefix, record: row.record, date: row.date, name: row.name, fallbackName: own, price: leg.price,
                payment: leg.payment, user: row.user, key: leg.first ? row.key : row.key + "\u{1F}" + leg.payment,
                // kakeibo before 0.30 knew a row by 取引番号 alone.
                formerKeys: leg.first ? [row.number] : [], memo: rows.lazy.compactMap(\.memo).first)
            line.legs = legs
            return line
        }
        guard let lead = paid.first(where: { $0.payment != own }) ?? paid.first else { return [] }
        let others = paid.filter { $0.payment != lead.payment }
        guard others.count <= PaymentLeg.maximumCount else { return paid.map { line($0, legs: []) } }
        var whole = lead
        whole.price = paid.reduce(0) { $0 + $1.price }
        return [line(whole, legs: others.map { PaymentLeg(payment: StatementFields.shown($0.payment) ?? own, price: Yen($0.price)) })]
    }

    /// How a row was paid, leg by leg: by PayPay, or by the card 取引方法 names. A row whose 取引方法 splits it between
    /// PayPay's money and a card (`PayPayポイント (1円), クレジット VISA 4575 (779円)`) is two legs — PayPay's parts
    /// together, and the card's — so the card's leg merges with its statement's line and the row is counted once, at
    /// its price. The card's leg comes first and keeps the row's id.
    static func legs(_ method: String, price: Int) -> [(payment: String, price: Int)] {
        let own = StatementFormat.paypay.displayName
        guard price > 0, let parts = parts(method), parts.reduce(0, { $0 + $1.amount }) == price else { return [(payer(method) ?? own, price)] }
        var legs: [(payment: String, price: Int)] = []
        for part in parts {
            let payment = payer(part.method) ?? own
            if let index = legs.firstIndex(where: { $0.payment == payment }) {
                legs[index].price += part.amount
            } else {
                legs.append((payment, part.amount))
            }
        }
        return legs.sorted { ($0.payment == own ? 1 : 0) < ($1.payment == own ? 1 : 0) }
    }

    /// The parts of a payment split within one row, `NAME (N円), NAME (N円)`; nil for a row paid one way.
    static func parts(_ method: String) -> [(method: String, amount: Int)]? {
        var parts: [(method: String, amount: Int)] = []
        var rest = Substring(method)
        while let open = rest.firstIndex(of: "("), let close = rest.firstCharacterRange(of: "円)", from: open) {
            let name = trimWhitespace(String(rest[..<open]))
            let digits = rest[rest.index(after: open)..<close.lowerBound].filter { $0 != "," }
            guard !name.isEmpty, let amount = Int(digits), amount >= 0 else { return nil }
            parts.append((name, amount))
            rest = rest[close.upperBound...].drop { $0 == "," || $0 == " " || $0 == "、" }
        }
        return parts.count >= 2 && rest.isEmpty ? parts : nil
    }

    /// Who paid a row when it is not PayPay's own money: the card or bank 取引方法 names (`PayPayカード VISA 4575`,
    /// `クレジット VISA 4575`, `ゆうちょ銀行 *****71`), so the purchase is that card's and merges with its statement's line.
    /// nil for PayPay's balance or points (alone or as the parts of one row, `PayPayポイント (1円), PayPay残高 (599円)`),
    /// and for a generic word (`銀行口座`).
    static func payer(_ method: String) -> String? {
        let text = trimWhitespace(method)
        guard !text.isEmpty, !text.contains("円)"), !genericMethods.contains(text), !isOwn(text) else { return nil }
        return text
    }

    /// Whether a method is PayPay's own money: its balance, money or points.
    static func isOwn(_ method: String) -> Bool {
        method == StatementFormat.paypay.displayName || ["PayPay残高", "PayPayポイント", "PayPayマネー"].contains { method.hasPrefix($0) }
    }

    /// 取引方法 values that say how, not who: not an account.
    static let genericMethods: Set<String> = ["PayPay", "銀行口座", "クレジットカード", "その他"]

    /// Where a チャージ came from: the bank or card 取引方法 names (`ゆうちょ銀行 *****71` with 取引先 `PayPay`), else the
    /// 取引先 when it names another (an older export's `みずほ銀行` with 取引方法 `銀行口座`), else whatever 取引方法 says.
    static func chargeSource(_ fields: RowFields) -> String? {
        if let payer = payer(fields.text("取引方法")) { return payer }
        let party = trimWhitespace(fields.text("取引先"))
        if !party.isEmpty, party != StatementFormat.paypay.displayName { return party }
        let method = trimWhitespace(fields.text("取引方法"))
        return method.isEmpty || isOwn(method) ? nil : method
    }

    /// A foreign payment's amount, currency and rate; the parts of a payment split within one row.
    static func memo(_ fields: RowFields, method: String) -> String? {
        var parts: [String] = []
        let currency = fields.text("通貨")
        if !currency.isEmpty, currency != "JPY" {
            parts.append(
                [fields.text("海外出金金額"), currency, fields.text("変換レート（円）").isEmpty ? "" : "@" + fields.text("変換レート（円）"), fields.text("利用国")]
                    .filter { !$0.isEmpty }.joined(separator: " "))
        }
        if method.contains("円)") { parts.append(method) }
        return parts.isEmpty ? nil : parts.joined(separator: " / ")
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
