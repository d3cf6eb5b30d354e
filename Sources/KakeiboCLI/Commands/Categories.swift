import KakeiboKit

/// `kakeibo categories` — the categories and subcategories in use, with keys, codes and names.
struct CategoriesCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let info = CommandInfo(
        name: "categories", summary: LocalizedText(en: "List categories and subcategories", ja: "項目と内訳の一覧"),
        description: LocalizedText(
            en:
                "Shows each category's key, code and names. To use your own, save the JSON form as categories.json in the config directory and edit it.",
            ja: "項目ごとにキー・コード・名前を表示します。独自の項目を使うには、JSON 形式を設定ディレクトリの categories.json に保存して編集します。"),
        options: [format],
        examples: [
            "kakeibo categories",
            "kakeibo categories --format json > ~/.config/kakeibo/categories.json   # then edit it",
        ])

    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try CategoriesCommand.positionals(arguments)
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        switch format {
        case .json: context.print(JSONRenderer.categories(taxonomy))
        default: context.print(TableRenderer.categories(taxonomy, style: context.textStyle))
        }
    }
}
