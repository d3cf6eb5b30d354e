import KakeiboKit

/// The forms a report can be printed in.
package enum OutputFormat: String, Sendable, CaseIterable {
    case table, json, csv
    /// A chart (month and year only).
    case svg

    /// What `month` and `year` print.
    package static let reports: [OutputFormat] = [.table, .json, .csv, .svg]

    /// `--format`, offering the formats a command prints ; a command without it prints a table.
    package static func option(_ allowed: [OutputFormat] = OutputFormat.allCases) -> Option<OutputFormat> {
        Option.choice("--format", allowed, help: LocalizedText(en: "output format (default table)", ja: "出力形式（既定は table）"))
    }
}

/// `--bom`: CSV that starts with a UTF-8 byte order mark, which Excel on Japanese Windows needs to read it as UTF-8.
enum ByteOrderMark {
    static let flag = Flag(
        "--bom",
        help: LocalizedText(en: "start CSV with a byte order mark (for Excel on Japanese Windows)", ja: "CSV の先頭に BOM を付ける（日本語版 Windows の Excel 向け）"))

    /// Whether the CSV starts with the mark; `--bom` with a format other than CSV is refused (exit 2).
    static func wanted(_ arguments: ParsedArguments, csv: Bool) throws -> Bool {
        guard arguments[flag] else { return false }
        guard csv else { throw UsageError.onlyWith(flag.name, "--format csv") }
        return true
    }
}

/// Parsing helpers shared by commands: the typed values behind common arguments.
package enum Parse {}
