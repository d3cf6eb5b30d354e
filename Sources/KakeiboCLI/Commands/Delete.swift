import KakeiboKit

/// `kakeibo delete ID` — removes an item.
struct DeleteCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let name = "delete"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Remove an item", ja: "データを削除"),
        arguments: [
            Argument(
                "ID",
                LocalizedText(
                    en: "the item's id, or a unique start of it; an imported id may leave out its source's prefix (mf:)",
                    ja: "データの ID、またはその先頭部分。取り込んだデータの ID は元の接頭辞（mf: など）を省略可"))
        ],
        options: [format],
        examples: ["kakeibo delete 3f2a9c1e"])

    let id: String
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        id = try DeleteCommand.positionals(arguments)[0]
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let deleted = try context.household().delete(id, syncs: context.syncs())
        try ItemOutput.print(deleted.item, verb: LocalizedText(en: "Deleted", ja: "削除しました:"), format: format, context)
        if let cost = deleted.skipped, format != .json {
            let (name, month) = (terminalSafe(cost.name), deleted.item.date.yearMonth.iso)
            context.print(
                context.language.pick(
                    "  \(name) is skipped in \(month): 'fixed post' won't post it again\n", "  \(name) は \(month) は見送ります（fixed post で再び計上しません）\n"))
        }
    }
}
