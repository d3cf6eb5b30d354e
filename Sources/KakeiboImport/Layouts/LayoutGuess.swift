import KakeiboKit

/// `import FILE --layout-init`: a first layout guessed from a file's header and rows, and why each part was
/// guessed as it was, for the household to check before using it.
package struct LayoutGuess: Sendable {
    package var layout: Layout
    package var encoding: SourceEncoding
    package var reasons: [Reason]

    /// Why a part of the layout is what it is.
    package enum Reason: Sendable, Equatable {
        case header(row: Int, names: [String])
        case date(column: String, format: String, rows: Int, of: Int)
        case signed(column: String, sign: Layout.Sign, negatives: Int)
        case split(spending: String, income: String)
        case description([String])
        case memo([String])
        case member(String)
        case undated(count: Int, previous: Bool)
        case stop(row: Int, text: String)
        case ignore(row: Int, text: String)
        /// The amount is what was charged, not a list price (Amazon's 請求額 over 価格) or the amount before a discount.
        case charged(column: String, over: String)
        /// A column whose words say what rows are (WAON's 利用区分): refunds, transfers, and others set aside.
        case kinds(column: String, refund: [String], transfer: [String], other: [String])
    }

    /// Why no layout could be guessed.
    package enum Problem: Error, Equatable, Sendable {
        case noDates
        case noHeader(dataRow: Int)
        case noAmount
        case noDescription
    }

    /// Reads the file's rows and guesses: the date column (the one whose cells most often read as a date in one
    /// format), the header (the last row of names above the first dated row), the amount (a spending and an income
    /// column by their names, else one signed column), the name (columns named like a shop or a description, else
    /// the longest text that varies), the rows without a date, and where the table ends.
    package static func guess(_ bytes: [UInt8], fileName: String) throws(ConvertProblem) -> LayoutGuess {
        guard let (decoded, encoding) = SourceText.decode(bytes) else { throw .notText }
        var records: [CSVRecord]
        do { records = try CSVReader.records(decoded) } catch { throw .csv(error) }
        // Tab-separated when its rows split into more fields on tabs than on commas.
        var separator = Layout.Separator.comma
        if decoded.contains("\t"), let tabbed = try? CSVReader.records(decoded, separator: Layout.Separator.tab.byte),
            tabbed.map(\.fields.count).max() ?? 0 > records.map(\.fields.count).max() ?? 0
        {
            records = tabbed
            separator = .tab
        }
        var cells = records.map { $0.fields.map { trimWhitespace($0) } }

        // The date: the column and format that read the most cells.
        func dateColumn() -> (column: Int, format: DateFormat, count: Int)? {
            var best: (column: Int, format: DateFormat, count: Int)?
            for format in DateFormat.common {
                var counts: [Int: Int] = [:]
                for row in cells {
                    for (column, cell) in row.enumerated() where isDate(cell, format) { counts[column, default: 0] += 1 }
                }
                for (column, count) in counts where count > (best?.count ?? 0) || (count == best?.count && column < (best?.column ?? 0)) {
                    best = (column, format, count)
                }
            }
            return best
        }
        var best = dateColumn()
        // None: a date written across three columns (PayPay銀行's 操作日(年), (月), (日)) is read as one, joined with
        // `/`, in a column added after the others.
        var across: [Int] = []
        if best == nil, let start = cells.lazy.compactMap(dateAcross).first {
            across = [start, start + 1, start + 2]
            cells = cells.map { row in
                let parts = across.map { cell(row, $0) }
                return row + [parts.allSatisfy(\.isEmpty) ? "" : parts.joined(separator: "/")]
            }
            best = dateColumn()
        }
        guard let (dateColumn, format, _) = best, let firstData = cells.firstIndex(where: { isDate(cell($0, dateColumn), format) }) else {
            throw .layoutGuess(.noDates)
        }
        guard let headerRow = cells[..<firstData].lastIndex(where: isHeader) else { throw .layoutGuess(.noHeader(dataRow: records[firstData].row)) }
        let header = cells[headerRow]
        let below = Array(cells[(headerRow + 1)...].enumerated()).map { (offset: $0.offset + headerRow + 1, row: $0.element) }
        let dated = below.filter { isDate(cell($0.row, dateColumn), format) }
        var reasons: [Reason] = [
            .header(row: records[headerRow].row, names: header.filter { !$0.isEmpty }),
            .date(column: header[dateColumn], format: format.pattern, rows: dated.count, of: below.filter { $0.row.contains { !$0.isEmpty } }.count),
        ]

        // The amount: numeric columns of the dated rows, named for what they hold.
        let numeric = header.indices.filter { column in
            column != dateColumn && !across.contains(column) && !header[column].isEmpty && dated.contains { number(cell($0.row, column)) != nil }
                && dated.allSatisfy { cell($0.row, column).isEmpty || cell($0.row, column) == "-" || number(cell($0.row, column)) != nil }
        }
        func named(_ words: [String], in columns: [Int]) -> Int? { columns.first { column in words.contains { header[column].contains($0) } } }
        let notBalance = numeric.filter { !["残高", "手数料", "回数", "レート", "率", "利息"].contains(where: header[$0].contains) }
        let amount: Layout.Amount
        var amountColumns: [Int]
        let moneyOut = ["出金", "支払い金額", "お引出し", "引出", "引き出し", "払出", "Debit", "Outgoing", "Withdrawal"]
        let moneyIn = ["入金", "預かり", "預入", "預け入れ", "預り", "受入", "Credit", "Incoming", "Deposit"]
        let notBoth = notBalance.filter { !header[$0].contains("入出金") }
        let split = named(moneyOut, in: notBoth).flatMap { spending in named(moneyIn, in: notBoth).map { (spending, $0) } }
        // What a row is, by its words (a wallet's 入金 is a charge; a bank's is income, which a split file says by its column).
        let kinds = kindRule(header: header, dated: dated.map(\.row), dateColumn: dateColumn, numeric: Set(numeric), wallet: split == nil)
        if let kinds { reasons.append(kinds.reason) }
        let ofNoKind = dated.filter { row in kinds.map { $0.column >= row.row.count || $0.rule.kind(row.row[$0.column]) == nil } ?? true }
        if let (spending, income) = split {
            amount = .split(spending: .name(header[spending]), income: .name(header[income]))
            amountColumns = [spending, income]
            reasons.append(.split(spending: header[spending], income: header[income]))
        } else if let column = charged(notBalance, header: header, reasons: &reasons) ?? named(["入出金"], in: notBalance)
            ?? named(["利用金額", "ご利用金額", "利用額", "金額"], in: notBalance)
            ?? notBalance.first(where: { column in !moneyIn.contains(where: header[column].contains) })
        {
            // The sign from the rows a kind doesn't set aside (PayPal's card funding mirrors each payment).
            let values = ofNoKind.compactMap { number(cell($0.row, column)) }
            let negatives = values.filter { $0 < 0 }.count
            let sign: Layout.Sign = header[column].contains("入出金") || negatives * 2 > values.count ? .negativeIsSpending : .positiveIsSpending
            amount = .signed(.name(header[column]), sign)
            amountColumns = [column]
            reasons.append(.signed(column: header[column], sign: sign, negatives: negatives))
        } else {
            throw .layoutGuess(.noAmount)
        }

        // The name: columns named like a shop or a description, else the longest text that varies.
        // Never an id, a URL, an e-mail address or a number as a name (PayPay's Transaction ID, Amazon's 商品URL).
        let text = header.indices.filter { column in
            column != dateColumn && !amountColumns.contains(column) && !numeric.contains(column) && !header[column].isEmpty
                && !isIdentifier(dated.map { cell($0.row, column) })
        }
        var hinted = text.filter { column in
            nameWords.contains(where: header[column].contains)
        }
        // 三菱UFJ's 摘要 (振込, 口座振替) and 摘要内容 (who) name a line together.
        if hinted.contains(where: { header[$0] == "摘要内容" }), let kind = text.first(where: { header[$0] == "摘要" }), !hinted.contains(kind) {
            hinted.insert(kind, at: 0)
        }
        func score(_ column: Int) -> Double {
            let values = dated.map { cell($0.row, column) }.filter { !$0.isEmpty }
            guard !values.isEmpty else { return 0 }
            let length = Double(values.reduce(0) { $0 + $1.count }) / Double(values.count)
            return length * Double(Set(values).count) / Double(dated.count)
        }
        let description = hinted.isEmpty ? text.max { score($0) < score($1) }.map { [$0] } ?? [] : hinted
        guard !description.isEmpty else { throw .layoutGuess(.noDescription) }
        reasons.append(.description(description.map { header[$0] }))
        let memo = text.filter { column in !description.contains(column) && ["備考", "メモ", "摘要"].contains(where: header[column].contains) }
        if !memo.isEmpty { reasons.append(.memo(memo.map { header[$0] })) }
        let member = text.first { column in
            !description.contains(column) && ["利用者", "本人・家族", "家族区分"].contains(where: header[column].contains)
                && Set(dated.map { cell($0.row, column) }).count <= 3 && dated.allSatisfy { cell($0.row, column).count <= 6 }
        }
        if let member { reasons.append(.member(header[member])) }
        // In a bank's file, money in with the words and the amount of money out is that money given back (a 振込手数料
        // refunded): less spending, not income.
        var givenBack: Layout.KindRule?
        if let (spending, income) = split, let named = description.first {
            let out = Set(dated.compactMap { row in number(cell(row.row, spending)).map { "\(cell(row.row, named))\u{1F}\($0)" } })
            var words: [String] = []
            for row in dated {
                guard let amount = number(cell(row.row, income)), amount > 0, out.contains("\(cell(row.row, named))\u{1F}\(amount)") else { continue }
                let word = trimWhitespace(cell(row.row, named))
                if !word.isEmpty, !words.contains(word) { words.append(word) }
            }
            if !words.isEmpty {
                givenBack = Layout.KindRule(column: .name(header[named]), words: [.refund: words])
                reasons.append(.kinds(column: header[named], refund: words, transfer: [], other: []))
            }
        }

        // Rows below the header without a date: a line dated like the one above, unless only totals have amounts;
        // a cell no format reads ends the table after the last dated row, or is passed over before it.
        let lastData = dated.last?.offset ?? headerRow
        var undatedLines = 0
        var totalsOnly = true
        var stop: [Layout.RowRule] = []
        var ignore: [Layout.RowRule] = []
        for (offset, row) in below where !isDate(cell(row, dateColumn), format) {
            let date = cell(row, dateColumn)
            if date.isEmpty {
                guard amountColumns.contains(where: { number(cell(row, $0)) != nil }), description.contains(where: { !cell(row, $0).isEmpty })
                else { continue }
                undatedLines += 1
                if !description.contains(where: { cell(row, $0).contains("計") }) { totalsOnly = false }
            } else if offset > lastData {
                stop.append(Layout.RowRule(column: .position(dateColumn + 1), test: .equals(date)))
                reasons.append(.stop(row: records[offset].row, text: date))
                break
            } else if !ignore.contains(where: { $0.test == .equals(date) }) {
                ignore.append(Layout.RowRule(column: .position(dateColumn + 1), test: .equals(date)))
                reasons.append(.ignore(row: records[offset].row, text: date))
            }
        }
        if undatedLines > 0 { reasons.append(.undated(count: undatedLines, previous: !totalsOnly)) }

        let used = ([dateColumn] + amountColumns + description + memo + [member].compactMap { $0 }).sorted()
        let stem = FileSystem.lastComponent(fileName).split(separator: ".").first.map(String.init) ?? ""
        let name = String(stem.lowercased().map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? $0 : "-" }.prefix(40))
            .trimmingCharacters(in: "-")
        let layoutName = name.isEmpty ? "my-layout" : name
        var layout = Layout(
            name: layoutName, title: layoutName, account: layoutName,
            match: used.flatMap { $0 == dateColumn && !across.isEmpty ? across : [$0] }.map { header[$0] },
            date: .name(header[across.first ?? dateColumn]), dateFormat: format, amount: amount, description: description.map { .name(header[$0]) })
        layout.dateParts = across.dropFirst().map { .name(header[$0]) }
        switch encoding {
        case .utf8: layout.encoding = .utf8
        case .shiftJIS: layout.encoding = .shiftJIS
        case .utf16: layout.encoding = .utf16
        }
        layout.separator = separator
        if let kinds { layout.kinds = [Layout.KindRule(column: .name(header[kinds.column]), words: kinds.rule.words)] }
        if let givenBack { layout.kinds.append(givenBack) }
        layout.within = max(10, headerRow + 5)
        layout.memo = memo.map { .name(header[$0]) }
        layout.member = member.map { .name(header[$0]) }
        layout.undated = undatedLines > 0 && !totalsOnly ? .previous : .skip
        layout.stop = stop
        layout.ignore = ignore
        return LayoutGuess(layout: layout, encoding: encoding, reasons: reasons)
    }

    static func cell(_ row: [String], _ column: Int) -> String { column < row.count ? row[column] : "" }

    /// The amount as charged when the file also lists a price (Amazon's 請求額 beside 価格, 商品小計) or a discount
    /// (ポケットカード's ご請求金額 beside ご利用金額 and 割引額); nil when it lists neither.
    static func charged(_ columns: [Int], header: [String], reasons: inout [Reason]) -> Int? {
        let listed = columns.first { column in ["価格", "単価", "定価", "小計"].contains(where: header[column].contains) }
        let before = header.contains { $0.contains("割引") } ? columns.first { header[$0].contains("利用金額") } : nil
        guard let over = listed ?? before, let charged = columns.first(where: { ["請求額", "請求金額"].contains(where: header[$0].contains) })
        else { return nil }
        reasons.append(.charged(column: header[charged], over: header[over]))
        return charged
    }

    /// Where a header writes a date across three columns, year, month and day in turn (操作日(年), 操作日(月),
    /// 操作日(日)); nil when it doesn't.
    static func dateAcross(_ row: [String]) -> Int? {
        guard row.count >= 3 else { return nil }
        return (0..<(row.count - 2)).first { start in
            row[start].contains("年") && row[start + 1].contains("月") && row[start + 2].contains("日") && number(row[start]) == nil
        }
    }

    /// Cells that name nothing: ids, numbers, URLs, e-mail addresses (most of those filled).
    static func isIdentifier(_ cells: [String]) -> Bool {
        let filled = cells.filter { !$0.isEmpty && $0 != "-" }
        guard !filled.isEmpty else { return false }
        let plain = filled.filter { cell in
            cell.hasPrefix("http://") || cell.hasPrefix("https://") || cell.contains("@")
                || (cell.contains(where: \.isNumber) && cell.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        }
        return plain.count * 5 >= filled.count * 4
    }

    /// Words of a column's name that say it names a line.
    static let nameWords = ["利用先", "利用店", "店名", "内容", "取引先", "利用場所", "利用箇所", "商品名", "Business Name", "名前", "Description"]

    static let refundWords = ["取消", "返金", "Refund", "キャンセル"]
    static let transferWords = ["チャージ", "Top-Up"]
    static let otherWords = ["ポイント", "Point", "Money Received", "Money Sent", "送金", "受け取"]

    /// The column whose few words say what rows are: refunds (取消, Refund), transfers (チャージ, Top-Up; in a file of
    /// one amount column also 入金, money put in) and others (points, money between people). nil when none.
    static func kindRule(header: [String], dated: [[String]], dateColumn: Int, numeric: Set<Int>, wallet: Bool)
        -> (column: Int, rule: Layout.KindRule, reason: Reason)?
    {
        var best: (column: Int, rule: Layout.KindRule, rows: Int)?
        // How a row was paid (PayPay's 取引方法 `PayPayポイント (1円), PayPay残高 (2,599円)`) is no kind, nor is what
        // names it (a card's ＰａｙＰａｙ　チャージ is a purchase as far as the card knows; the accounts make it a transfer).
        let paid = ["方法", "Method", "Payment Option", "支払い区分"] + nameWords + ["摘要"]
        for column in header.indices
        where column != dateColumn && !numeric.contains(column) && !header[column].isEmpty && !paid.contains(where: header[column].contains) {
            let values = dated.map { trimWhitespace(cell($0, column)) }.filter { !$0.isEmpty && $0 != "-" }
            let words = Set(values)
            // A few words, repeated, or in a column named for a kind (SFCard's メモ: 物販, ｵｰﾄﾁｬｰｼﾞ, ﾊﾞｽ/路面等).
            let namedKind = ["区分", "種別", "タイプ", "Type", "メモ", "ステータス", "Status"].contains(where: header[column].contains)
            guard words.count >= 2 || namedKind, words.count <= 10, words.count < values.count || namedKind else { continue }
            let folded = { (word: String) in WidthFold.fold(word) }
            var found: [Layout.KindRule.Kind: [String]] = [:]
            for word in words.sorted() {
                let text = folded(word)
                if refundWords.contains(where: text.contains) {
                    found[.refund, default: []].append(word)
                } else if transferWords.contains(where: text.contains) || (wallet && text.hasSuffix("入金")) {
                    found[.transfer, default: []].append(word)
                } else if otherWords.contains(where: text.hasPrefix) {
                    found[.other, default: []].append(word)
                }
            }
            guard !found.isEmpty else { continue }
            let rule = Layout.KindRule(column: .name(header[column]), words: found)
            let rows = values.filter { rule.kind($0) != nil }.count
            if rows > (best?.rows ?? 0) { best = (column, rule, rows) }
        }
        guard let best else { return nil }
        let words = { (kind: Layout.KindRule.Kind) in best.rule.words[kind] ?? [] }
        return (best.column, best.rule, .kinds(column: header[best.column], refund: words(.refund), transfer: words(.transfer), other: words(.other)))
    }

    static func isDate(_ text: String, _ format: DateFormat) -> Bool {
        // Without a year, any year the day is in: 2/29 is one (2000 was a leap year).
        guard !text.isEmpty, let (year, month, day, era) = format.parse(text), let date = CalendarDate(year: year ?? 2000, month: month, day: day)
        else {
            return false
        }
        return era?.holds(date) ?? true
    }

    /// A row of names: at least two cells, none of them a date or a number.
    static func isHeader(_ row: [String]) -> Bool {
        let filled = row.filter { !$0.isEmpty }
        return filled.count >= 2 && filled.allSatisfy { cell in number(cell) == nil && !DateFormat.common.contains { isDate(cell, $0) } }
    }

    /// A cell as an amount ("3,990", "-1290", "￥1,000"); nil when it isn't one.
    static func number(_ text: String) -> Int? {
        guard !text.isEmpty else { return nil }
        return (try? StatementFields.yen(text) { _ in .notText }) ?? nil
    }
}

