import KakeiboKit

/// `kakeibo delete ID` — removes an item.
struct DeleteCommand: Command {
    static let name = "delete"
    static let summary = LocalizedText(en: "Remove an item", ja: "データを削除")
    static let synopsis = "delete ID"
    static let arguments = [("ID", LocalizedText(en: "the item's id, or a unique start of it", ja: "データの ID、またはその先頭部分"))]
    static let options = [OutputFormat.option([.table, .json])]
    static let examples = ["kakeibo delete 3f2a9c1e"]

    let id: String
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        id = try DeleteCommand.positionals(arguments, required: ["ID"])[0]
        format = try OutputFormat.parse(arguments.value("--format"), allowed: [.table, .json])
    }

    func run(_ context: Context) throws {
        let removed = try context.store().write { transaction -> Item in
            let (month, item) = try ItemOutput.find(id, in: &transaction)
            guard item.sync == .pending else { throw OnServer(item: item) }
            try transaction.setItems(try transaction.items(in: month).filter { $0.id != item.id }, in: month)
            return item
        }
        try ItemOutput.print(removed, verb: LocalizedText(en: "Deleted", ja: "削除しました:"), format: format, context)
    }
}

/// The household server only appends: an item it has can't be deleted from it by kakeibo, and deleting it here alone
/// would be undone by the next pull. So it is refused, saying where to delete it (exit 1).
struct OnServer: KakeiboFailure {
    var item: Item
    var kind: FailureKind { .runtime }
    func message(in language: Language) -> String {
        language.pick(
            "\(item.id) (\(terminalSafe(item.name))) is on the household server, which only appends: delete it there (the spreadsheet), then 'kakeibo pull \(item.date.year) \(item.date.month)' removes it here",
            "\(item.id)（\(terminalSafe(item.name))）は家計簿サーバーにあり、サーバーは追加しかできません。サーバー（スプレッドシート）で削除してから 'kakeibo pull \(item.date.year) \(item.date.month)' を実行すると、ここからも消えます"
        )
    }
}
