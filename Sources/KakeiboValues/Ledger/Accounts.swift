/// The household's accounts, in the order they were added: every spelling (a name or an alias) names one account.
public struct Accounts: Hashable, Sendable {
    public private(set) var all: [Account] = []
    /// Each spelling's folded key → its account's place in `all`.
    private var keys: [[UInt8]: Int] = [:]
    /// Each former name's folded key (one no account has as a spelling) → its account's place in `all`.
    private var formerKeys: [[UInt8]: Int] = [:]

    public init() {}

    /// Accounts as a file holds them; refused when two spellings of different accounts fold alike.
    public init(_ accounts: [Account]) throws(AccountError) {
        for account in accounts { try add(account) }
    }

    public var isEmpty: Bool { all.isEmpty }

    /// The account a payment (or a counterpart's name) names, if any: its name or an alias, folded.
    /// A statement that names the account it is of by its last digits ("ゆうちょ銀行 *5671") names the account of
    /// that spelling, else the one named without them: two accounts of one bank are told apart by an alias each.
    /// Else the one account its words name (`named(among:)`): PayPay's `PayPayカード VISA 4575` is the account PayPayカード.
    public func account(for text: String?) -> Account? {
        guard let text, !keys.isEmpty else { return nil }
        if let position = position(AccountKey.fold(text)) { return all[position] }
        if let star = text.lastIndex(of: "*"), star > text.startIndex, text[text.index(after: star)...].allSatisfy(\.isNumber),
            text.index(after: star) < text.endIndex, let position = position(AccountKey.fold(String(text[..<star])))
        {
            return all[position]
        }
        return named(among: text)
    }

    /// The account of an id.
    public func account(id: String) -> Account? { all.first { $0.id == id } }

    /// The place of the account a folded spelling names: its name or an alias, else a name it had before a rename.
    private func position(_ key: [UInt8]) -> Int? { keys[key] ?? formerKeys[key] }

    /// The account a line's other side names: as `account(for:)` — whole, or among its words: a bank's description
    /// `口座振替　ジェーシービー` names the account whose alias is ジェーシービー — and an ATM (ＡＴＭ, ATM) is the household's
    /// cash account when it has exactly one (an ATM withdrawal moves money into cash).
    public func counterpart(for text: String?) -> Account? {
        if let account = account(for: text) { return account }
        guard let text, Accounts.isATM(text) else { return nil }
        let cash = all.filter { $0.kind == .cash }
        return cash.count == 1 ? cash[0] : nil
    }

    /// The one account a text's words name, when the whole of it names none. Words are split at spaces and brackets,
    /// and a spelling may span several (`振替 SBI 証券` names SBI証券). nil when no account is named, and when two are:
    /// a line is never guessed to be one of two.
    private func named(among text: String) -> Account? {
        let separators = Accounts.separators
        guard text.contains(where: { separators.contains($0) }) else { return nil }
        let words = text.split { separators.contains($0) }.map(String.init)
        var found: Set<Int> = []
        for start in words.indices {
            for end in start..<min(words.count, start + 4) {
                if let position = position(AccountKey.fold(words[start...end].joined())) { found.insert(position) }
            }
        }
        return found.count == 1 ? found.first.map { all[$0] } : nil
    }

    /// What splits a line's words.
    public static let separators: Set<Character> = [" ", "\u{3000}", "(", ")", "（", "）", "[", "]", "「", "」", "/", "／", "・", ",", "、"]

    /// Whether a bank's description is an ATM's: ＡＴＭ or ATM, alone or starting the text (ＡＴＭ　セブン銀行).
    static func isATM(_ text: String) -> Bool {
        let folded = TextFold.fold(trimWhitespace(text))
        return folded == Array("atm".utf8) || folded.starts(with: Array("atm ".utf8))
    }

    /// The account's name for a payment that names one, else the payment as it is.
    public func resolve(_ payment: String?) -> String? { account(for: payment)?.name ?? payment }

    /// Adds an account. Its aliases that fold like its name or like one another are kept once; a spelling another
    /// account has is refused, and so is a name another account has (edit that one instead). An id another account
    /// has (its name was this one's before a rename) takes a suffix: ids are never shared.
    public mutating func add(_ account: Account) throws(AccountError) {
        let name = try AccountError.checked(account.name)
        if let other = keys[AccountKey.fold(name)] {
            // The name another account has, or a spelling one of its aliases folds alike (みずほ and ミズホ).
            throw AccountKey.fold(all[other].name) == AccountKey.fold(name) ? .exists(all[other].name) : .aliasClaimed(name, by: all[other].name)
        }
        var account = account
        account.name = name
        account.aliases = try Accounts.distinct(account.aliases.map { alias throws(AccountError) in try AccountError.checked(alias) }, besides: name)
        for alias in account.aliases {
            if let other = keys[AccountKey.fold(alias)] { throw .aliasClaimed(alias, by: all[other].name) }
        }
        let base = account.id
        var suffix = 2
        while all.contains(where: { $0.id == account.id }) {
            account.id = base + "-\(suffix)"
            suffix += 1
        }
        let current = AccountKey.fold(name)
        var seen: Set<[UInt8]> = []
        account.former = account.former.filter { AccountKey.fold($0) != current && seen.insert(AccountKey.fold($0)).inserted }
        all.append(account)
        reindex()
    }

