import KakeiboReports
import KakeiboStore
import KakeiboValues

/// Reports as CSV (RFC 4180: a header row, CRLF line ends, fields quoted when they hold a comma, quote or line end).
/// A text cell a spreadsheet would run as a formula is escaped as every spreadsheet writer does (`SpreadsheetCell`).
public enum CSVRenderer {
    /// U+FEFF, the byte order mark `--bom` puts first: Excel on Japanese Windows reads a CSV file as Shift_JIS
    /// unless it starts with one, and shows UTF-8 names as mojibake.
    public static let byteOrderMark = "\u{FEFF}"

    /// The CSV text, with the byte order mark first when `mark` is set.
    public static func marked(_ text: String, _ mark: Bool) -> String { mark ? byteOrderMark + text : text }

    /// One row per item: `id,date,name,price,category,subcategory,payment,shop,memo,member,personal,tags`; the spending
    /// items, then the income items (their category is an income category, such as `income`).
    public static func month(_ report: MonthReport, taxonomy: Taxonomy) -> String {
        items(report.items + report.income.items, taxonomy: taxonomy)
    }

    /// Items in the order given, one row each: `id,date,name,price,category,subcategory,payment,shop,memo,member,personal,tags` (as `month` and `export`).
    public static func items(_ items: [Item], taxonomy: Taxonomy) -> String {
        var out = row(["id", "date", "name", "price", "category", "subcategory"] + detailColumns)
        for item in items {
            out += row(
                [
                    item.id, item.date.iso, item.name, String(item.price.amount),
                    taxonomy.key(category: item.category.category),
                    item.category.subcategory.map { taxonomy.key(category: item.category.category, subcategory: $0) } ?? "",
                ] + detailCells(item.details))
        }
        return out
    }

    /// The detail columns, after the older ones so that they keep their positions (tags last: they came last).
    static let detailColumns = DetailField.allCases.map(\.rawValue) + ["personal", "tags"]

    /// An item's detail cells: empty when absent, personal "1" or "", the tags separated by spaces (a tag has none).
    static func detailCells(_ details: ItemDetails) -> [String] {
        DetailField.allCases.map { details[$0] ?? "" } + [details.personal ? "1" : "", details.tags.joined(separator: " ")]
    }

    /// One row per month and breakdown row: `month,category,subcategory,label,total,count,share`.
    /// Each month starts with its total (category empty, label "Total"); months without items have only that row.
    /// A month with income follows its breakdown with a row of category `income` and one of category `balance`
    /// (label "Income"/"収入" and "Balance"/"収支"; count and share empty): income is never in the total or breakdown.
    public static func year(_ report: YearReport, taxonomy: Taxonomy, language: Language) -> String {
        var out = row(["month", "category", "subcategory", "label", "total", "count", "share"])
        for month in report.months {
            let period = YearMonth(uncheckedYear: report.year, month: month.month).iso
            out += row([period, "", "", Labels.total(language), String(month.total.amount), String(month.count), month.count > 0 ? "1" : "0"])
            for slice in month.breakdown {
                out += row([
                    period, taxonomy.key(category: slice.category),
                    slice.subcategory.map { taxonomy.key(category: slice.category, subcategory: $0) } ?? "",
                    Labels.rowLabel(slice, report.grouping, taxonomy, language), String(slice.total.amount),
                    String(slice.count), shareText(slice.share),
                ])
            }
            if month.income != .zero {
                out += row([period, "income", "", language.pick("Income", "収入"), String(month.income.amount), "", ""])
                out += row([period, "balance", "", language.pick("Balance", "収支"), String(month.balance.amount), "", ""])
            }
        }
        return out
    }

    /// One CSV record, quoted as RFC 4180 asks, ending in CRLF.
    public static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    static func field(_ text: String) -> String { quoted(SpreadsheetCell.text(text)) }

    private static func quoted(_ text: String) -> String {
        // Bytes, not characters: the same answer (CRLF holds a CR) without splitting thousands of names into graphemes.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        return "\"" + text.replacingEvery("\"", with: "\"\"") + "\""
    }

    static func shareText(_ share: Double) -> String {
        var writer = JSONWriter()
        writer.fraction(share)
        return writer.text
    }
}
