import KakeiboKit

/// `kakeibo accounts` — the household's accounts (cards, bank accounts, e-money, cash), every
/// spelling a source uses for each, and their balances.
struct AccountsCommand: Command {
    static let kind = Option.choice(
        "--kind", AccountKind.allCases,
        help: LocalizedText(en: "what it is: card, bank, emoney (PayPay, Suica) or cash", ja: "種類: card（カード）、bank（銀行）、emoney（PayPay、Suica）、cash（現金）"))
    static let alias = Option<String>(
        "--alias", value: "TEXT",
        help: LocalizedText(
            en: "another spelling a source uses for it: a statement's card name, a bank line's name for its bill (repeatable)",
            ja: "明細やアプリでの別の書き方（三井住友カード(NL)、ｉＤ、ﾐﾂｲｽﾐﾄﾓｶｰﾄﾞ）。繰り返し指定可"), repeatable: true
    ) { try DetailField.payment.validate($0) }
    static let unalias = Option<String>(
        "--unalias", value: "TEXT", help: LocalizedText(en: "drop this alias (repeatable)", ja: "この呼び名を外す（繰り返し指定可）"),
        repeatable: true
    ) { $0 }
    static let member = Option<String>(
        "--member", value: "NAME", help: LocalizedText(en: "whose it is (none: a joint account)", ja: "誰の口座か（なし: 共有の口座）")
    ) { try DetailField.member.validate($0) }
    static let joint = Flag("--joint", help: LocalizedText(en: "make it a joint account (no member)", ja: "共有の口座にする（メンバーなし）"))
    static let rename = Option<String>(
        "--name", value: "NAME", help: LocalizedText(en: "its new name", ja: "新しい名前")
    ) { try DetailField.payment.validate($0) }
    static let format = OutputFormat.option([.table, .json])
    static let account = Argument("NAME", LocalizedText(en: "the account: its name or an alias", ja: "口座の名前か呼び名"))

    enum Verb: String, CommandVerb {
        case add, list, edit, remove

        var declaration: VerbInfo {
            switch self {
            case .add: VerbInfo(LocalizedText(en: "add an account", ja: "口座を追加"), arguments: [account], options: [kind, alias, member, format])
            case .list:
                VerbInfo(
                    LocalizedText(en: "every account, its balance and what its statements state (the default)", ja: "すべての口座と残高、明細の残高（既定）"),
                    options: [format])
            case .edit:
                VerbInfo(
                    LocalizedText(en: "change an account (its lines are matched again)", ja: "口座を変更（明細を照合し直す）"), arguments: [account],
                    options: [kind, alias, member, unalias, joint, rename, format])
            case .remove:
                VerbInfo(LocalizedText(en: "remove an account (its items stay)", ja: "口座を削除（品目は残る）"), arguments: [account], options: [format])
            }
        }
    }

    static let name = "accounts"
    static let info = CommandInfo(
        name: name,
        summary: LocalizedText(en: "Accounts: cards, bank accounts, e-money and cash, with their balances", ja: "口座: カード・銀行・電子マネー・現金と残高"),
        description: LocalizedText(
            en:
                "An item's payment names an account by its name or any alias, width-, case- and kana-folded (ＮＬ = NL = nl). Lines of different sources on one account, with the same amount, a few days apart, are one purchase (see docs/accounts.md); a line that moves money between two accounts is a transfer, never spending. Accounts are household settings: kept with the store in accounts.json, shared by sync. Without a verb, lists the accounts and suggests the payments that name none.",
            ja:
                "品目の支払方法は、口座の名前か呼び名で口座を指します（全角半角・大文字小文字・カナを区別しません。三井住友カード(NL) = 三井住友カード（ＮＬ））。同じ口座で同じ金額、数日以内の別の記録は同じ買い物としてまとめます（docs/accounts.md）。口座間でお金を動かす明細は振替で、支出ではありません。口座は世帯の設定として保存先の accounts.json に保存し、同期で共有します。操作を指定しなければ一覧と、口座につながっていない支払方法を表示します。"
        ),
        verbs: Verb.self, defaultVerb: .list,
        examples: [
            "kakeibo accounts",
            "kakeibo accounts add 三井住友カード --kind card --member ken --alias '三井住友カード(NL)' --alias iD --alias ﾐﾂｲｽﾐﾄﾓｶｰﾄﾞ",
            "kakeibo accounts add ゆうちょ銀行 --kind bank --alias 銀行口座",
            "kakeibo accounts add PayPay --kind emoney --member ken --alias ﾍﾟｲﾍﾟｲ",
            "kakeibo accounts edit 楽天カード --alias ﾗｸﾃﾝｶｰﾄﾞｻｰﾋﾞｽ",
            "kakeibo accounts list --format json",
        ])

