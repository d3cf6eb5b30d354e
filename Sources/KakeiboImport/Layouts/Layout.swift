import KakeiboKit

/// How to read one bank's or card's CSV: where its header is, which columns hold the date, the amount and the
/// name, the encoding, the rows to pass over and the account the file is. A small JSON file (docs/statements.md
/// "Layouts"); kakeibo ships some (`ShippedLayouts`), a household keeps its own in the configuration directory's
/// `layouts/`, and `import FILE --layout-init` writes a first one from a file.
package struct Layout: Hashable, Sendable {
    /// A column by its name in the header, or by its place (1 is the first).
    package enum Column: Hashable, Sendable {
        case name(String)
        case position(Int)

        var json: JSONValue {
            switch self {
            case .name(let name): .string(name)
            case .position(let position): .integer(position)
            }
        }

        var label: String {
            switch self {
            case .name(let name): name
            case .position(let position): "#\(position)"
            }
        }
    }

    package enum Encoding: String, Hashable, Sendable, CaseIterable {
        /// UTF-8 when the bytes are, else Shift_JIS (CP932).
        case auto
        case utf8 = "utf-8"
        case shiftJIS = "cp932"
        /// UTF-16 with its byte order mark (新生銀行 PowerFlex's download).
        case utf16 = "utf-16"
    }

    /// What separates a row's fields.
    package enum Separator: String, Hashable, Sendable, CaseIterable {
        case comma
        case tab

        var byte: UInt8 { self == .tab ? 0x09 : UInt8(ascii: ",") }
    }

    /// Which way an amount column counts.
    package enum Sign: String, Hashable, Sendable, CaseIterable {
        /// A card: a purchase is positive, a refund negative.
        case positiveIsSpending = "positive-is-spending"
        /// A bank's one signed column: money out is negative; positive is money in (income).
        case negativeIsSpending = "negative-is-spending"
    }

    package enum Amount: Hashable, Sendable {
        /// One column, counted as `Sign` says.
        case signed(Column, Sign)
        /// Money out in one column, money in (income) in another.
        case split(spending: Column, income: Column)
    }

    /// What a row without a date is.
    package enum Undated: String, Hashable, Sendable, CaseIterable {
        /// Passed over and counted (a section heading, a totals row).
        case skip
        /// A line on the date of the line above it (JCB's ≪その他≫ rows).
        case previous
        /// The file is refused.
        case refuse
    }

    /// A test on one cell of a row.
    package struct RowRule: Hashable, Sendable {
        package enum Test: Hashable, Sendable {
            case equals(String)
            /// A regular expression, found anywhere in the cell.
            case matches(String)
        }
        package var column: Column
        package var test: Test
    }

    /// What a row is, told by the words of one of its cells (WAON's 利用区分, りそな's ステータス): the first rule
    /// whose column holds one of its words says. A refund gives money back — in a file with money-out and money-in
    /// columns, a money-in row of that kind (not income); in a file of one amount column, a row of that kind,
    /// whatever its sign —; a charge is money put into the account (an e-money card's チャージ) from what the cell
    /// names (VIEW, 現金, 銀行口座): a transfer, recorded; a transfer and anything other (points, money between people)
    /// are set aside and counted.
    package struct KindRule: Hashable, Sendable {
        package enum Kind: String, Hashable, Sendable, CaseIterable {
            case refund, charge, transfer, other
        }
        package var column: Column
        /// The words of each kind, as the cell holds them (compared trimmed, in one width).
        package var words: [Kind: [String]]

        /// The kind the row's cell says, if any.
        func kind(_ cell: String) -> Kind? {
            let text = WidthFold.fold(trimWhitespace(cell))
            return Kind.allCases.first { kind in (words[kind] ?? []).contains { WidthFold.fold(trimWhitespace($0)) == text } }
        }
    }

    /// How messages name the date's column (or columns: `操作日(年)/操作日(月)/操作日(日)`).
    var dateLabel: String { ([date] + dateParts).map(\.label).joined(separator: "/") }

    /// The schema this kakeibo writes and reads.
    package static let schema = 1

    /// The word `--layout` and messages use ("aeon-card").
    package var name: String
    /// As people name the service ("イオンカード").
    package var title: String
    /// The payment every line gets, and part of every line's id.
    package var account: String
    package var encoding: Encoding = .auto
    package var separator: Separator = .comma
    /// Names that must all be in one row, within the first `within` rows, for a file to be this layout.
    package var match: [String]
    package var within = 20
    /// Other spellings of a column's name (an older header's), by the name the layout uses.
    package var aliases: [String: [String]] = [:]
    package var date: Column
    /// More columns the date is written across (PayPay銀行's 操作日(年), (月), (日)): read after `date`'s, joined with
    /// `/`, so `yyyy/M/d` reads them.
    package var dateParts: [Column] = []
    package var dateFormat: DateFormat
    package var undated: Undated = .skip
    package var amount: Amount
    /// The columns that name a line, joined with a space; the first non-empty one is also its shop.
    package var description: [Column]
    package var memo: [Column] = []
    /// Who used the card (本人, 家族), mapped to a member by `kakeibo rules member`.
    package var member: Column?
    /// A column holding the bank's own id for the line, when it has one.
    package var id: Column?
    /// Cell values that mean nothing there.
    package var empty: [String] = ["", "-"]
    /// Rows passed over (and counted).
    package var ignore: [RowRule] = []
    /// Rows that end the table: they and every row after them are passed over.
    package var stop: [RowRule] = []
    /// Patterns of a line's name that make it a transfer between the household's own accounts, set aside.
    package var transfers: [String] = []
    /// Rows' kinds by their words (`KindRule`), the first rule that says one winning.
    package var kinds: [KindRule] = []
    /// A shop's own history of what was bought there (Amazon's orders), not an account's: its lines name no payment,
    /// so each merges with the line of whatever card or account paid it, and `account` only keys the lines' ids.
    package var shop = false
    /// The column stating the account's balance after each row; when nil, a column whose name says 残高 (or Balance).
    package var balance: Column?
    /// Where it came from: "shipped with kakeibo" or its file's path, for messages.
    package var origin: String = ""

    package init(
        name: String, title: String, account: String, match: [String], date: Column, dateFormat: DateFormat, amount: Amount, description: [Column]
    ) {
        self.name = name
        self.title = title
        self.account = account
        self.match = match
        self.date = date
        self.dateFormat = dateFormat
        self.amount = amount
        self.description = description
    }

    /// Every column the layout names, for the check that the header has them.
    var columns: [Column] {
        var all = [date] + dateParts + description + memo + [member, id, balance].compactMap { $0 }
        switch amount {
        case .signed(let column, _): all.append(column)
        case .split(let spending, let income): all += [spending, income]
        }
        return all + (ignore + stop).map(\.column) + kinds.map(\.column)
    }

    /// The row (0-based) of the header: the first of the first `within` rows holding every `match` name.
    func headerPosition(_ records: [CSVRecord]) -> Int? {
        StatementFields.findHeader(records, within: within, required: match, aliases: aliases)?.position
    }
}

