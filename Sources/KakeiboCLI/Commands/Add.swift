import KakeiboKit

/// `kakeibo add NAME PRICE` — records a purchase (or, with a negative price, a refund).
struct AddCommand: Command {
    static let date = Option.date(LocalizedText(en: "purchase date (default today)", ja: "購入日（既定は今日）"))
    static let category = Option.category(
        help: LocalizedText(
            en:
                "key or name, e.g. food/drink or 食費/飲料 (default: by the rules, else as last time, else the one NAME is, as 電車 is transport/train, else other)",
            ja: "キーか名前（food/drink、食費/飲料 など。既定はルール、なければ前回と同じ、それもなければ品名と同じ名前の項目（電車なら transport/train）、なければ other（その他））"))
    static let format = OutputFormat.option([.table, .json])
    static let income = Flag(
        "--income",
        help: LocalizedText(
            en: "money that came in: income/salary, or the income category --category names",
            ja: "収入として登録（income/salary、または --category で指定した収入の項目）"))
    static let name = "add"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Record a purchase (or, with an income category, income)", ja: "支出（収入の項目なら収入）を登録"),
        description: LocalizedText(
            en: "Records one item in its month's file, marked to be sent by the next push. A negative price records a refund.",
            ja: "品目を 1 件、その月のファイルに登録します（次の push で送信）。金額がマイナスなら返金です。"),
        arguments: [
            Argument("NAME", LocalizedText(en: "what was bought, 1–30 characters", ja: "品名（1〜30 文字）")),
            Argument("PRICE", LocalizedText(en: "whole yen, e.g. 178 or 1,899; negative for a refund", ja: "円単位の整数（178、1,899 など）。返金はマイナス")),
        ],
        options: [date, category] + DetailOptions.all + [format, income],
        examples: [
            "kakeibo add コーヒー 178 --category food/drink",
            "kakeibo add 電車 220 --category transport/train --date yesterday",
            "kakeibo add 返品 -500 --date 2024-12-03 --category food",
            "kakeibo add 給与 300000 --income --date 2024-12-25",
            "kakeibo add 賞与 450000 --category income/bonus",
            "kakeibo add 夕食の材料 2480 --payment 現金 --shop まいばすけっと --member ayumi",
            "kakeibo add 駅弁 1200 --category food --tag 旅行 --tag 帰省",
        ])

    let item: WireItem
    /// Without `--category` the item is filed when it runs (by the rules, else as last time, else the default).
    let fileByRules: Bool
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try AddCommand.positionals(arguments)
        let taxonomy = try context.taxonomy()
        let name = try ItemName.validate(words[0])
        let price = try Yen.parsePrice(words[1])
        let date = try arguments[Self.date]?.resolve(today: context.clock.today) ?? context.clock.today
        let given = try arguments[Self.category]
        fileByRules = given == nil && !arguments[Self.income]
        let category =
            arguments[Self.income]
            ? try taxonomy.resolveIncome(given) : try given.map { try taxonomy.resolve($0) } ?? taxonomy.category(named: name)
        format = try arguments[Self.format] ?? .table
        let details = try DetailOptions.details(arguments, context)
        // Insurance pays back part of what was paid, never more.
        if let reimbursed = details.reimbursed, reimbursed.amount > max(price.amount, 0) {
            throw ValueError.reimbursedOverPrice(reimbursed, price: price)
        }
        item = WireItem(id: ItemID.random(), date: date, name: name, price: price, category: category, details: details)
    }

    func run(_ context: Context) throws {
        let household = try context.household()
        let outcome = try household.add(item, filing: fileByRules ? try context.taxonomy() : nil)
        let stored = outcome.item
        let note = try outcome.filing.map { RulesRenderer.reason($0.filed, rules: $0.rules, taxonomy: try context.taxonomy(), context.language) }
        try ItemOutput.print(stored, verb: LocalizedText(en: "Added", ja: "登録しました:"), format: format, context)
        guard format != .json else { return }
        if let note { context.print("  " + terminalSafe(note) + "\n") }
        if let unknown = AccountsRenderer.unknownPayment(stored.details.payment, try household.accounts(), context.language) {
            context.print(unknown)
        }
        context.print(AccountsRenderer.matchedLines(outcome.added.matched, context.language))
    }
}

/// How add, edit and delete report the item they touched.
enum ItemOutput {
    static func print(_ item: Item, verb: LocalizedText, format: OutputFormat, _ context: Context) throws {
        let taxonomy = try context.taxonomy()
        switch format {
        case .json: context.print(JSONRenderer.render(JSONRenderer.item(item, taxonomy)))
        default: context.print(TableRenderer.item(item, verb: verb(context.language), taxonomy: taxonomy, style: context.textStyle))
        }
    }
}
