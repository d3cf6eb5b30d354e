import KakeiboKit

/// 楽天カード e-NAVI's 利用明細 CSV, in every shape it comes in: UTF-8 (with or without a BOM) or Shift_JIS; 10, 11
/// or 12 columns found by name (手数料/利息 or the older 支払手数料; 当月請求額 and 支払月 or not; the month columns
/// named 12月支払金額, 1月繰越残高…); undated rows under a purchase (a foreign amount and its rate, an ETC route);
/// and a "■ご利用キャンセルなど" section whose rows are cancellations written as positive amounts.
///
/// The same bill comes as the current month's CSV, whose names carry a brand prefix ("ＶＩＳＡ国内利用　VS …",
/// "海外利用　１　…"), and after it closes without it ("…利用国USA" for a foreign purchase); an installment is
/// listed in every bill it is paid in, "(1回目)", "(2回目)". A line's id is made from the name without the prefix
/// or suffix and the payment without "(n回目)", so either form, in any month, is the same line.
enum RakutenCard {
    /// The columns every variant has.
    static let required = ["利用日", "利用店名・商品名", "利用金額"]
    /// One of these names the fee column (or the total after it), which tells e-NAVI's file from another card's.
    static let feeColumns = ["手数料/利息", "支払手数料", "支払総額"]
    static let aliases = ["支払方法": ["支払い区分"]]

    static func columns(_ records: [CSVRecord]) -> [String: Int]? {
        guard let first = records.first, let index = StatementFields.header(first, required: required, aliases: aliases),
            feeColumns.contains(where: { index[$0] != nil })
        else { return nil }
        return index
    }

    static func recognises(_ records: [CSVRecord]) -> Bool { columns(records) != nil }

    /// Each dated row is a purchase of 利用金額 yen (a negative amount is a refund) by 利用者 (本人, 家族, ETC);
    /// rows after a キャンセル heading are cancellations (a negative price).
    static func read(_ records: [CSVRecord]) throws(ConvertProblem) -> StatementLines {
        guard let index = columns(records) else { throw .notStatement(.rakutenCard, looksLike: nil) }
        var read = StatementLines()
        read.variant = variant(records[0])
        var occurrences: [String: Int] = [:]
        var formerOccurrences: [String: Int] = [:]
        var cancellations = false
        var undated = 0
        let billColumn = billMonthColumn(records[0])
        var billed = 0
        for record in records.dropFirst() {
            if StatementFields.isBlank(record) { continue }
            let first = trimWhitespace(record.fields[0])
            if first.hasPrefix("■") {
                cancellations = first.contains("キャンセル") || first.contains("取消")
                if !cancellations { read.notes.append(.unknownSection(first, row: record.row)) }
                continue
            }
            read.rows += 1
            let fields = RowFields(record: record, index: index, dashIsEmpty: false)
            let amountText = fields.text("利用金額")
            let shop = fields.text("利用店名・商品名")
            if fields.text("利用日").isEmpty ? StatementFields.isSummary(shop) : StatementFields.isSummaryLine(shop) {
                // A total or a balance carried forward, not a purchase dated like the line above.
                read.skip(.summary, amount: abs((try? StatementFields.amount(fields, "利用金額")) ?? 0))
                continue
            }
            if !(fields.text("利用日").isEmpty && amountText.isEmpty) {
                // A purchase has every column of the header: one with fewer is a file cut short.
                try StatementFields.checkCount(record, records[0].fields.count)
            }
            if fields.text("利用日").isEmpty, amountText.isEmpty {
                // 現地利用額…変換レート…, an ETC route: a note on the purchase above it.
                let text = record.fields.map(trimWhitespace).filter { !$0.isEmpty }.joined(separator: " ")
                if !read.attach(text) { read.skip(.other) }
                continue
            }
            let date: CalendarDate
            var isUndated = false
            if fields.text("利用日").isEmpty {
                guard let previous = read.lines.last?.date else { throw fields.fail("利用日", .date("", example: "2024/12/03")) }
                date = previous
                isUndated = true
                undated += 1
            } else {
                date = try fields.date("利用日", separator: "/", example: "2024/12/03")
            }
            let amount = try StatementFields.amount(fields, "利用金額")
            guard amount != 0 else {
                read.skip(.zero)
                continue
            }
            let raw = fields.text("利用店名・商品名")
            let name = bareName(raw)
            let method = fields.text("支払方法")
            let user = fields.text("利用者")
            let key = StatementFields.contentKey(
                [fields.text("利用日"), name, user, withoutInstalment(method), amountText] + (cancellations ? ["キャンセル"] : []), &occurrences)
            // What kakeibo before 0.30 made of the same row (the raw name and method), so a store it filled doesn't double.
            let former = cancellations ? [] : [StatementFields.contentKey([fields.text("利用日"), raw, user, method, amountText], &formerOccurrences)]
            if let column = index["当月請求額"] != nil ? "当月請求額" : billColumn?.name, let part = try StatementFields.amountIfAny(fields, column) {
                billed += cancellations ? -abs(part) : part
            }
            read.lines.append(
                StatementFields.line(
                    StatementFormat.rakutenCard.idPrefix, record: record, date: date, name: name,
                    fallbackName: StatementFormat.rakutenCard.displayName,
                    price: cancellations ? -abs(amount) : amount, payment: StatementFormat.rakutenCard.displayName, user: user, key: key,
                    formerKeys: former, undated: isUndated))
        }
        if undated > 0 { read.notes.append(.undated(count: undated)) }
        if let month = billColumn?.month, let latest = read.lines.map(\.date).max(), billed > 0 {
            let year = month < latest.month ? latest.year + 1 : latest.year
            if let billing = CalendarDate(year: year, month: month, day: 1) { read.bill = CardBill(amount: Yen(billed), month: billing.yearMonth) }
        }
        return read
    }

