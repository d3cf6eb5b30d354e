import KakeiboValues

/// Why a rules file was refused.
public enum RulesFileProblem: Error, Equatable, Sendable {
    case syntax(JSONError)
    case shape(String)
    case schemaNewer(found: Int)

    public func message(in language: Language) -> String {
        switch self {
        case .syntax(let error): return language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .shape(let path):
            return language.pick(
                "\(path): expected {\"schema\":1,\"rules\":[{\"pattern\",\"category\",\"payment\"?,\"member\"?,\"name\"?,\"tags\"?}],\"members\":{\"本人\":\"NAME\"}}",
                "\(path): {\"schema\":1,\"rules\":[{\"pattern\",\"category\",\"payment\"?,\"member\"?,\"name\"?,\"tags\"?}],\"members\":{\"本人\":\"名前\"}} の形が必要です"
            )
        case .schemaNewer(let found): return SchemaText.newer(found: found, understood: RulesCodec.tagsSchemaVersion, language)
        }
    }
}

/// The household's filing rules (`rules.json` in the store, beside budgets.json):
///
///     {"schema": 1,
///      "rules": [{"pattern": "amazon", "category": "entertainment/goods", "payment": "楽天カード"}],
///      "members": {"本人": "taro", "家族": "hanako"}}
///
/// Categories are keys, as people type them. Reading is strict: an unknown field or a wrong type refuses the file.
public enum RulesCodec {
    /// The version written for rules without tags: the file stays as kakeibo before tags wrote and reads it.
    public static let schemaVersion = 1
    /// The version written when a rule carries tags (`"tags": ["旅行"]`): kakeibo before tags refuses the file (and the
    /// household's `rules` setting) as newer, never reading it without them.
    public static let tagsSchemaVersion = 2
    static let optional = ["payment", "member", "name"]

    public static func decode(_ bytes: [UInt8]) throws(RulesFileProblem) -> FilingRules {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw .syntax(error) }
        guard let members = root.objectValue, members.allSatisfy({ ["schema", "rules", "members"].contains($0.0) }) else {
            throw .shape("rules")
        }
        guard let schema = root["schema"]?.intValue, schema >= 1 else { throw .shape("schema") }
        guard schema <= tagsSchemaVersion else { throw .schemaNewer(found: schema) }
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
        return rules
    }

    public static func encode(_ rules: FilingRules) -> [UInt8] {
        let list: [JSONValue] = rules.rules.map { rule in
            let extra: [(String, JSONValue)] = [("payment", rule.payment), ("member", rule.member), ("name", rule.name)]
                .compactMap { key, value in value.map { (key, .string($0)) } }
            let tags: [(String, JSONValue)] = rule.tags.isEmpty ? [] : [("tags", .array(rule.tags.map(JSONValue.string)))]
            return .object([("pattern", .string(rule.pattern)), ("category", .string(rule.category))] + extra + tags)
        }
        var writer = JSONWriter()
        JSONValue.object(
            [
                ("schema", .integer(rules.rules.contains { !$0.tags.isEmpty } ? tagsSchemaVersion : schemaVersion)), ("rules", .array(list)),
                ("members", .object(rules.members.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ]
        ).write(to: &writer)
        writer.raw("\n")
        return writer.bytes
    }
}
