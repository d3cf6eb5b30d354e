import KakeiboKit

/// `kakeibo review [PERIOD] [--note TEXT]` — the monthly review (振り返り): the kakeibo method's four questions.
struct ReviewCommand: Command {
    static let note = Option<String>(
        "--note", value: "TEXT",
        help: LocalizedText(
            en: "save the month's note (replaces the last; \"\" removes it; line breaks allowed, at most 2,000 characters)",
            ja: "月のメモを保存（前のメモは置き換え。\"\" で削除。改行可、2,000 文字まで）"))
    static let format = OutputFormat.option([.table, .json])
    static let name = "review"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Review a month: income, savings, spending, and your note", ja: "月の振り返り: 収入・貯蓄・支出とメモ"),
        description: LocalizedText(
            en:
                "Answers the kakeibo method's four questions with the month's figures: how much came in; the savings goal against the balance (収支); spending by category against budgets and the month before, largest changes first; and how to do better — the note you wrote for the month. Notes are kept in notes.json in the store (not synced).",
            ja: "家計簿の 4 つの問いに月の数字で答えます: 収入はいくらか、貯蓄目標と収支、項目別の支出（予算と前月との比較、増減の大きい順）、そして改善のためのメモ。メモは保存先の notes.json に保存します（同期はしません）。"),
        arguments: [
            Argument(
                "YEAR MONTH", LocalizedText(en: "the month, e.g. 2024 12 (default: last month)", ja: "年と月（2024 12 など。既定は先月）"), .optional, words: 2),
            Argument("YYYY-MM|this|prev|-N", LocalizedText(en: "the month as one word, as for 'month'", ja: "1 語で書いた年月（month と同じ）"), .note),
        ],
        options: [note, format, MonthStartOption.option],
        examples: [
            "kakeibo review",
            "kakeibo review 2024 12 --note '外食を減らせた。来月は光熱費に注意'",
            "kakeibo review 2024-12 --format json | jq '{income, balance, note}'",
        ])

    let month: YearMonth
    /// The days the reviewed month covers: the calendar month, or from the household's start day.
    let period: MonthPeriod
    let note: String?
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try ReviewCommand.positionals(arguments)
        let start = try MonthStartOption.resolve(arguments, context)
        let today = MonthPeriod.containing(context.clock.today, start: start).month
        // A review looks back: without a month, the one just finished.
        month = try Period.parse(words, today: today, as: .month)?.months[0] ?? today.previous ?? today
        period = MonthPeriod(month, start: start)
        note = try arguments[Self.note]
        if note != nil { context.command = "\(ReviewCommand.name) --note" } // what its backup is called
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        if let note {
            let saved = try context.household().setNote(month, note)
            if format == .table {
                context.note(
                    saved.isEmpty
                        ? context.language.pick("Removed the note for \(month.iso)", "\(month.iso) のメモを削除しました")
                        : context.language.pick("Saved the note for \(month.iso)", "\(month.iso) のメモを保存しました"))
            }
        }
        let store = try context.storeForReading()
        var items: [Item] = []
        for file in period.files { items += try store.items(in: file) }
        let report = MonthReport(month: month, items: items, filter: nil, order: ItemOrder(), taxonomy: taxonomy, period: period)
        // The month before under the same start day: its summary, or its days summed where a month spans two files.
        let previous = try month.previous.flatMap { before in
            try store.summaries(of: [before], start: period.start)[before].map { MonthTotals(summary: $0, filter: nil, taxonomy: taxonomy) }
        }
        let review = ReviewReport(
            report, previous: previous, budgets: try store.read(.budgets), note: try store.read(.notes)[month],
            today: context.clock.today, taxonomy: taxonomy)
        switch format {
        case .json: context.print(JSONRenderer.review(review, taxonomy: taxonomy, language: context.language))
        default: context.print(TableRenderer.review(review, taxonomy: taxonomy, style: context.textStyle))
        }
    }
}