extension String {
    /// The text without `character` at either end.
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var text = self[...]
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return String(text)
    }
}

extension LayoutGuess.Reason {
    package func message(in language: Language) -> String {
        switch self {
        case .header(let row, let names):
            return language.pick("header: row \(row) (\(names.joined(separator: ", ")))", "見出し: \(row) 行目（\(names.joined(separator: "、"))）")
        case .date(let column, let format, let rows, let total):
            return language.pick(
                "date: \(column), as \(format) (\(rows) of the \(total) rows below the header)",
                "日付: \(column)、形式 \(format)（見出しの下 \(total) 行のうち \(rows) 行）")
        case .signed(let column, let sign, let negatives):
            return sign == .negativeIsSpending
                ? language.pick(
                    "amount: \(column), one column, negative is money out (\(negatives) negative)",
                    "金額: \(column) の 1 列、マイナスが出金（マイナス \(negatives) 行）")
                : language.pick(
                    "amount: \(column), one column, positive is spending (\(negatives) negative: refunds)",
                    "金額: \(column) の 1 列、プラスが支出（マイナス \(negatives) 行は返金）")
        case .split(let spending, let income):
            return language.pick("amount: money out in \(spending), money in in \(income)", "金額: 出金は \(spending)、入金は \(income)")
        case .description(let columns):
            return language.pick("name: \(columns.joined(separator: " + "))", "名前: \(columns.joined(separator: " + "))")
        case .memo(let columns): return language.pick("memo: \(columns.joined(separator: ", "))", "メモ: \(columns.joined(separator: "、"))")
        case .member(let column):
            return language.pick("member: \(column) (map it with 'kakeibo rules member')", "メンバー: \(column)（'kakeibo rules member' で対応づけ）")
        case .undated(let count, let previous):
            return previous
                ? language.pick(
                    "\(count) undated rows with an amount: dated like the line above", "日付がなく金額のある行 \(count) 行: 上の行の日付にします")
                : language.pick(
                    "\(count) undated rows with an amount, all totals: passed over", "日付がなく金額のある行 \(count) 行はどれも合計: 除外します")
        case .stop(let row, let text):
            return language.pick("end of the table: row \(row) ('\(text)')", "表の終わり: \(row) 行目（'\(text)'）")
        case .ignore(let row, let text):
            return language.pick("passed over: row \(row) ('\(text)')", "除外: \(row) 行目（'\(text)'）")
        case .charged(let column, let over):
            return language.pick(
                "amount: \(column), what was charged (not \(over))", "金額: 請求された \(column)（\(over) ではなく）")
        case .kinds(let column, let refund, let transfer, let other):
            let list = { (words: [String]) in words.map { "'\($0)'" }.joined(separator: language.pick(", ", "、")) }
            var parts: [String] = []
            if !refund.isEmpty { parts.append(language.pick("refunds \(list(refund))", "返金 \(list(refund))")) }
            if !transfer.isEmpty { parts.append(language.pick("transfers \(list(transfer))", "振替 \(list(transfer))")) }
            if !other.isEmpty { parts.append(language.pick("set aside \(list(other))", "除外 \(list(other))")) }
            return language.pick("kinds: \(column): ", "種別: \(column): ") + parts.joined(separator: language.pick("; ", "。"))
        }
    }
}

extension LayoutGuess {
    /// What `--layout-init` says on stderr: where the guesses came from, then what to do with the layout.
    package func explanation(fileName: String, directory: String, in language: Language, reading bytes: [UInt8]? = nil, today: CalendarDate? = nil)
        -> String
    {
        var lines = [
            language.pick(
                "A layout guessed from \(fileName) (\(encoding.rawValue)):", "\(fileName)（\(encoding.rawValue)）から推定したレイアウト:")
        ]
        lines += reasons.map { "  " + $0.message(in: language) }
        if let bytes { lines += reading(bytes, fileName: fileName, today: today, in: language) }
        let path = FileSystem.join(directory, layout.name + ".json")
        lines.append(
            language.pick(
                "Check it, set \"title\" and \"account\" (the payment its lines get), then save it as \(path) so that imports find it, or use it with --layout FILE; --dry-run shows what it reads.",
                "確認して \"title\" と \"account\"（明細の支払方法）を直し、\(path) に保存すると取り込みで自動的に使われます（--layout FILE で指定も可）。--dry-run で読み取り結果を確かめられます。"
            ))
        return lines.map { terminalSafe($0) }.joined(separator: "\n")
    }
}
