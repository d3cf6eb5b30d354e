import KakeiboKit

/// `kakeibo edit ID…` — changes items alike; a new date may move one to another month.
struct EditCommand: Command {
    static let newName = Option("--name", value: "N", help: LocalizedText(en: "new name", ja: "新しい品名"))
    static let price = Option.price("--price", value: "P", help: LocalizedText(en: "new price in whole yen", ja: "新しい金額（円）"))
    static let date = Option.date(LocalizedText(en: "new date", ja: "新しい日付"))
    static let category = Option.category(help: LocalizedText(en: "new category", ja: "新しい項目"))
    static let format = OutputFormat.option([.table, .json])
    static let name = "edit"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Change an item's name, price, date, category or details", ja: "データの品名・金額・日付・項目・詳細を変更"),
        description: LocalizedText(
            en: "A new date may move the item to another month's file; the change is one write, and 'kakeibo undo' puts it back.",
            ja: "日付を変えると別の月のファイルに移ることがあります。変更は 1 回の書き込みで、'kakeibo undo' で元に戻せます。"),
        arguments: [
            Argument(
                "ID",
                LocalizedText(
                    en: "the item's id, or a unique start of it (as 'month' shows); an imported id may leave out its source's prefix (mf:)",
                    ja: "データの ID、またはその先頭部分（month の表示のとおり）。取り込んだデータの ID は元の接頭辞（mf: など）を省略可")),
            Argument("ID…", LocalizedText(en: "more items, changed alike in the same write", ja: "ほかのデータ。同じ変更を 1 回の書き込みで"), .optional, words: 999),
        ],
        options: [newName, price, date, category] + DetailOptions.all + [DetailOptions.untag, DetailOptions.noTags, DetailOptions.clear, format],
        examples: [
            "kakeibo edit 3f2a9c1e --price 198", "kakeibo edit 3f2a9c1e --date 2024-11-30 --category food/sweets",
            "kakeibo edit 3f2a9c1e --shop 成城石井 --clear memo,personal",
            "kakeibo edit 3f2a9c1e --tag 旅行 --untag 帰省",
            "kakeibo edit rc:0b7640a6 rc:214d600f --member ken",
        ])

    let ids: [String]
    let changes: ItemChanges
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        ids = try EditCommand.positionals(arguments)
        let details = try DetailOptions.changes(arguments, context)
        changes = ItemChanges(
            name: try arguments[Self.newName].map { try ItemName.validate($0) },
            price: try arguments[Self.price],
            date: try arguments[Self.date]?.resolve(today: context.clock.today),
            category: try arguments[Self.category].map { try context.taxonomy().resolve($0) },
            details: details.details, personal: details.personal, reimbursed: details.reimbursed,
            tags: try DetailOptions.tagChanges(arguments))
        format = try arguments[Self.format] ?? .table
        guard !changes.isEmpty else {
            throw UsageError.needsOneOf(
                ([Self.newName, Self.price, Self.date, Self.category] + DetailOptions.all + [
                    DetailOptions.untag, DetailOptions.noTags, DetailOptions.clear,
                ])
                .map(\.spec.name),
                command: EditCommand.name)
        }
    }

    func run(_ context: Context) throws {
        let household = try context.household()
        let edited = try household.edit(ids, changes)
        if format == .json && edited.count > 1 {
            let taxonomy = try context.taxonomy()
            return context.print(JSONRenderer.render(.array(edited.map { JSONRenderer.item($0.after, taxonomy) })))
        }
        for item in edited { try ItemOutput.print(item.after, verb: LocalizedText(en: "Updated", ja: "変更しました:"), format: format, context) }
        if format != .json, case .some(.some(let payment)) = changes.details[.payment],
            let unknown = AccountsRenderer.unknownPayment(payment, try household.accounts(), context.language)
        {
            context.print(unknown)
        }
    }
}
