import KakeiboKit

/// `kakeibo resolve ID mine|theirs` — settles a sync conflict by keeping one version.
struct ResolveCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let name = "resolve"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Settle a sync conflict by keeping one version", ja: "同期の競合をどちらかの内容で解決"),
        description: LocalizedText(
            en:
                "mine keeps this store's version and sends it again with the next sync, based on the server's; theirs takes the server's version here. Nothing is lost: the version not kept is shown once more.",
            ja: "mine はこちらの内容を残し、次の同期でサーバーの内容に対する変更として送ります。theirs はサーバーの内容をこちらに取り込みます。残さなかった方の内容も表示します。"),
        arguments: [
            Argument(
                "ID",
                LocalizedText(
                    en: "the item's id, or a unique start of it (see 'kakeibo conflicts')", ja: "データの ID、またはその先頭部分（'kakeibo conflicts' を参照）")),
            Argument("mine|theirs", LocalizedText(en: "which version to keep", ja: "残す方")),
        ],
        options: [format],
        examples: ["kakeibo resolve 3f2a9c1e mine", "kakeibo resolve 3f2a9c1e theirs"])

    let id: String
    let side: ConflictSide
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try ResolveCommand.positionals(arguments)
        id = words[0]
        guard let side = ConflictSide(rawValue: words[1]) else {
            throw UsageError.invalidChoice(option: "mine|theirs", value: words[1], choices: ConflictSide.allCases.map(\.rawValue))
        }
        self.side = side
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let view = try context.household().resolve(id, keep: side)
        switch format {
        case .json:
            context.print(
                JSONRenderer.render(.object([("id", .string(view.conflict.id)), ("kept", .string(side.rawValue))])))
        default:
            let l = context.language
            context.print(
                side == .mine
                    ? l.pick("Kept this version of \(view.conflict.id); the next sync sends it\n", "\(view.conflict.id) はこちらの内容を残しました。次の同期で送ります\n")
                    : l.pick("Took the server's version of \(view.conflict.id)\n", "\(view.conflict.id) はサーバーの内容を取り込みました\n"))
            context.print(ConflictRenderer.table([view], style: context.textStyle, hint: false))
        }
    }
}
