/// How an item came to be in its category: which rule, what was used last time, or the fallback.
public enum FilingReason: Hashable, Sendable {
    /// Rule `number` (from 1) matched.
    case rule(Int)
    /// The name or shop was filed so last time.
    case history
    /// Nothing knew it: its name is a category's, or else the taxonomy's default category (add, receipts).
    case fallback
    /// Nothing knew it, but its name usually means this category (`CommonNames`: 米 is groceries).
    case commonName
    /// Nothing knew it: the unfiled category (statement lines; see `Taxonomy.unfiled`).
    case unfiled
}

/// Where something is filed and why, with what the rule or history adds (payment, member, a name).
public struct Filed: Hashable, Sendable {
    public var category: CategoryCode
    public var payment: String?
    public var member: String?
    public var name: String?
    /// The tags the rule puts on what it files (none from history or the fallback).
    public var tags: [String] = []
    public var reason: FilingReason
}

/// The last use of each name and shop in a store: the category and payment most recently given to it.
public struct FilingHistory: Sendable {
    struct Use: Sendable {
        var date: CalendarDate
        var added: Timestamp
        var category: CategoryCode
        var payment: String?
    }

    private var uses: [[UInt8]: Use] = [:]

    /// The most recent use (by date, then by when it was recorded) of every item's name and shop, folded. A
    /// statement line still in the unfiled category teaches nothing: nobody has filed it yet.
    public init(_ items: some Sequence<Item>, unfiled: CategoryCode? = nil) {
        for item in items where !(item.category == unfiled && StatementLine.isStatementID(item.id)) {
            let use = Use(date: item.date, added: item.added, category: item.category, payment: item.details.payment)
            for text in [item.name, item.details.shop].compactMap({ $0 }) {
                let key = TextFold.fold(trimWhitespace(text))
                if let known = uses[key], (known.date, known.added) >= (use.date, use.added) { continue }
                uses[key] = use
            }
        }
    }

    func last(_ texts: [String]) -> Use? {
        texts.compactMap { uses[TextFold.fold(trimWhitespace($0))] }.max { ($0.date, $0.added) < ($1.date, $1.added) }
    }
}

/// Files an item by the household's rules, then by what the same name was filed as last time, then the same for its
/// shop, then by the fallback: the first rule that matches wins; an income category is never learnt for spending.
public struct Filer: Sendable {
    public let rules: FilingRules
    public let history: FilingHistory
    public let taxonomy: Taxonomy
    /// The household's accounts, which tell whose statement a line is (for member rules of one account).
    public let accounts: Accounts

    public init(rules: FilingRules, history: FilingHistory, taxonomy: Taxonomy, accounts: Accounts = Accounts()) {
        self.rules = rules
        self.history = history
        self.taxonomy = taxonomy
        self.accounts = accounts
    }

    /// The member a statement's user (利用者) is on a line paid with `payment`: the rule of the account it names, else
    /// the household's (`FilingRules.member`).
    public func member(user: String?, payment: String?) -> String? {
        user.flatMap { rules.member(user: $0, account: accounts.account(for: payment)?.id) }
    }

    /// Where a name (and shop) goes; `unfiled` picks the fallback when nothing knows it: the unfiled category
    /// (statements) or the taxonomy's default (add, receipts). The texts are asked in turn, the name before the
    /// shop: a receipt's shop sells everything, so what its 食パン is comes from 食パン's rule or last use before the
    /// shop's (the first rule matching the name, else its last use, else the first rule matching the shop…).
    public func file(_ texts: [String], unfiled: Bool) throws(RuleError) -> Filed {
        for text in texts {
            if let (number, rule) = rules.first(matching: [text]) {
                let code: CategoryCode
                do { code = try taxonomy.resolve(rule.category) } catch { throw .unknownCategory(rule: number, error) }
                return Filed(category: code, payment: rule.payment, member: rule.member, name: rule.name, tags: rule.tags, reason: .rule(number))
            }
            if let use = history.last([text]), taxonomy.category(code: use.category.category) != nil, !taxonomy.isIncome(use.category) {
                return Filed(category: use.category, payment: use.payment, reason: .history)
            }
        }
        // Nothing learnt: a statement line is unfiled; an item typed or read off a receipt goes where its name is
        // a category (電車 is transport/train), else where its name usually goes (米 is groceries), else to the default.
        if unfiled { return Filed(category: taxonomy.unfiled, reason: .unfiled) }
        guard let name = texts.first else { return Filed(category: taxonomy.defaultCategory, reason: .fallback) }
        if let code = try? taxonomy.resolve(name), !taxonomy.isIncome(code) { return Filed(category: code, reason: .fallback) }
        if let code = CommonNames.category(of: name, in: taxonomy) { return Filed(category: code, reason: .commonName) }
        return Filed(category: taxonomy.defaultCategory, reason: .fallback)
    }
}

extension Taxonomy {
    /// The category of items nothing has filed: the one keyed `unfiled`, else `other`, else the default category.
    /// Keys, not codes, so any taxonomy (the preset's, a household's own categories.json) can name it.
    public var unfiled: CategoryCode {
        for key in ["unfiled", "other"] {
            if let category = categories.first(where: { $0.key == key && $0.kind == .spending }) { return CategoryCode(category.code) }
        }
        return defaultCategory
    }

    /// "food/drink", or "food" without a subcategory: how rules and messages name a category.
    public func keyPath(_ code: CategoryCode) -> String {
        let key = key(category: code.category)
        return code.subcategory.map { key + "/" + self.key(category: code.category, subcategory: $0) } ?? key
    }
}