extension Layout {
    /// The layout as its file writes it: the JSON `Layout.parse` reads.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("schema", .integer(Layout.schema)), ("name", .string(name)), ("title", .string(title)), ("account", .string(account)),
            ("encoding", .string(encoding.rawValue)),
        ]
        if separator != .comma { members.append(("separator", .string(separator.rawValue))) }
        var header: [(String, JSONValue)] = [("match", .array(match.map { .string($0) })), ("within", .integer(within))]
        if !aliases.isEmpty {
            header.append(("aliases", .object(aliases.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value.map { .string($0) })) })))
        }
        members.append(("header", .object(header)))
        members.append(
            (
                "date",
                .object([
                    ("column", dateParts.isEmpty ? date.json : .array(([date] + dateParts).map(\.json))), ("format", .string(dateFormat.pattern)),
                    ("undated", .string(undated.rawValue)),
                ])
            ))
        switch amount {
        case .signed(let column, let sign): members.append(("amount", .object([("column", column.json), ("sign", .string(sign.rawValue))])))
        case .split(let spending, let income): members.append(("amount", .object([("spending", spending.json), ("income", income.json)])))
        }
        members.append(("description", .array(description.map(\.json))))
        if !memo.isEmpty { members.append(("memo", .array(memo.map(\.json)))) }
        if let member { members.append(("member", member.json)) }
        if let id { members.append(("id", id.json)) }
        if empty != ["", "-"] { members.append(("empty", .array(empty.map { .string($0) }))) }
        func rules(_ rules: [RowRule]) -> JSONValue {
            .array(
                rules.map { rule in
                    switch rule.test {
                    case .equals(let text): .object([("column", rule.column.json), ("equals", .string(text))])
                    case .matches(let pattern): .object([("column", rule.column.json), ("matches", .string(pattern))])
                    }
                })
        }
        if !ignore.isEmpty { members.append(("ignore", rules(ignore))) }
        if !stop.isEmpty { members.append(("stop", rules(stop))) }
        if !transfers.isEmpty { members.append(("transfers", .array(transfers.map { .string($0) }))) }
        if shop { members.append(("shop", .bool(true))) }
        if let balance { members.append(("balance", balance.json)) }
        if !kinds.isEmpty {
            members.append(
                (
                    "kinds",
                    .array(
                        kinds.map { rule in
                            .object(
                                [("column", rule.column.json)]
                                    + KindRule.Kind.allCases.compactMap { kind in
                                        rule.words[kind].map { (kind.rawValue, .array($0.map { .string($0) })) }
                                    })
                        })
                ))
        }
        return .object(members)
    }

    /// The layout file's text, pretty-printed.
    package var fileText: String {
        var writer = JSONWriter()
        json.write(to: &writer)
        return writer.text + "\n"
    }
}
