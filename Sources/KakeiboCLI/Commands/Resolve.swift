import KakeiboKit

/// `kakeibo resolve ID mine|theirs` — settles a sync conflict by keeping one version.
struct ResolveCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let name = "resolve"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Settle a sync conflict by keeping one version", ja: "同期の競合をどちらかの内容で解決"),
        description: LocalizedText(
            en:
                "mine keeps this store's version and sends it again with the next sync, based on the server's; theirs takes the server's version here. A household setting in conflict (categories, budgets, fixed-costs, split, month-start) is resolved by its name; one entry of accounts, rules, fixed-costs or budgets by SETTING:ENTRY (accounts:楽天カード).",
            ja:
                "mine はこちらの内容を残し、次の同期でサーバーの内容に対する変更として送ります。theirs はサーバーの内容をこちらに取り込みます。家計の設定の競合（categories, budgets, fixed-costs, split, month-start）は設定名で、口座・ルール・固定費・予算の一項目は 設定名:項目（accounts:楽天カード）で指定します。"
        ),
        arguments: [
            Argument(
                "ID",
                LocalizedText(
                    en: "the item's id, or a unique start of it, or a setting's name, or SETTING:ENTRY (see 'kakeibo conflicts')",
                    ja: "データの ID、またはその先頭部分、または設定名、または 設定名:項目（'kakeibo conflicts' を参照）")),
            Argument("mine|theirs", LocalizedText(en: "which version to keep", ja: "残す方")),
        ],
        options: [format],
        examples: [
            "kakeibo resolve 3f2a9c1e mine", "kakeibo resolve 3f2a9c1e theirs", "kakeibo resolve budgets theirs",
            "kakeibo resolve accounts:楽天カード theirs",
        ])

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
        let household = try context.household()
        if let setting = SharedSetting(rawValue: id), try household.resolveSetting(setting, keep: side, context.sharedSettingFiles()) {
            return show(setting.rawValue, context)
        }
        // One entry of a setting: `accounts:楽天カード` (its label or key, as `conflicts` shows it).
        if let colon = id.firstIndex(of: ":"), let setting = SharedSetting(rawValue: String(id[..<colon])),
            let label = try household.resolveSettingEntry(
                setting, entry: String(id[id.index(after: colon)...]), keep: side, context.sharedSettingFiles())
        {
            return show(setting.rawValue + ":" + label, context)
        }
        show(try household.resolve(id, keep: side).conflict.id, context)
    }

    /// One line saying what was kept (the JSON `{"id","kept"}`).
    private func show(_ what: String, _ context: Context) {
        switch format {
        case .json: context.print(JSONRenderer.render(.object([("id", .string(what)), ("kept", .string(side.rawValue))])))
        default: context.print(ConflictRenderer.kept(what, side, context.language))
        }
    }
}
