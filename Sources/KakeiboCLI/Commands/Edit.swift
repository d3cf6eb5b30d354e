import KakeiboKit

/// `kakeibo edit ID` — changes an item; a new date may move it to another month.
struct EditCommand: Command {
    static let name = "edit"
    static let summary = LocalizedText(en: "Change an item's name, price, date or category", ja: "データの品名・金額・日付・項目を変更")
    static let synopsis = "edit ID [--name N] [--price P] [--date D] [--category CAT[/SUB]]"
    static let arguments = [
        ("ID", LocalizedText(en: "the item's id, or a unique start of it (as 'month' shows)", ja: "データの ID、またはその先頭部分（month の表示のとおり）"))
    ]
    static let options = [
        OptionSpec("--name", value: "N", help: LocalizedText(en: "new name", ja: "新しい品名")),
        OptionSpec("--price", value: "P", help: LocalizedText(en: "new price in whole yen", ja: "新しい金額（円）")),
        OptionSpec(
            "--date", value: "D", help: LocalizedText(en: "new date: YYYY-MM-DD, today or yesterday", ja: "新しい日付: YYYY-MM-DD、today、yesterday")),
        OptionSpec("--category", value: "CAT[/SUB]", help: LocalizedText(en: "new category", ja: "新しい項目")),
        OutputFormat.option([.table, .json]),
    ]
    static let examples = ["kakeibo edit 3f2a9c1e --price 198", "kakeibo edit 3f2a9c1e --date 2024-11-30 --category food/sweets"]

    let id: String
    let changes: ItemChanges
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        id = try EditCommand.positionals(arguments, required: ["ID"])[0]
        changes = ItemChanges(
            name: try arguments.value("--name").map { try ItemName.validate($0) },
            price: try arguments.value("--price").map { try Yen.parsePrice($0) },
            date: try arguments.value("--date").map { try Parse.date($0, today: context.clock.today) },
            category: try arguments.value("--category").map { try context.taxonomy().resolve($0) })
        format = try OutputFormat.parse(arguments.value("--format"), allowed: [.table, .json])
        guard !changes.isEmpty else {
            throw UsageError.needsOneOf(["--name", "--price", "--date", "--category"], command: EditCommand.name)
        }
    }

    func run(_ context: Context) throws {
        let edited = try context.household().edit(id, changes)
        try ItemOutput.print(edited.after, verb: LocalizedText(en: "Updated", ja: "変更しました:"), format: format, context)
    }
}
