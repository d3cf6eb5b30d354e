import KakeiboStore
import KakeiboValues

/// `rules` and the filing note `add` prints, in words and as JSON.
public enum RulesRenderer {
    /// `accounts` name the accounts a user is mapped on.
    public static func list(_ rules: FilingRules, accounts: Accounts = Accounts(), style: TextStyle) -> String {
        let language = style.language
        let members =
            rules.members.sorted { $0.key < $1.key }.map { member($0.key, $0.value, language) }.joined()
            + scoped(rules, accounts).map { member($0.user, $0.member, account: $0.account, language) }.joined()
        guard !rules.rules.isEmpty else {
            return language.pick(
                "No rules yet: add one with 'kakeibo rules add PATTERN CATEGORY'\n", "ルールはまだありません。'kakeibo rules add パターン 項目' で追加できます\n")
                + (members.isEmpty ? "" : "\n" + members)
        }
        // A tags column only when a rule puts tags on what it files.
        let tagged = rules.rules.contains { !$0.tags.isEmpty }
        var table = TextTable(
            [
                .right("#"), .left(language.pick("Pattern", "パターン")), .left(language.pick("Category", "項目")), .left(language.pick("Payment", "支払方法")),
                .left(language.pick("Member", "メンバー")), .left(language.pick("Name", "品名")),
            ] + (tagged ? [.left(language.pick("Tags", "タグ"))] : []))
        for (number, rule) in rules.rules.enumerated() {
            table.add(
                [.init(String(number + 1)), .init(terminalSafe(rule.pattern)), .init(terminalSafe(rule.category))]
                    + [rule.payment, rule.member, rule.name].map { .init(terminalSafe($0 ?? "")) }
                    + (tagged ? [.init(terminalSafe(hashed(rule.tags)))] : []))
        }
        return table.render(style) + (members.isEmpty ? "" : "\n" + members)
    }

    /// "Statement user 本人 → member yuto", and "(イオンカード's statements only)" for one account's.
    public static func member(_ user: String, _ member: String, account: String? = nil, _ language: Language) -> String {
        let only = account.map { language.pick(" (\($0)'s statements only)", "（\($0) の明細のみ）") } ?? ""
        return terminalSafe(language.pick("Statement user \(user) → member \(member)", "明細の利用者 \(user) → メンバー \(member)") + only) + "\n"
    }

    /// "2 lines imported before now have this member", when the stored lines' members changed (their 利用者
    /// maps anew); nothing when none did.
    public static func remapped(_ count: Int, _ language: Language) -> String {
        guard count > 0 else { return "" }
        return language.pick(
            count == 1 ? "1 line imported before now has this member\n" : "\(count) lines imported before now have this member\n",
            "取り込み済みの \(count) 件のメンバーをこれに合わせて変えました\n")
    }

    /// The users mapped on one account's statements, by account name (its id where no account has it now), then user.
    static func scoped(_ rules: FilingRules, _ accounts: Accounts) -> [(account: String, id: String, user: String, member: String)] {
        rules.accountMembers.flatMap { id, pairs in
            pairs.map { (account: accounts.account(id: id)?.name ?? id, id: id, user: $0.key, member: $0.value) }
        }.sorted { ($0.account, $0.user) < ($1.account, $1.user) }
    }

    /// Tags as people write them in text: "#旅行 #帰省".
    public static func hashed(_ tags: [String]) -> String { tags.map { "#" + $0 }.joined(separator: " ") }

