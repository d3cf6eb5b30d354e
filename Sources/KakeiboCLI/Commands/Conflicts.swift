import KakeiboKit

/// `kakeibo conflicts` — changes the household server refused because the item changed there too, both versions.
struct ConflictsCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let name = "conflicts"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "List sync conflicts, both versions side by side", ja: "同期の競合を両方の内容で一覧"),
        description: LocalizedText(
            en:
                "An item (or a household setting: categories, budgets, fixed-costs, split, month-start) changed here and on the household server since both last agreed is kept here as a conflict, with the server's version beside it, until 'kakeibo resolve' keeps one. Accounts, rules, fixed costs and budgets merge entry by entry: only an entry both changed is a conflict, shown field by field.",
            ja:
                "前回の同期のあとにここと家計簿サーバーの両方で変更されたデータ（または家計の設定: categories, budgets, fixed-costs, split, month-start）は、サーバーの内容と並べて競合として残ります。'kakeibo resolve' でどちらかを選ぶまで送りません。口座・ルール・固定費・予算は項目ごとにまとめ、両方で変えた項目だけを項目の欄ごとに競合として示します。"
        ),
        options: [format],
        examples: ["kakeibo conflicts", "kakeibo conflicts --format json"])

    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try ConflictsCommand.positionals(arguments)
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let household = try context.household()
        let views = try household.conflicts()
        let settings = try household.settingConflicts(context.sharedSettingFiles())
        switch format {
        case .json: context.print(ConflictRenderer.json(views, settings: settings, taxonomy: try context.taxonomy(), language: context.language))
        default: context.print(ConflictRenderer.table(views, settings: settings, taxonomy: try context.taxonomy(), style: context.textStyle))
        }
    }
}
