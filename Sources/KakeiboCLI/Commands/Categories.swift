import KakeiboKit

/// `kakeibo categories` — the categories and subcategories in use, with keys, codes and names.
struct CategoriesCommand: Command {
    static let name = "categories"
    static let summary = LocalizedText(en: "List categories and subcategories", ja: "項目と内訳の一覧")
    static let synopsis = "categories [--format table|json]"
    static let options = [OutputFormat.option([.table, .json])]
    static let examples = [
        "kakeibo categories",
        "kakeibo categories --format json > ~/.config/kakeibo/categories.json   # then edit it",
    ]

    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try CategoriesCommand.positionals(arguments, required: [])
        format = try OutputFormat.parse(arguments.value("--format"), allowed: [.table, .json])
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        switch format {
        case .json: context.print(JSONRenderer.categories(taxonomy))
        default: context.print(TableRenderer.categories(taxonomy, style: context.textStyle))
        }
    }
}
