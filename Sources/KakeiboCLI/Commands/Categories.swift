import KakeiboKit

/// `kakeibo categories [init]` — the categories and subcategories in use, or a categories file to start from.
struct CategoriesCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let preset = Option.choice(
        "--preset", TaxonomyPreset.allCases,
        help: LocalizedText(
            en: "with init: household (a Japanese household's categories, the default) or expenselog (the app's food and entertainment)",
            ja: "init で使う: household（日本の家計の項目一式、既定）か expenselog（アプリの食費と娯楽費）"))
    static let force = Flag("--force", help: LocalizedText(en: "with init: replace an existing categories file", ja: "init で使う: 既存の項目ファイルを置き換える"))
    static let name = "categories"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "List categories and subcategories", ja: "項目と内訳の一覧"),
        description: LocalizedText(
            en:
                "Shows each category's key, code and names. Without a categories file these are a Japanese household's (食費, 住居費, 水道光熱費, 通信費, 交通費, 日用品 …). 'categories init' writes categories.json in the config directory to start your own from (then edit it); --preset expenselog gives only the ExpenseLog app's food and entertainment.",
            ja:
                "項目ごとにキー・コード・名前を表示します。項目ファイルがなければ日本の家計の項目（食費、住居費、水道光熱費、通信費、交通費、日用品 など）です。'categories init' は設定ディレクトリに categories.json を書き出します（それを編集して独自の項目にします）。--preset expenselog でアプリの食費と娯楽費だけになります。"
        ),
        arguments: [
            Argument("init", LocalizedText(en: "write the categories file instead of listing", ja: "一覧の代わりに項目ファイルを書き出す"), .optional)
        ],
        options: [format, preset, force],
        examples: [
            "kakeibo categories",
            "kakeibo categories init                      # then edit ~/.config/kakeibo/categories.json",
            "kakeibo categories init --preset expenselog  # only the app's two categories",
            "kakeibo categories init --force              # back to the default categories",
        ])

    enum Action {
        case list(OutputFormat)
        case initialise(TaxonomyPreset, replacing: Bool)
    }

    let action: Action

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try CategoriesCommand.positionals(arguments)
        if let verb = words.first {
            guard verb == "init" else { throw UsageError.invalidChoice(option: CategoriesCommand.name, value: verb, choices: ["init"]) }
            if arguments.given(Self.format) { throw UsageError.onlyWith(Self.format.name, "categories (without init)") }
            action = .initialise(try arguments[Self.preset] ?? .household, replacing: arguments[Self.force])
        } else {
            for option in [Self.preset, Self.force] as [any OptionDeclaration] where arguments.given(option) {
                throw UsageError.onlyWith(option.spec.name, "init")
            }
            action = .list(try arguments[Self.format] ?? .table)
        }
    }

    func run(_ context: Context) throws {
        switch action {
        case .list(let format):
            let taxonomy: Taxonomy
            do {
                taxonomy = try context.taxonomy()
            } catch let failure as StoreError {
                // A broken categories file stops every other command; this one still shows what the defaults are.
                guard case .badCategories = failure else { throw failure }
                context.note(
                    failure.commandLineMessage(in: context.language)
                        + context.language.pick("; showing the default categories", "。既定の項目を表示します"))
                taxonomy = .standard
            }
            switch format {
            case .json: context.print(JSONRenderer.categories(taxonomy))
            default: context.print(TableRenderer.categories(taxonomy, style: context.textStyle))
            }
        case .initialise(let preset, let replacing):
            guard let path = context.categoriesPath() else { throw StoreError.noHome }
            try CategoriesFile.write(preset.taxonomy, to: path, replacing: replacing)
            let count = preset.taxonomy.categories.count
            context.note(
                context.language.pick(
                    "wrote \(path) (\(preset.rawValue): \(count) categories)", "\(path) を書き出しました（\(preset.rawValue): \(count) 項目）"))
        }
    }
}
