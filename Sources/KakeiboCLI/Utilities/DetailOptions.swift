import KakeiboKit

/// The options that set an item's details (`--payment`, `--shop`, `--memo`, `--member`, `--personal`,
/// `--reimbursed`), declared
/// once for add and edit, and the rule for the member: the one given, else this machine's (`config set member`),
/// and, when the household has a split, one of its members.
enum DetailOptions {
    static let payment = detail(.payment, "METHOD", LocalizedText(en: "how it was paid, e.g. 現金 or a card's name", ja: "支払方法（現金、カード名など）"))
    static let shop = detail(.shop, "SHOP", LocalizedText(en: "where it was bought", ja: "お店"))
    static let memo = detail(.memo, "TEXT", LocalizedText(en: "a memo, up to 100 characters", ja: "メモ（100 文字まで）"))
    static let member = detail(
        .member, "NAME", LocalizedText(en: "who paid (default: 'kakeibo config set member NAME')", ja: "支払った人（既定は 'kakeibo config set member NAME'）"))
    static let personal = Flag(
        "--personal", help: LocalizedText(en: "the member's own spending: left out when settling up", ja: "本人だけの支出（精算の対象外）"))

    static let reimbursed = Option<Yen>(
        "--reimbursed", value: "AMOUNT",
        help: LocalizedText(
            en: "what insurance pays back of a medical cost (for 'kakeibo tax medical')", ja: "医療費のうち保険などで補填される金額（'kakeibo tax medical' 用）")
    ) { try Yen.parseReimbursed($0) }

    /// `--tag NAME` (repeatable): a tag as people type it (#旅行, ＃旅行 and 旅行 are one tag).
    static let tag = Option<String>(
        "--tag", value: "NAME",
        help: LocalizedText(
            en: "a tag (旅行, #travel): repeat for more; case, width and a leading # don't matter",
            ja: "タグ（旅行、#帰省 など）。複数は繰り返し指定。大文字小文字・全角半角・先頭の # は区別しません"),
        repeatable: true
    ) { try Tags.validate($0) }
    /// `--untag NAME` (repeatable, edit): a tag to take off, in any spelling.
    static let untag = Option<String>(
        "--untag", value: "NAME", help: LocalizedText(en: "take this tag off, in any spelling (repeatable)", ja: "このタグを外す（表記の違いは問わない。繰り返し指定可）"),
        repeatable: true
    ) { try Tags.validate($0) }
    /// `--no-tags` (edit): every tag off, before any `--tag` is added.
    static let noTags = Flag(
        "--no-tags", help: LocalizedText(en: "take every tag off (then add any --tag)", ja: "タグをすべて外す（--tag があれば、その後に付ける）"))

    static let all: [any OptionDeclaration] = [payment, shop, memo, member, personal, reimbursed, tag]

    /// The tags given with `--tag`, checked, each once.
    static func tags(_ arguments: ParsedArguments) throws -> [String] { try Tags.validateAll(try arguments.all(tag)) }

    /// What edit does to the tags: `--no-tags`, then `--untag`, then `--tag`.
    static func tagChanges(_ arguments: ParsedArguments) throws -> ItemChanges.TagChanges {
        ItemChanges.TagChanges(added: try tags(arguments), removed: try arguments.all(untag), clearAll: arguments[noTags])
    }

    /// `--payment METHOD` and the like: the text checked as the field's rules say (exit 2 naming it).
    static func detail(_ field: DetailField, _ placeholder: String, _ help: LocalizedText) -> Option<String> {
        Option("--" + field.rawValue, value: placeholder, help: help) { try field.validate($0) }
    }

    /// The details a new item gets from the command line, with this machine's member when none is given.
    static func details(_ arguments: ParsedArguments, _ context: Context) throws -> ItemDetails {
        var details = ItemDetails(
            payment: try arguments[payment], shop: try arguments[shop], memo: try arguments[memo], member: try arguments[member],
            personal: arguments[personal], reimbursed: try paidBack(arguments), tags: try tags(arguments))
        let configuration = try settings(context)
        details.member = try known(details.member ?? configuration.member, configuration)
        return details
    }

    /// What edit sets: each detail given, `--clear` ones removed (`--clear personal` makes an item shared again).
    static func changes(
        _ arguments: ParsedArguments, _ context: Context
    ) throws -> (details: [DetailField: String?], personal: Bool?, reimbursed: Yen??) {
        var changes: [DetailField: String?] = [:]
        let cleared = try arguments[clear] ?? []
        for word in cleared {
            if let field = DetailField(rawValue: word) { changes[field] = .some(nil) }
        }
        for (field, option) in [(DetailField.payment, payment), (.shop, shop), (.memo, memo), (.member, member)] {
            if let value = try arguments[option] { changes[field] = value }
        }
        if case .some(.some(let name)) = changes[.member] {
            _ = try known(name, try settings(context))
        }
        if arguments[personal] && cleared.contains("personal") {
            throw UsageError.invalidChoice(option: clear.name, value: "personal", choices: clearable.filter { $0 != "personal" })
        }
        if arguments.given(reimbursed) && cleared.contains("reimbursed") {
            throw UsageError.invalidChoice(option: clear.name, value: "reimbursed", choices: clearable.filter { $0 != "reimbursed" })
        }
        let amount: Yen?? = arguments.given(reimbursed) ? .some(try paidBack(arguments)) : cleared.contains("reimbursed") ? .some(nil) : nil
        return (changes, arguments[personal] ? true : cleared.contains("personal") ? false : nil, amount)
    }

    static let clearable = DetailField.allCases.map(\.rawValue) + ["personal", "reimbursed"]

    /// `--reimbursed`: 0 is none, as an item without it (so the household server, which keeps no zero, agrees).
    static func paidBack(_ arguments: ParsedArguments) throws -> Yen? {
        try arguments[reimbursed].flatMap { $0.amount == 0 ? nil : $0 }
    }

    /// `--clear payment,memo`: details an edit removes.
    static let clear = Option<[String]>(
        "--clear", value: "FIELDS",
        help: LocalizedText(
            en: "remove details: payment, shop, memo, member, personal, reimbursed (comma-separated)",
            ja: "詳細を削除: payment、shop、memo、member、personal、reimbursed（カンマ区切り）")
    ) { text in
        try text.split(separator: ",", omittingEmptySubsequences: false).map { word in
            let name = trimWhitespace(String(word)).lowercased()
            guard clearable.contains(name) else {
                throw UsageError.invalidChoice(option: "--clear", value: String(word), choices: clearable)
            }
            return name
        }
    }

    /// This machine's settings; none when there is no configuration directory (no HOME: a store given with --store
    /// is enough to record items).
    static func settings(_ context: Context) throws -> Configuration {
        let file = try context.configFile()
        guard file.path != nil else { return .empty }
        return try Configuration(file)
    }

    /// The member, if the household's split (when it has one) names it.
    static func known(_ member: String?, _ configuration: Configuration) throws -> String? {
        guard let member, let split = configuration.split, !split.byIncome else { return member }
        guard split.members.contains(member) else { throw SettingError.unknownMember(member, known: split.members) }
        return member
    }
}

extension Context {
    /// This machine's member (`config set member`), checked against the household's split: the member an item
    /// gets when nothing names one — an added item, an imported app export's rows.
    package func configuredMember() throws -> String? {
        let configuration = try DetailOptions.settings(self)
        return try DetailOptions.known(configuration.member, configuration)
    }
}