    /// Changes the account a spelling names: `change` may rename it, add or drop aliases, set its kind or member.
    /// Its id stays. A renamed account keeps its old name as an alias, and as a former name, so every line, merge and
    /// transfer that names it by the old name still names it, also once the alias is dropped (unless another account
    /// takes that spelling). The same checks as `add` hold after the change; returns the account as it now is.
    @discardableResult
    public mutating func edit(_ spelling: String, _ change: (inout Account) throws(AccountError) -> Void) throws(AccountError) -> Account {
        guard let position = keys[AccountKey.fold(spelling)] else { throw .notFound(spelling) }
        var others = self
        others.all.remove(at: position)
        others.reindex()
        var account = all[position]
        let old = account.name
        let id = account.id
        try change(&account)
        account.id = id
        if AccountKey.fold(account.name) != AccountKey.fold(old) {
            if !account.aliases.contains(where: { AccountKey.fold($0) == AccountKey.fold(old) }) { account.aliases.append(old) }
            account.former.append(old)
        }
        try others.add(account)
        var placed = others.all
        placed.insert(placed.removeLast(), at: position)
        all = placed
        reindex()
        return all[position]
    }

    /// Removes the account a spelling names; returns it.
    public mutating func remove(_ spelling: String) throws(AccountError) -> Account {
        guard let position = keys[AccountKey.fold(spelling)] else { throw .notFound(spelling) }
        let account = all.remove(at: position)
        reindex()
        return account
    }

    /// Changes an account found by its id (stated balances and bills recorded by an import): not its id, name or
    /// spellings.
    public mutating func update(id: String, _ change: (inout Account) -> Void) {
        guard let position = all.firstIndex(where: { $0.id == id }) else { return }
        var account = all[position]
        change(&account)
        (account.id, account.name, account.aliases, account.former) = (
            all[position].id, all[position].name, all[position].aliases, all[position].former
        )
        all[position] = account
    }

    /// The spellings each once by their key, none that folds like `besides`.
    static func distinct(_ spellings: [String], besides name: String) throws(AccountError) -> [String] {
        var seen: Set<[UInt8]> = [AccountKey.fold(name)]
        return spellings.filter { seen.insert(AccountKey.fold($0)).inserted }
    }

    private mutating func reindex() {
        keys = [:]
        formerKeys = [:]
        for (position, account) in all.enumerated() {
            for spelling in [account.name] + account.aliases { keys[AccountKey.fold(spelling)] = position }
        }
        for (position, account) in all.enumerated() {
            for name in account.former where keys[AccountKey.fold(name)] == nil { formerKeys[AccountKey.fold(name)] = position }
        }
    }

    public static func == (a: Accounts, b: Accounts) -> Bool { a.all == b.all }
    public func hash(into hasher: inout Hasher) { hasher.combine(all) }
}

/// An account that can't be added, changed or found.
public enum AccountError: KakeiboFailure, Equatable {
    /// A spelling (the name or an alias) another account already has: an alias names one account.
    case aliasClaimed(String, by: String)
    /// An account of this name is there already.
    case exists(String)
    case notFound(String)
    case spelling(DetailError)

    public var kind: FailureKind {
        switch self {
        case .notFound: .runtime
        default: .badInput
        }
    }

    /// A name or alias as a payment is checked (1–30 characters, no control characters), trimmed.
    static func checked(_ text: String) throws(AccountError) -> String {
        do { return try DetailField.payment.validate(text) } catch { throw .spelling(error) }
    }

    public func message(in language: Language) -> String {
        switch self {
        case .aliasClaimed(let alias, let other):
            return language.pick(
                "'\(terminalSafe(alias))' already names the account \(terminalSafe(other)): a spelling can name one account only",
                "'\(terminalSafe(alias))' はすでに口座 \(terminalSafe(other)) の名前です（ひとつの呼び名が指せる口座はひとつだけです）")
        case .exists(let name):
            return language.pick(
                "there is an account \(terminalSafe(name)) already (change it with accounts edit)",
                "口座 \(terminalSafe(name)) はすでにあります（変えるときは accounts edit）")
        case .notFound(let name):
            return language.pick("no account is named '\(terminalSafe(name))'", "'\(terminalSafe(name))' という口座はありません")
        case .spelling(.empty):
            return language.pick("an account's name or alias must not be empty", "口座の名前や呼び名が空です")
        case .spelling(.tooLong(_, let count)):
            return language.pick(
                "an account's name or alias must be at most 30 characters, got \(count)", "口座の名前や呼び名は 30 文字以内にしてください（\(count) 文字）")
        case .spelling(.controlCharacter):
            return language.pick("an account's name or alias must not contain control characters", "口座の名前や呼び名に制御文字は使えません")
        }
    }
}
