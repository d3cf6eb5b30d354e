/// A text cell as every spreadsheet writer puts it (CSV, TSV): one a spreadsheet would run as a formula — starting
/// with =, +, -, @, a tab or a CR — gets a leading ' (as OWASP advises), so a payee `=HYPERLINK(…)` stays text;
/// numbers, a refund's -500 included, stay numbers. (An xlsx workbook's text is an inline string, which no
/// spreadsheet runs: it needs nothing.)
public enum SpreadsheetCell {
    public static func text(_ text: String) -> String {
        guard let first = text.utf8.first, formulaStarts.contains(first), !isNumber(text) else { return text }
        return "'" + text
    }

    /// What a spreadsheet reads as the start of a formula.
    private static let formulaStarts: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D]

    /// An integer or decimal as kakeibo writes numbers ("-500", "0.25"): safe to leave as it is.
    private static func isNumber(_ text: String) -> Bool {
        let unsigned = text.utf8.dropFirst(text.utf8.first == UInt8(ascii: "-") ? 1 : 0)
        let parts = unsigned.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 >= 48 && $0 <= 57 } }
    }
}
