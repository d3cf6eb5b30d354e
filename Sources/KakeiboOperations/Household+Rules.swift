import KakeiboStore
import KakeiboValues

extension Household {
    /// Adds a filing rule at the end (a rule added later never overrides one before it); returns every rule. The
    /// rule's category must be one the taxonomy has.
    public func addRule(_ rule: FilingRule, taxonomy: Taxonomy) throws -> FilingRules {
        guard !trimWhitespace(rule.pattern).isEmpty else { throw RuleError.emptyPattern }
        _ = try taxonomy.resolve(rule.category)
        return try store.update(.rules) { rules in
            rules.rules.append(rule)
            return rules
        }
    }

    /// Maps a statement's user (本人, 家族) to a member — on every statement, or with `account` on that account's
    /// only (the account must exist: the mapping keeps its id, so a rename changes nothing); returns every rule and
    /// mapping, and how many lines took another member. The lines imported before, whose member no person gave, follow it: in the same change every month is
    /// matched again (`MatchPlan.derivedMember`), so a line that kept its 利用者 takes the member it now maps to.
    public func setStatementUser(_ user: String, member: String, account: String? = nil) throws -> StatementUserSet {
        let id = try account.map { name in
            guard let found = try accounts().account(for: name) else { throw AccountError.notFound(name) }
            return found.id
        }
        try FileSystem.makeDirectories(store.root)
        return try change { index in
            var rules = try index.read(.rules)
            if let id { rules.accountMembers[id, default: [:]][user] = member } else { rules.members[user] = member }
            try index.write(.rules, rules)
            try index.loadAll()
            let matched = try match(Set(try index.transaction.months()), in: &index, accounts: try accounts())
            return StatementUserSet(rules: rules, members: matched.members)
        }.result
    }

    /// Removes rule `number` (from 1, as listed); returns the rule removed.
    public func removeRule(_ number: Int) throws -> FilingRule {
        guard store.exists else { throw RuleError.noSuchRule(number, count: 0) }
        return try store.update(.rules) { rules in
            guard number >= 1, number <= rules.rules.count else {
                throw RuleError.noSuchRule(number, count: rules.rules.count)
            }
            return rules.rules.remove(at: number - 1)
        }
    }
}

extension Household {
    /// How far before a statement its filing looks for the last use of a shop: a year of history files a household's
    /// shops, and a store of ten years need not be read whole for each statement.
    public static let historyMonths = 12

    /// The rules and the store's history, for filing a statement's lines: every month from `historyMonths` before
    /// `from` on (all of them without `from`).
    public func filer(taxonomy: Taxonomy, from: YearMonth? = nil) throws -> Filer {
        let first = from.flatMap { $0.adding(months: -Household.historyMonths) }
        var items: [Item] = []
        // History only helps to file: a month file that can't be read is left out of it (and reported by whatever
        // reads that month, and by `check`), never a reason to refuse a write to other months.
        for month in try store.months() where first.map({ month >= $0 }) ?? true { items += (try? store.items(in: month)) ?? [] }
        return Filer(
            rules: try store.read(.rules), history: FilingHistory(items, unfiled: taxonomy.unfiled), taxonomy: taxonomy, accounts: try accounts())
    }

    /// The rules and the history of the items whose name or shop holds `name` (found as `find` finds them, without
    /// decoding the rest), for filing one item.
    public func filer(for name: String, taxonomy: Taxonomy) throws -> Filer {
        // As above: an unreadable month leaves the history, not the write, short.
        let items = (try? SearchQuery(name)).flatMap { try? store.search($0) } ?? []
        return Filer(rules: try store.read(.rules), history: FilingHistory(items, unfiled: taxonomy.unfiled), taxonomy: taxonomy)
    }
}

/// What `rules member` did: every rule and mapping now, and how many stored lines now have the member it maps to.
public struct StatementUserSet: Sendable, Equatable {
    public var rules: FilingRules
    public var members: Int
}