    enum Action {
        case list
        case add(Account)
        case edit(String)
        case remove(String)
    }

    let action: Action
    let format: OutputFormat
    let aliases: [String]
    let unaliases: [String]
    let kindGiven: AccountKind?
    let memberGiven: String?
    let joint: Bool
    let newName: String?

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let operands = arguments.positionals
        format = try arguments[Self.format] ?? .table
        aliases = try arguments.all(Self.alias)
        unaliases = try arguments.all(Self.unalias)
        kindGiven = try arguments[Self.kind]
        memberGiven = try arguments[Self.member]
        joint = arguments[Self.joint]
        newName = try arguments[Self.rename]
        if joint && memberGiven != nil { throw UsageError.onlyWith(Self.joint.name, "no --member") }
        switch try arguments.verb(Verb.self) {
        case .list: action = .list
        case .add: action = .add(Account(name: try DetailField.payment.validate(operands[0]), kind: kindGiven, member: memberGiven, aliases: aliases))
        case .edit: action = .edit(operands[0])
        case .remove: action = .remove(operands[0])
        }
    }

    func run(_ context: Context) throws {
        let household = try context.household()
        let change: AccountChanged
        let verb: String
        switch action {
        case .list:
            let store = try context.storeForReading()
            var items: [Item] = []
            if store.exists { for month in try store.months() { items += try store.items(in: month) } }
            let taxonomy = try context.taxonomy()
            let report = AccountsReport(accounts: try household.accounts(), items: items, isIncome: taxonomy.isIncome)
            // A server is set and has never been synced with: its accounts may be the other member's, not here yet.
            let journal = try household.journal()
            let syncFirst = format != .json && context.syncs() && journal.revision == nil && journal.endpoints.isEmpty && !report.suggestions.isEmpty
            context.print(
                format == .json
                    ? JSONRenderer.render(AccountsRenderer.listJSON(report))
                    : AccountsRenderer.list(report, style: context.textStyle, syncFirst: syncFirst, waiting: try household.waitingStatements()))
            return
        case .add(let account):
            change = try household.addAccount(account)
            verb = Verb.add.rawValue
        case .edit(let spelling):
            let (aliases, unaliases, kind, member, joint, name) = (self.aliases, self.unaliases, kindGiven, memberGiven, self.joint, newName)
            change = try household.editAccount(spelling) { account throws(AccountError) in
                if let name { account.name = name }
                if let kind { account.kind = kind }
                if let member { account.member = member }
                if joint { account.member = nil }
                let dropped = Set(unaliases.map { AccountKey.fold($0) })
                account.aliases = account.aliases.filter { !dropped.contains(AccountKey.fold($0)) } + aliases
            }
            verb = Verb.edit.rawValue
        case .remove(let spelling):
            change = try household.removeAccount(spelling)
            verb = Verb.remove.rawValue
        }
        context.print(
            format == .json ? JSONRenderer.render(AccountsRenderer.changedJSON(change)) : AccountsRenderer.changed(verb, change, context.language))
    }
}