    /// The column of what this bill draws, `12月支払金額`: its name and the month it names. The statement states no
    /// due day, only the month; its bill is the sum of 当月請求額 where there is one (cancellations netted), else of this
    /// column, cancellations taken off.
    static func billMonthColumn(_ header: CSVRecord) -> (name: String, month: Int)? {
        for field in header.fields {
            let name = trimWhitespace(field)
            guard name.hasSuffix("月支払金額") else { continue }
            if let month = Int(name.dropLast("月支払金額".count)), (1...12).contains(month) { return (name, month) }
        }
        return nil
    }

    /// "11 columns, 手数料/利息, 当月請求額": what tells the variants apart.
    static func variant(_ header: CSVRecord) -> String {
        let names = Set(header.fields.map(trimWhitespace))
        let marks = ["手数料/利息", "支払手数料", "当月請求額", "支払月"].filter(names.contains)
        return "e-NAVI, \(header.fields.count) columns" + (marks.isEmpty ? "" : ", " + marks.joined(separator: ", "))
    }

    /// The name without the brand prefix of the current month's CSV ("ＶＩＳＡ国内利用　VS ", "マスター国内利用　MZZ ",
    /// "海外利用　１　") and the country suffix of the closed one ("利用国USA"), as written otherwise.
    static func bareName(_ raw: String) -> String {
        var scalars = Array(raw.unicodeScalars)
        let folded = scalars.map { fold($0) }
        var start = 0
        // An optional brand, then 国内利用 or 海外利用.
        for brand in ["VISA", "JCB", "マスター", "AMEX", "ダイナース", ""] {
            let marker = Array((brand + "国内利用").unicodeScalars)
            let foreign = Array((brand + "海外利用").unicodeScalars)
            if folded.starts(with: marker) || folded.starts(with: foreign) {
                start = marker.count
                break
            }
        }
        if start > 0 {
            while start < scalars.count, isWhitespace(scalars[start]) { start += 1 }
            // Then a short code (VS, MZZ, QP) or a count (１) before the next space.
            var end = start
            while end < scalars.count, end - start < 3, isCodeCharacter(folded[end]) { end += 1 }
            if end > start, end < scalars.count, isWhitespace(scalars[end]) {
                start = end
                while start < scalars.count, isWhitespace(scalars[start]) { start += 1 }
            }
            scalars.removeFirst(min(start, scalars.count))
        }
        // "…利用国USA": the country as two or three capital letters.
        let rest = Array(scalars.map { fold($0) })
        let suffix = Array("利用国".unicodeScalars)
        if rest.count > suffix.count + 2 {
            for letters in [3, 2] where rest.count > suffix.count + letters {
                let cut = rest.count - letters - suffix.count
                if Array(rest[cut..<(cut + suffix.count)]) == suffix, rest[(cut + suffix.count)...].allSatisfy({ ("A"..."Z").contains($0) }) {
                    scalars.removeLast(letters + suffix.count)
                    break
                }
            }
        }
        let bare = String(String.UnicodeScalarView(scalars))
        return trimWhitespace(bare).isEmpty ? raw : trimWhitespace(bare)
    }

    /// A full-width letter or digit as its ASCII twin.
    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0xFF01...0xFF5E).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFF01 + 0x21) ?? scalar : scalar
    }

    static func isCodeCharacter(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) }

    /// "分割3回払い(2回目)" as "分割3回払い": the installment, whichever of its bills lists it.
    static func withoutInstalment(_ method: String) -> String {
        let folded = String(String.UnicodeScalarView(method.unicodeScalars.map { fold($0) }))
        guard folded.hasSuffix("回目)"), let open = folded.lastIndex(of: "(") else { return method }
        let inside = folded[folded.index(after: open)...].dropLast(3)
        guard !inside.isEmpty, inside.allSatisfy(\.isASCII), inside.allSatisfy(\.isNumber) else { return method }
        return trimWhitespace(String(folded[..<open]))
    }
}
