import KakeiboValues

extension SettingsFile<FilingRules, Void> {
    /// The household's filing rules (`rules.json` in the store, beside budgets.json):
    ///
    ///     {"schema": 1,
    ///      "rules": [{"pattern": "amazon", "category": "entertainment/goods", "payment": "楽天カード"}],
    ///      "members": {"本人": "taro", "家族": "hanako"}}
    ///
    /// Categories are keys, as people type them. Schema 2 is written only when a rule carries tags
    /// (`"tags": ["旅行"]`): kakeibo before tags refuses the file (and the household's `rules` setting) as newer, never
    /// reading it without them; rules without tags stay schema 1, which it reads. Schema 3 is written only when a
    /// user is mapped for one account's statements (`"accountMembers": {"a-…": {"本人": "yuto"}}`, by account id).
    public static var rules: Self {
        SettingsFile(
            name: "rules.json", schema: 3,
            shape: LocalizedText(
                en:
                    "expected {\"schema\":1,\"rules\":[{\"pattern\",\"category\",\"payment\"?,\"member\"?,\"name\"?,\"tags\"?}],\"members\":{\"本人\":\"NAME\"}}",
                ja:
                    "{\"schema\":1,\"rules\":[{\"pattern\",\"category\",\"payment\"?,\"member\"?,\"name\"?,\"tags\"?}],\"members\":{\"本人\":\"名前\"}} の形が必要です"
            ),
            empty: FilingRules(), members: ["rules", "members", "accountMembers"], read: RulesFile.read, write: RulesFile.write)
    }
}

/// rules.json's members, read and written.
enum RulesFile {
    private static let optional = ["payment", "member", "name"]

    static func read(_ root: JSONValue, schema: Int) throws(SettingsFileProblem.Reason) -> FilingRules {
        var rules = FilingRules()
        guard let list = root["rules"]?.arrayValue else { throw .shape("rules") }
        for (index, entry) in list.enumerated() {
            let path = "rules[\(index)]"
            guard let fields = entry.objectValue, fields.allSatisfy({ (["pattern", "category", "tags"] + optional).contains($0.0) }),
                let pattern = entry["pattern"]?.stringValue, let category = entry["category"]?.stringValue
            else { throw .shape(path) }
            var rule = FilingRule(pattern: pattern, category: category)
            for field in optional {
                switch entry[field] {
                case .none, .some(.null): break
                case .some(.string(let text)):
                    switch field {
                    case "payment": rule.payment = text
                    case "member": rule.member = text
                    default: rule.name = text
                    }
                default: throw .shape(path + "." + field)
                }
            }
            switch entry["tags"] {
            case .none, .some(.null): break
            case .some(.array(let values)):
                let texts = values.compactMap(\.stringValue)
                guard texts.count == values.count, let tags = try? Tags.validateAll(texts) else { throw .shape(path + ".tags") }
                rule.tags = tags
            default: throw .shape(path + ".tags")
            }
            rules.rules.append(rule)
        }
        switch root["members"] {
        case .none, .some(.null): break
        case .some(.object(let pairs)):
            for (user, member) in pairs {
                guard let member = member.stringValue else { throw .shape("members." + user) }
                rules.members[user] = member
            }
        default: throw .shape("members")
        }
        switch root["accountMembers"] {
        case .none, .some(.null): break
        case .some(.object(let accounts)):
            for (account, pairs) in accounts {
                guard let pairs = pairs.objectValue else { throw .shape("accountMembers." + account) }
                for (user, member) in pairs {
                    guard let member = member.stringValue else { throw .shape("accountMembers." + account + "." + user) }
                    rules.accountMembers[account, default: [:]][user] = member
                }
            }
        default: throw .shape("accountMembers")
        }
        return rules
    }

    static func write(_ rules: FilingRules) -> (schema: Int, members: [(String, JSONValue)]) {
        let list: [JSONValue] = rules.rules.map { rule in
            let extra: [(String, JSONValue)] = [("payment", rule.payment), ("member", rule.member), ("name", rule.name)]
                .compactMap { key, value in value.map { (key, .string($0)) } }
            let tags: [(String, JSONValue)] = rule.tags.isEmpty ? [] : [("tags", .array(rule.tags.map(JSONValue.string)))]
            return .object([("pattern", .string(rule.pattern)), ("category", .string(rule.category))] + extra + tags)
        }
        func pairs(_ map: [String: String]) -> JSONValue { .object(map.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }) }
        let scoped = rules.accountMembers.filter { !$0.value.isEmpty }
        let accountMembers: [(String, JSONValue)] =
            scoped.isEmpty ? [] : [("accountMembers", .object(scoped.sorted { $0.key < $1.key }.map { ($0.key, pairs($0.value)) }))]
        return (
            !scoped.isEmpty ? 3 : rules.rules.contains { !$0.tags.isEmpty } ? 2 : 1,
            [("rules", .array(list)), ("members", pairs(rules.members))] + accountMembers
        )
    }
}
