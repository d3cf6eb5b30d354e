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

    /// `--format`, offering the formats a command prints (the first is the default).
    public static func option(_ allowed: [OutputFormat] = OutputFormat.allCases) -> Option<OutputFormat> {
        Option.choice("--format", allowed, help: LocalizedText(en: "output format (default table)", ja: "出力形式（既定は table）"))
    }
}

/// Parsing helpers shared by commands: the typed values behind common options.
public enum Parse {
    /// `--date`: YYYY-MM-DD, today or yesterday (in the local time zone).
    public static func date(_ text: String, today: CalendarDate) throws(ValueError) -> CalendarDate {
        try DayExpression.parse(text).resolve(today: today)
    }
}
