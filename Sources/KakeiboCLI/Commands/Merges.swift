import KakeiboKit

/// `kakeibo merges [YEAR MONTH]` — the items merged from several sources' lines, with each line, and the near misses.
struct MergesCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let name = "merges"
    static let info = CommandInfo(
        name: name,
        summary: LocalizedText(en: "List merged items: one purchase seen by several sources", ja: "まとめた記録（複数の記録元の同じ買い物）を一覧"),
        description: LocalizedText(
            en:
                "Each merged item with the line of every source it holds (a statement, an app's export, what was typed, a fixed cost), and the near misses: lines with the same shop and amount that were not merged, a few days too far apart or on another account. 'kakeibo unmerge ID' splits one again.",
            ja: "まとめた記録ごとに、各記録元の行（明細、アプリの書き出し、手入力、固定費）を表示します。同じお店と金額でもまとめなかった似た記録（日付が離れている、口座が違う）も表示します。分けるには 'kakeibo unmerge ID'。"),
        arguments: [
            Argument(
                "YEAR MONTH", LocalizedText(en: "the month, e.g. 2024 12 (default: this month)", ja: "年と月（2024 12 など。既定は今月）"), .optional, words: 2)
        ],
        options: [format, MonthStartOption.option],
        examples: ["kakeibo merges", "kakeibo merges 2024 11 --format json"])

    let period: MonthPeriod
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try MergesCommand.positionals(arguments)
        period = try MonthStartOption.period(words, start: try MonthStartOption.resolve(arguments, context), context)
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let store = try context.storeForReading()
        let household = try context.household()
        let taxonomy = try context.taxonomy()
        var items: [Item] = []
        if store.exists {
            let held = Set(try store.months())
            for month in [period.files.first?.previous, period.files.last?.next].compactMap({ $0 }) + period.files where held.contains(month) {
                items += try store.items(in: month)
            }
        }
        let matching = Matching(accounts: try household.accounts(), isIncome: { taxonomy.isIncome($0) })
        let report = MergesReport(items: items, period: period.first...period.last, matching: matching)
        context.print(
            format == .json
                ? JSONRenderer.render(MergesRenderer.json(report, taxonomy: taxonomy)) : MergesRenderer.text(report, style: context.textStyle))
    }
}

/// `kakeibo unmerge ID` — splits a merged item: one line (by its id), or every line of an item (by the item's).
struct UnmergeCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let name = "unmerge"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Split a merged item again", ja: "まとめた記録を分ける"),
        description: LocalizedText(
            en: "A line split off is counted on its own and never merged again (the merge was wrong); the item it left keeps its other lines.",
            ja: "分けた行は別に数え、以後まとめません（まとめ方が誤っていたとき）。元の記録はほかの行をそのまま持ちます。"),
        arguments: [
            Argument("ID", LocalizedText(en: "a merged line's id, or the merged item's (all its lines)", ja: "まとめた行の ID、またはまとめた記録の ID（すべての行）"))
        ],
        options: [format],
        examples: ["kakeibo unmerge z:83d32572", "kakeibo merges 2024 11"])

    let id: String
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        id = try UnmergeCommand.positionals(arguments)[0]
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let outcome = try context.household().unmerge(id)
        context.print(
            format == .json ? JSONRenderer.render(MergesRenderer.unmergedJSON(outcome)) : MergesRenderer.unmerged(outcome, context.language))
    }
}
