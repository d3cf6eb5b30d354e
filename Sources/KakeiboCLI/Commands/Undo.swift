import KakeiboKit

/// `kakeibo undo [N]` — puts back the files the last change replaced (or backup N's), as one change of its own.
struct UndoCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let name = "undo"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Undo the last change of the store, from its backup", ja: "保存先への直前の変更をバックアップから取り消す"),
        description: LocalizedText(
            en:
                "Undoing is itself a change, kept like any other, so an undo can be undone. A sync, pull or push is never undone (what it received is the household's): right after one, undo takes your own last change, and in a household that syncs the undo is sent by the next sync.",
            ja: "取り消しもほかと同じく 1 回の変更として残るので、取り消しを取り消すこともできます。sync・pull・push は取り消しません（受け取った内容は家計のものです）。同期の直後でも自分の直前の変更を取り消し、同期している家計では次の同期でその取り消しを送ります。"
        ),
        arguments: [
            Argument(
                "N",
                LocalizedText(
                    en: "the backup to put back, as 'kakeibo backups' numbers them (default: the last change still in effect)",
                    ja: "戻すバックアップの番号（'kakeibo backups' の表示のとおり。既定は有効な直前の変更）"), .optional)
        ],
        options: [format],
        examples: ["kakeibo undo", "kakeibo backups && kakeibo undo 12"])

    let number: Int?
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try UndoCommand.positionals(arguments)
        number = try words.first.map { try Parse.count($0, name: "N", maximum: 999_999_999) }
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let outcome = try context.household().undo(number, syncs: context.syncs())
        switch format {
        case .json: context.print(BackupRenderer.undoneJSON(outcome, taxonomy: try context.taxonomy()))
        default: context.print(BackupRenderer.undone(outcome, style: context.textStyle))
        }
    }
}

/// `kakeibo backups` — the changes kept for undo, newest first.
struct BackupsCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let name = "backups"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "List the changes kept for undo (the last 20)", ja: "取り消し用に保存した変更（直近 20 件）を一覧表示"),
        options: [format],
        examples: ["kakeibo backups", "kakeibo backups --format json | jq '.backups[0]'"])

    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try BackupsCommand.positionals(arguments)
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let backups = Backups(store: try context.storeForReading())
        let history = try backups.store.exists ? backups.readHistory() : .empty(backups.store)
        var items: [Int: ChangedItems] = [:]
        for entry in history.entries where !entry.months.isEmpty { items[entry.number] = history.changedItems(entry, backups) }
        switch format {
        case .json: context.print(BackupRenderer.json(history, items: items, directory: backups.directory))
        default:
            context.print(BackupRenderer.table(history, items: items, directory: backups.directory, style: context.textStyle, localTime: Clock.local))
        }
    }
}
