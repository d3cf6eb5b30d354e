import KakeiboKit

/// `--month-start N`: the day a month starts on for this command, over `month-start` in config.json.
enum MonthStartOption {
    static let option = Option(
        "--month-start", value: "DAY",
        help: LocalizedText(
            en: "each month starts on this day (1–31; default: month-start in config, else 1)",
            ja: "月の開始日（1〜31。既定は config の month-start、なければ 1）")
    ) { try MonthStart.parse($0) }

    /// The start day this run uses.
    static func resolve(_ arguments: ParsedArguments, _ context: Context) throws -> MonthStart {
        try context.monthStart(try arguments[option])
    }

    /// The month the words name (default: the one today is in), under the start day; `this`, `prev` and `-N` count
    /// from the month today falls in.
    static func period(_ words: [String], start: MonthStart, _ context: Context) throws -> MonthPeriod {
        let today = MonthPeriod.containing(context.clock.today, start: start).month
        return MonthPeriod(try Period.parse(words, today: today, as: .month)?.months[0] ?? today, start: start)
    }
}