    /// `{"rules":[{"number","pattern","category","payment","member","name","tags"}],"members":{…},
    /// "accountMembers":[{"account","id","user","member"}]}`.
    public static func listJSON(_ rules: FilingRules, accounts: Accounts = Accounts()) -> JSONValue {
        .object([
            ("rules", .array(rules.rules.enumerated().map { rule(number: $0.offset + 1, $0.element) })),
            ("members", .object(rules.members.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            (
                "accountMembers",
                .array(
                    scoped(rules, accounts).map {
                        .object([
                            ("account", .string($0.account)), ("id", .string($0.id)), ("user", .string($0.user)), ("member", .string($0.member)),
                        ])
                    })
            ),
        ])
    }

    static func rule(number: Int, _ rule: FilingRule) -> JSONValue {
        .object([
            ("number", .integer(number)), ("pattern", .string(rule.pattern)), ("category", .string(rule.category)),
            ("payment", rule.payment.map { .string($0) } ?? .null), ("member", rule.member.map { .string($0) } ?? .null),
            ("name", rule.name.map { .string($0) } ?? .null), ("tags", .array(rule.tags.map(JSONValue.string))),
        ])
    }

    public static func added(_ rules: FilingRules, _ language: Language) -> String {
        let rule = rules.rules[rules.rules.count - 1]
        let line = language.pick(
            "Rule \(rules.rules.count): '\(rule.pattern)' files as \(rule.category)",
            "ルール \(rules.rules.count): '\(rule.pattern)' は \(rule.category) に分類します")
        return terminalSafe(line + extras(payment: rule.payment, member: rule.member, name: rule.name, tags: rule.tags, language)) + "\n"
    }

    /// What a rule adds besides the category, as " · payment 楽天カード · #コンビニ" (empty when nothing).
    static func extras(payment: String?, member: String?, name: String?, tags: [String], _ language: Language) -> String {
        let extras = [
            payment.map { language.pick("payment ", "支払方法 ") + $0 }, member.map { language.pick("member ", "メンバー ") + $0 },
            name.map { language.pick("named ", "品名 ") + $0 }, tags.isEmpty ? nil : hashed(tags),
        ].compactMap { $0 }
        return extras.isEmpty ? "" : " · " + extras.joined(separator: " · ")
    }

    public static func removed(_ number: Int, _ rule: FilingRule, _ language: Language) -> String {
        terminalSafe(
            language.pick(
                "Removed rule \(number): '\(rule.pattern)' → \(rule.category)", "ルール \(number) を削除しました: '\(rule.pattern)' → \(rule.category)"))
            + "\n"
    }

    /// Why an item went where it did: "food/drink, as last time", "entertainment, by rule 2 ('amazon')".
    public static func reason(_ filed: Filed, rules: FilingRules, taxonomy: Taxonomy, _ language: Language) -> String {
        let key = taxonomy.keyPath(filed.category)
        switch filed.reason {
        case .rule(let number):
            let pattern = rules.rules[number - 1].pattern
            return language.pick("\(key), by rule \(number) ('\(pattern)')", "\(key)（ルール \(number)「\(pattern)」）")
        case .history: return language.pick("\(key), as last time", "\(key)（前回と同じ）")
        case .fallback: return language.pick("\(key), the default (no rule, not seen before)", "\(key)（既定。ルールも前回の記録もなし）")
        case .unfiled: return language.pick("\(key), unfiled (no rule, not seen before)", "\(key)（未分類。ルールも前回の記録もなし）")
        case .commonName:
            return language.pick(
                "\(key), as such a name usually is (no rule, not seen before)", "\(key)（よくある品名から。ルールも前回の記録もなし）")
        }
    }

    /// `rules test TEXT`: what files it, and as what.
    public static func test(_ text: String, _ filed: Filed, rules: FilingRules, taxonomy: Taxonomy, _ language: Language) -> String {
        let line = "\(text) → " + reason(filed, rules: rules, taxonomy: taxonomy, language)
        return terminalSafe(line + extras(payment: filed.payment, member: filed.member, name: filed.name, tags: filed.tags, language)) + "\n"
    }

    public static func testJSON(_ text: String, _ filed: Filed, taxonomy: Taxonomy) -> JSONValue {
        let (reason, rule): (String, JSONValue) =
            switch filed.reason {
            case .rule(let number): ("rule", .integer(number))
            case .history: ("history", .null)
            case .fallback: ("default", .null)
            case .unfiled: ("unfiled", .null)
            case .commonName: ("common-name", .null)
            }
        return .object([
            ("text", .string(text)), ("category", .string(taxonomy.keyPath(filed.category))), ("reason", .string(reason)),
            ("rule", rule), ("payment", filed.payment.map { .string($0) } ?? .null), ("member", filed.member.map { .string($0) } ?? .null),
            ("name", filed.name.map { .string($0) } ?? .null), ("tags", .array(filed.tags.map(JSONValue.string))),
        ])
    }
}
