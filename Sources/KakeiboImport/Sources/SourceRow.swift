import KakeiboKit

/// The apps whose CSV exports kakeibo imports.
package enum ImportSource: String, CaseIterable, Sendable {
    case moneyforward, zaim

    package var displayName: String {
        switch self {
        case .moneyforward: "MoneyForward ME"
        case .zaim: "Zaim"
        }
    }

    /// The export's header, in the app's order.
    package var columns: [String] {
        switch self {
        case .moneyforward: MoneyForward.columns
        case .zaim: Zaim.columns
        }
    }

    /// Other spellings of a column in older exports, by today's name: Zaim's ジャンル, 商品 and 場所.
    package var aliases: [String: [String]] {
        switch self {
        case .moneyforward: [:]
        case .zaim: Zaim.aliases
        }
    }

    /// The start of the ids kakeibo gives this source's entries: "mf:" + MoneyForward's ID; "z:" + a hash for
    /// Zaim, kept short because tables show an id's first 8 characters, and those must tell items apart.
    var idPrefix: String {
        switch self {
        case .moneyforward: "mf:"
        case .zaim: "z:"
        }
    }

    /// What one row of the export means for kakeibo.
    func interpret(_ fields: RowFields) throws(ConvertProblem) -> SourceRow {
        switch self {
        case .moneyforward: try MoneyForward.interpret(fields)
        case .zaim: try Zaim.interpret(fields)
        }
    }
}

/// A category as the other app names it: 大項目 / 中項目 (MoneyForward), カテゴリ / カテゴリの内訳 (Zaim).
package struct SourceCategory: Hashable, Sendable {
    package var major: String
    package var minor: String

    package init(_ major: String, _ minor: String = "") {
        self.major = major
        self.minor = minor
    }

    /// "食費/食料品", or "食費" without a subcategory: how mapping files and messages name it.
    package var name: String { minor.isEmpty ? major : major + "/" + minor }
}

/// One row of an export as kakeibo sees it: an expense (or refund) to import, or a row to skip and why.
struct SourceRow {
    enum Kind: Equatable {
        /// The kakeibo price: positive for a purchase, negative for a refund.
        case expense(Yen)
        /// Money that came in (a salary, a bonus): the kakeibo price of an item in an income category, or why the
        /// row is skipped all the same (not counted, zero) when the taxonomy has income categories to put it in.
        case income(Yen, skip: SkipReason?)
        /// Money moved between two of the household's accounts (MoneyForward's 振替, Zaim's transfer): how much, from
        /// which account to which, as the export names them (either may be unknown).
        case transfer(Yen, from: String, to: String)
        case skipped(SkipReason)
    }

    var row: Int
    var line: Int
    var kind: Kind
    var date: CalendarDate
    var category: SourceCategory
    /// Candidates for the item's name, best first; the first that isn't empty is used.
    var names: [String]
    /// The app's own id for the entry (MoneyForward's ID), if it has one.
    var sourceID: String?
    /// The fields that identify an entry without an id; their hash and the occurrence number make its id.
    var identity: [String]
    /// What the app records beside the entry that kakeibo keeps: payment, shop, memo (raw; see `Converter.detail`).
    var details: [DetailField: String] = [:]
    /// Counted in its year, not its month (Zaim's 年の集計にのみ含める): the item gets `Tags.yearOnly`.
    var yearOnly = false
}

/// One record's fields by column name, with the conversions both formats need; every failure names the row and
/// the column.
struct RowFields {
    let record: CSVRecord
    let index: [String: Int]
    /// Zaim writes "-" for an empty field.
    let dashIsEmpty: Bool

    /// The field, trimmed; "" for an empty one.
    func text(_ column: String) -> String {
        guard let position = index[column], position < record.fields.count else { return "" }
        let value = trimWhitespace(record.fields[position])
        return dashIsEmpty && value == "-" ? "" : value
    }

    func fail(_ column: String, _ issue: ConvertProblem.FieldIssue) -> ConvertProblem {
        .field(row: record.row, line: record.line, column: column, issue)
    }

    /// A date written year, month, day with `separator` ("2024/12/03"; a one-digit month or day is fine).
    func date(_ column: String, separator: Character, example: String) throws(ConvertProblem) -> CalendarDate {
        let value = text(column)
        let parts = value.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].utf8.count == 4, (1...2).contains(parts[1].utf8.count),
            (1...2).contains(parts[2].utf8.count), parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { throw fail(column, .date(value, example: example)) }
        return try checkedDate(column, value, year: year, month: month, day: day)
    }

    /// The day `value` names once read as year, month and day: a month outside 1–12, a day its month doesn't have
    /// or a year kakeibo doesn't keep is refused, naming the column.
    func checkedDate(_ column: String, _ value: String, year: Int, month: Int, day: Int) throws(ConvertProblem) -> CalendarDate {
        guard (1...12).contains(month) else { throw fail(column, .value(.dateMonth(value))) }
        guard let date = CalendarDate(year: year, month: month, day: day) else {
            guard (Year.minimum...Year.maximum).contains(year) else { throw fail(column, .value(.year(String(year)))) }
            throw fail(column, .value(.dateDay(value, year: year, month: month, days: CalendarDate.days(year: year, month: month))))
        }
        return date
    }

    /// A whole number of yen ("-1200", "1,200"); zero is allowed here (the row is then skipped).
    func amount(_ column: String) throws(ConvertProblem) -> Int {
        let value = text(column)
        let digits = value.hasPrefix("-") ? value.dropFirst() : value[...]
        if !digits.isEmpty, digits.allSatisfy({ $0 == "0" }) { return 0 }
        do { return try Yen.parsePrice(value, asTyped: false).amount } catch {
            if case .price(_, .tooLarge) = error { throw fail(column, .value(error)) }
            throw fail(column, .amount(value))
        }
    }

    /// "0" or "1".
    func flag(_ column: String) throws(ConvertProblem) -> Bool {
        switch text(column) {
        case "0": return false
        case "1": return true
        case let other: throw fail(column, .flag(other))
        }
    }
}
