/// `rules` and the filing note `add` prints, in words and as JSON.
public enum RulesRenderer {
    public static func list(_ rules: FilingRules, style: TextStyle) -> String {
        let language = style.language
        let members = rules.members.sorted { $0.key < $1.key }.map {
            terminalSafe(language.pick("Statement user \($0.key) → member \($0.value)", "明細の利用者 \($0.key) → メンバー \($0.value)")) + "\n"
        }.joined()
        guard !rules.rules.isEmpty else {
            return language.pick(
                "No rules yet: add one with 'kakeibo rules add PATTERN CATEGORY'\n", "ルールはまだありません。'kakeibo rules add パターン 項目' で追加できます\n")
        }
        var table = TextTable(
            [.right, .left, .left, .left, .left, .left],
            header: [
                "#", language.pick("Pattern", "パターン"), language.pick("Category", "項目"), language.pick("Payment", "支払方法"),
                language.pick("Member", "メンバー"), language.pick("Name", "品名"),
            ])
        for (number, rule) in rules.rules.enumerated() {
            table.add(
                [.init(String(number + 1)), .init(terminalSafe(rule.pattern)), .init(terminalSafe(rule.category))]
                    + [rule.payment, rule.member, rule.name].map { .init(terminalSafe($0 ?? "")) })
        }
        return table.render(style) + (members.isEmpty ? "" : "\n" + members)
    }

    public static func member(_ user: String, _ member: String, _ language: Language) -> String {
        terminalSafe(language.pick("Statement user \(user) → member \(member)", "明細の利用者 \(user) → メンバー \(member)")) + "\n"
    }

    /// `{"rules":[{"number","pattern","category","payment","member","name"}],"members":{…}}`.
    public static func listJSON(_ rules: FilingRules) -> JSONValue {
        .object([
            ("rules", .array(rules.rules.enumerated().map { rule(number: $0.offset + 1, $0.element) })),
            ("members", .object(rules.members.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
        ])
    }

    static func rule(number: Int, _ rule: FilingRule) -> JSONValue {
        .object([
            ("number", .integer(number)), ("pattern", .string(rule.pattern)), ("category", .string(rule.category)),
            ("payment", rule.payment.map { .string($0) } ?? .null), ("member", rule.member.map { .string($0) } ?? .null),
            ("name", rule.name.map { .string($0) } ?? .null),
        ])
    }

    public static func added(_ rules: FilingRules, _ language: Language) -> String {
        let rule = rules.rules[rules.rules.count - 1]
        return terminalSafe(
            language.pick(
                "Rule \(rules.rules.count): '\(rule.pattern)' files as \(rule.category)",
                "ルール \(rules.rules.count): '\(rule.pattern)' は \(rule.category) に分類します"))
            + "\n"
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
        var line = "\(text) → " + reason(filed, rules: rules, taxonomy: taxonomy, language)
        let extras = [
            filed.payment.map { language.pick("payment ", "支払方法 ") + $0 }, filed.member.map { language.pick("member ", "メンバー ") + $0 },
            filed.name.map { language.pick("named ", "品名 ") + $0 },
        ].compactMap { $0 }
        if !extras.isEmpty { line += " · " + extras.joined(separator: " · ") }
        return terminalSafe(line) + "\n"
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
            ("name", filed.name.map { .string($0) } ?? .null),
        ])
    }
}
