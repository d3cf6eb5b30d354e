import KakeiboKit

/// The forms a report can be printed in.
public enum OutputFormat: String, Sendable, CaseIterable {
    case table, json, csv
    /// A chart (month and year only).
    case svg

    /// What `month` and `year` print.
    public static let reports: [OutputFormat] = [.table, .json, .csv, .svg]

    /// `--format`, offering the formats a command prints ; a command without it prints a table.
    public static func option(_ allowed: [OutputFormat] = OutputFormat.allCases) -> Option<OutputFormat> {
        Option.choice("--format", allowed, help: LocalizedText(en: "output format (default table)", ja: "出力形式（既定は table）"))
    }
}

/// Parsing helpers shared by commands: the typed values behind common arguments.
public enum Parse {}
