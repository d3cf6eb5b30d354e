import KakeiboKit

/// The forms a report can be printed in.
public enum OutputFormat: String, Sendable, CaseIterable {
    case table, json, csv
    /// A chart (month and year only).
    case svg

    /// What `month` and `year` print.
    public static let reports: [OutputFormat] = [.table, .json, .csv, .svg]

    /// Parses `--format`, allowing only the formats a command offers.
    public static func parse(_ text: String?, allowed: [OutputFormat] = OutputFormat.allCases) throws(UsageError) -> OutputFormat {
        guard let text else { return .table }
        guard let format = OutputFormat(rawValue: text.lowercased()), allowed.contains(format) else {
            throw .invalidChoice(option: "--format", value: text, choices: allowed.map(\.rawValue))
        }
        return format
    }

    public static func option(_ allowed: [OutputFormat] = OutputFormat.allCases) -> OptionSpec {
        let list = allowed.map(\.rawValue).joined(separator: "|")
        return OptionSpec(
            "--format", value: list,
            help: LocalizedText(en: "output format (default table)", ja: "出力形式（既定は table）"))
    }
}

/// Parsing helpers shared by commands: the typed values behind common options.
public enum Parse {
    /// `--date`: YYYY-MM-DD, today or yesterday (in the local time zone).
    public static func date(_ text: String, today: CalendarDate) throws(ValueError) -> CalendarDate {
        switch text.lowercased() {
        case "today", "今日": return today
        case "yesterday", "昨日": return today.adding(days: -1) ?? today
        default: return try CalendarDate.parseISO(text)
        }
    }

    /// `YEAR MONTH` positionals.
    public static func yearMonth(_ year: String, _ month: String) throws(ValueError) -> YearMonth {
        let y = try Year.parse(year)
        let m = try YearMonth.parseMonth(month)
        return YearMonth(year: y, month: m)!
    }
}
