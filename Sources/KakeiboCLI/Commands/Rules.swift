import KakeiboKit

/// `kakeibo rules` — the household's rules that file statement lines, receipts and `add`.
struct RulesCommand: Command {
    static let payment = Option("--payment", value: "METHOD", help: LocalizedText(en: "the payment it sets", ja: "設定する支払方法"))
    static let member = Option("--member", value: "NAME", help: LocalizedText(en: "the member it sets", ja: "設定するメンバー"))
    static let itemName = Option(
        "--name", value: "NAME", help: LocalizedText(en: "the name items get instead of the shop's", ja: "お店の名前の代わりにつける品名"))
    static let tag = Option<String>(
        "--tag", value: "NAME", help: LocalizedText(en: "a tag it puts on what it files (repeatable)", ja: "分類したデータに付けるタグ（繰り返し指定可）"),
        repeatable: true
    ) { try Tags.validate($0) }
    static let account = Option(
        "--account", value: "NAME",
        help: LocalizedText(
            en: "only on that account's statements (it wins there over a mapping without --account)", ja: "その口座・カードの明細のみ（そこでは --account なしの設定より優先）"))
    static let format = OutputFormat.option([.table, .json])
    enum Verb: String, CommandVerb {
        case add, list, remove, test, member

        var declaration: VerbInfo {
            switch self {
            case .add:
                VerbInfo(
                    LocalizedText(en: "add a rule at the end", ja: "ルールを末尾に追加"),
                    arguments: [
                        Argument("PATTERN", LocalizedText(en: "text looked for in the name and shop", ja: "品名とお店から探す文字列")),
                        Argument("CAT[/SUB]", LocalizedText(en: "what it files as: a category key or name", ja: "分類する項目（キーか名前）")),
                    ],
                    options: [payment, RulesCommand.member, itemName, tag, format])
            case .list: VerbInfo(LocalizedText(en: "show every rule, numbered", ja: "すべてのルールを番号つきで表示"), options: [format])
            case .remove:
                VerbInfo(
                    LocalizedText(en: "remove rule N", ja: "ルール N を削除"),
                    arguments: [Argument("N", LocalizedText(en: "the rule's number, as list shows it", ja: "list が表示するルールの番号"))], options: [format])
            case .test:
                VerbInfo(
                    LocalizedText(en: "say what files TEXT, and as what", ja: "TEXT をどのルールで何に分類するかを表示"),
                    arguments: [Argument("TEXT", LocalizedText(en: "a name or shop as a statement shows it", ja: "明細にある品名やお店"))], options: [format])
            case .member:
                VerbInfo(
                    LocalizedText(
                        en: "a statement's user (利用者: 本人, 家族) becomes member NAME on its items", ja: "明細の利用者（本人、家族）を品目のメンバー NAME にする"),
                    arguments: [
                        Argument("USER", LocalizedText(en: "the statement's 利用者", ja: "明細の利用者")),
                        Argument("NAME", LocalizedText(en: "the member", ja: "メンバー")),
                    ],
                    options: [account, format])
            }
        }
    }

    static let name = "rules"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Rules that file statement lines, receipts and add", ja: "明細・レシート・add を分類するルール"),
        description: LocalizedText(
            en:
                "A rule's pattern is looked for in the name and shop, width- and case-folded (ＡＭＡＺＯＮ = amazon = Amazon); the first rule that matches wins. Where none does, what the same name or shop was filed as last time is used, then the default (statement lines: the unfiled category, see docs/statements.md). Rules are kept with the store, in rules.json.",
            ja:
                "パターンは品名とお店から、全角半角・大文字小文字を区別せずに探します（ＡＭＡＺＯＮ = amazon = Amazon）。最初に一致したルールが使われます。どれも一致しなければ、同じ品名・お店の前回の分類、それもなければ既定の項目（明細は未分類の項目。docs/statements.md）になります。ルールは保存先の rules.json に保存します。"
        ),
        verbs: Verb.self,
        examples: [
            "kakeibo rules add amazon entertainment/goods --payment 楽天カード",
            "kakeibo rules add セブン food/drink",
            "kakeibo rules add 薬局 medical/medicine --tag 医療",
            "kakeibo rules list",
            "kakeibo rules test ＡＭＡＺＯＮ．ＣＯ．ＪＰ",
            "kakeibo rules remove 2",
            "kakeibo rules member 家族 hanako",
            "kakeibo rules member 本人 yuto --account イオンカード",
        ])

    enum Action {
        case add(FilingRule)
        case list
        case remove(Int)
        case test(String)
        case member(String, String, account: String?)
    }

    let action: Action
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let operands = arguments.positionals
        switch try arguments.verb(Verb.self) {
        case .add:
            let taxonomy = try context.taxonomy()
            let key = taxonomy.keyPath(try taxonomy.resolve(operands[1]))
            var rule = FilingRule(pattern: trimWhitespace(operands[0]), category: key)
            rule.payment = try arguments[Self.payment].map { try DetailField.payment.validate($0) }
            rule.member = try arguments[Self.member].map { try DetailField.member.validate($0) }
            rule.name = try arguments[Self.itemName].map { try ItemName.validate($0) }
            rule.tags = try Tags.validateAll(try arguments.all(Self.tag))
            action = .add(rule)
        case .list: action = .list
        case .remove:
            guard let number = Int(operands[0]), number >= 1 else {
                throw UsageError.invalidChoice(option: "N", value: operands[0], choices: ["1, 2, … as 'kakeibo rules list' numbers them"])
            }
            action = .remove(number)
        case .test: action = .test(operands[0])
        case .member:
            let account = try arguments[Self.account].map { try DetailField.payment.validate($0) }
            action = .member(trimWhitespace(operands[0]), try DetailField.member.validate(operands[1]), account: account)
        }
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let language = context.language
        switch action {
        case .add(let rule):
            let rules = try context.household().addRule(rule, taxonomy: try context.taxonomy())
            context.print(format == .json ? JSONRenderer.render(RulesRenderer.listJSON(rules)) : RulesRenderer.added(rules, language))
        case .list:
            let rules = try context.store().read(.rules)
            let accounts = try context.household().accounts()
            context.print(
                format == .json
                    ? JSONRenderer.render(RulesRenderer.listJSON(rules, accounts: accounts))
                    : RulesRenderer.list(rules, accounts: accounts, style: context.textStyle))
        case .remove(let number):
            let removed = try context.household().removeRule(number)
            context.print(
                format == .json
                    ? JSONRenderer.render(RulesRenderer.listJSON(try context.store().read(.rules)))
                    : RulesRenderer.removed(number, removed, language))
        case .member(let user, let member, let account):
            let household = try context.household()
            let set = try household.setStatementUser(user, member: member, account: account)
            let name = try account.flatMap { try household.accounts().account(for: $0)?.name }
            context.print(
                format == .json
                    ? JSONRenderer.render(RulesRenderer.listJSON(set.rules, accounts: try household.accounts()))
                    : RulesRenderer.member(user, member, account: name, language) + RulesRenderer.remapped(set.members, language))
        case .test(let text):
            let taxonomy = try context.taxonomy()
            let filer = try context.household().filer(for: text, taxonomy: taxonomy)
            let filed = try filer.file([text], unfiled: true)
            context.print(
                format == .json
                    ? JSONRenderer.render(RulesRenderer.testJSON(text, filed, taxonomy: taxonomy))
                    : RulesRenderer.test(text, filed, rules: filer.rules, taxonomy: taxonomy, language))
        }
    }
}
