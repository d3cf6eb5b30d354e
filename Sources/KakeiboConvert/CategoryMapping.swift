import KakeiboKit

/// Which kakeibo category each of another app's categories becomes.
///
/// A mapping file (`mapping.json` in the configuration directory, or `--mapping FILE`) has a table per app; a key is
/// "大項目/中項目" (one subcategory), "大項目/*" (all of its subcategories) or "大項目" (the category without a
/// subcategory); a value is a kakeibo category as the command line takes it ("food/drink", "食費/飲料"), or null to
/// skip those rows:
///
///     {"moneyforward": {"住宅/家賃": "home", "現金・カード/*": null},
///      "zaim": {"食費/*": "food"}}
///
/// Its rules come before the defaults (`standard`), which cover the apps' standard categories that have a clear
/// kakeibo counterpart.
public struct CategoryMapping: Sendable {
    public enum Target: Equatable, Sendable {
        case category(CategoryCode)
        case skip
    }

    var rules: [ImportSource: [String: Target]]

    /// The exact rule for the category, else its "大項目/*" rule; nil when neither exists.
    public func target(for category: SourceCategory, from source: ImportSource) -> Target? {
        guard let table = rules[source] else { return nil }
        return table[category.name] ?? table[category.major + "/*"]
    }

    /// The default rules, in the shape of a mapping file.
    static let defaults: [ImportSource: [(String, String)]] = [
        .moneyforward: [
            ("食費/食料品", "food/grocery"), ("食費/カフェ", "food/drink"), ("食費/*", "food"),
            ("日用品/タバコ", "entertainment/luxury"), ("日用品/*", "entertainment/goods"),
            ("趣味・娯楽/*", "entertainment/luxury"),
            ("交通費/*", "entertainment/traffic"),
            ("自動車/ガソリン", "entertainment/traffic"), ("自動車/駐車場", "entertainment/traffic"),
            ("自動車/道路料金", "entertainment/traffic"),
            ("収入/給与", "income/salary"), ("収入/賞与", "income/bonus"), ("収入/事業・副業", "income/side"),
        ],
        .zaim: [
            ("食費/食料品", "food/grocery"), ("食費/カフェ", "food/drink"), ("食費/*", "food"),
            ("日用雑貨/タバコ", "entertainment/luxury"), ("日用雑貨/*", "entertainment/goods"),
            ("エンタメ/*", "entertainment/luxury"),
            ("交通/*", "entertainment/traffic"),
            ("クルマ/ガソリン", "entertainment/traffic"), ("クルマ/駐車場", "entertainment/traffic"),
            ("クルマ/高速料金", "entertainment/traffic"),
            ("給与所得/*", "income/salary"), ("賞与/*", "income/bonus"), ("事業所得/*", "income/side"),
        ],
    ]

    /// The default rules whose kakeibo category the household's taxonomy has (a household with its own categories
    /// may have no "entertainment": those rows are then reported as unmapped, never guessed).
    public static func standard(_ taxonomy: Taxonomy) -> CategoryMapping {
        var rules: [ImportSource: [String: Target]] = [:]
        for (source, pairs) in defaults {
            for (key, target) in pairs {
                if let code = try? taxonomy.resolve(target) { rules[source, default: [:]][key] = .category(code) }
            }
        }
        return CategoryMapping(rules: rules)
    }

    /// These rules with a mapping file's on top of them.
    public func adding(file bytes: [UInt8], path: String, taxonomy: Taxonomy) throws(MappingProblem) -> CategoryMapping {
        var rules = self.rules
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw MappingProblem(path: path, issue: .syntax(error)) }
        guard let tables = root.objectValue else { throw MappingProblem(path: path, issue: .shape(nil)) }
        for (name, table) in tables {
            guard let source = ImportSource(rawValue: name) else { throw MappingProblem(path: path, issue: .unknownSource(name)) }
            guard let entries = table.objectValue else { throw MappingProblem(path: path, issue: .shape(name)) }
            for (key, value) in entries {
                switch value {
                case .null:
                    rules[source, default: [:]][key] = .skip
                case .string(let text):
                    do { rules[source, default: [:]][key] = .category(try taxonomy.resolve(text)) } catch {
                        throw MappingProblem(path: path, issue: .target(source: name, key: key, error))
                    }
                default:
                    throw MappingProblem(path: path, issue: .shape(name + ": " + key))
                }
            }
        }
        return CategoryMapping(rules: rules)
    }
}

/// A mapping file kakeibo can't use: exit 2, naming the file and the entry.
public struct MappingProblem: KakeiboFailure, Equatable {
    public enum Issue: Equatable, Sendable {
        case missing
        case syntax(JSONError)
        /// Where the shape is wrong: nil for the whole file, else the table (and key).
        case shape(String?)
        case unknownSource(String)
        case target(source: String, key: String, ValueError)
    }

    public var path: String
    public var issue: Issue

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        let shape = #"{"moneyforward": {"大項目/中項目": "CAT[/SUB]" or null, …}, "zaim": {…}}"#
        let text: String
        switch issue {
        case .missing: text = language.pick("no such mapping file", "対応表のファイルがありません")
        case .syntax(let error): text = language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .shape(let place):
            text = (place.map { $0 + ": " } ?? "") + language.pick("expected \(shape)", "\(shape) の形が必要です")
        case .unknownSource(let name):
            text = language.pick(
                "unknown app '\(name)'; expected \(ImportSource.allCases.map(\.rawValue).joined(separator: " or "))",
                "不明なアプリ '\(name)'（\(ImportSource.allCases.map(\.rawValue).joined(separator: "、")) のいずれか）")
        case .target(let source, let key, let error): text = "\(source): \(key): " + error.message(in: language)
        }
        return terminalSafe("\(path): " + text)
    }
}

/// Where an export's income rows go: the taxonomy's income categories, and one for income no rule places.
public struct IncomeTargets: Equatable, Sendable {
    /// For income rows without a rule naming an income category: `income/other` in the standard taxonomy.
    public var fallback: CategoryCode
    public var codes: Set<Int>

    /// The first income category (its `other` subcategory, if it has one); nil when the taxonomy has no income.
    public static func standard(_ taxonomy: Taxonomy) -> IncomeTargets? {
        guard let category = taxonomy.categories.first(where: { $0.kind == .income }) else { return nil }
        let other = category.subcategories.first { $0.key == "other" }
        return IncomeTargets(fallback: CategoryCode(category.code, other?.code), codes: taxonomy.incomeCodes)
    }

    func code(for target: CategoryMapping.Target?) -> CategoryCode {
        guard case .category(let code) = target, codes.contains(code.category) else { return fallback }
        return code
    }
}
