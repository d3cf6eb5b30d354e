/// A rule that files what a shop or name matches: `kakeibo rules add ＡＭＡＺＯＮ shopping/online --payment 楽天カード`.
/// The pattern is looked for in the name and the shop, both width- and case-folded (ＡＭＡＺＯＮ = amazon = Amazon);
/// the category is kept as its key ("food/drink"), so a rule says what its owner typed and survives renumbering.
public struct FilingRule: Hashable, Sendable {
    public var pattern: String
    /// A category key, with its subcategory after a slash: "food" or "food/drink".
    public var category: String
    public var payment: String?
    public var member: String?
    /// The name the item gets instead of the shop's.
    public var name: String?
    /// The tags items get (as `Tags` checks them); none for most rules.
    public var tags: [String]

    public init(
        pattern: String, category: String, payment: String? = nil, member: String? = nil, name: String? = nil, tags: [String] = []
    ) {
        self.pattern = pattern
        self.category = category
        self.payment = payment
        self.member = member
        self.name = name
        self.tags = tags
    }

    /// Whether the rule's pattern is in any of the texts, all compared folded (see `TextFold`).
    public func matches(_ texts: [String]) -> Bool {
        let needle = TextFold.fold(pattern)
        return texts.contains { TextFold.contains(TextFold.fold($0), needle) }
    }
}

/// The household's filing rules, in order (the first that matches wins), and how a statement's 利用者 (本人, 家族)
/// maps to the household's members.
public struct FilingRules: Hashable, Sendable {
    public var rules: [FilingRule] = []
    /// A statement's user as it writes it → the member items get.
    public var members: [String: String] = [:]
    /// The same for one account's statements only (`rules member 本人 yuto --account イオンカード`): the account's id →
    /// user → member. It wins over `members` on that account's lines.
    public var accountMembers: [String: [String: String]] = [:]

    public init(rules: [FilingRule] = [], members: [String: String] = [:], accountMembers: [String: [String: String]] = [:]) {
        self.rules = rules
        self.members = members
        self.accountMembers = accountMembers
    }

    /// The member a statement's user is on a line of the account with id `account` (nil: no account): that account's
    /// mapping, else the household's.
    public func member(user: String, account: String?) -> String? {
        account.flatMap { accountMembers[$0]?[user] } ?? members[user]
    }

    /// The first rule that matches, with its number (from 1, as `rules list` shows it).
    public func first(matching texts: [String]) -> (number: Int, rule: FilingRule)? {
        rules.enumerated().first { $0.element.matches(texts) }.map { ($0.offset + 1, $0.element) }
    }
}

/// A rule that can't be added, removed or used.
public enum RuleError: KakeiboFailure, Equatable {
    case emptyPattern
    case noSuchRule(Int, count: Int)
    /// A stored rule names a category the taxonomy no longer has.
    case unknownCategory(rule: Int, ValueError)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .emptyPattern: return language.pick("a rule's pattern must not be empty", "ルールのパターンが空です")
        case .noSuchRule(let number, let count):
            return count == 0
                ? language.pick("there is no rule \(number): there are no rules yet", "ルール \(number) はありません（ルールはまだありません）")
                : language.pick("there is no rule \(number): the rules are 1–\(count)", "ルール \(number) はありません（1〜\(count)）")
        case .unknownCategory(let rule, let error):
            return language.pick(
                "rule \(rule) names a category kakeibo doesn't have (remove it with 'kakeibo rules remove \(rule)'): ",
                "ルール \(rule) の項目がありません（'kakeibo rules remove \(rule)' で削除できます）: ") + error.message(in: language)
        }
    }
}
