import KakeiboValues

/// Why a categories file was refused.
public enum TaxonomyProblem: Error, Equatable, Sendable {
    case syntax(JSONError)
    case shape(String)
    case badKey(String)
    case reservedKey(String)
    case duplicate(String)
    case empty
    /// Nothing but white space: what `categories --format json > categories.json` leaves behind.
    case emptyFile

    public func message(in language: Language) -> String {
        switch self {
        case .syntax(let error): return language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .shape(let path):
            return language.pick(
                "\(path): expected {\"categories\":[{\"key\",\"code\",\"ja\",\"en\",\"subcategories\":[…]}]}",
                "\(path): {\"categories\":[{\"key\",\"code\",\"ja\",\"en\",\"subcategories\":[…]}]} の形が必要です")
        case .badKey(let key):
            return language.pick(
                "key '\(key)' must be lowercase ASCII letters, digits, '-' or '_', starting with a letter",
                "キー '\(key)' は英小文字で始まり、英小文字・数字・'-'・'_' だけにしてください")
        case .reservedKey(let key):
            return language.pick("'\(key)' is reserved and cannot be a key", "'\(key)' は予約語なのでキーにできません")
        case .duplicate(let what):
            return language.pick("'\(what)' is used twice", "'\(what)' が重複しています")
        case .empty: return language.pick("no categories", "項目がありません")
        case .emptyFile: return language.pick("the file is empty", "ファイルが空です")
        }
    }
}

/// Reads a household's own categories file (`categories.json` in the configuration directory).
///
///     {"categories": [
///       {"key": "food", "code": 0, "ja": "食費", "en": "Food",
///        "subcategories": [{"key": "grocery", "code": 0, "ja": "食品", "en": "Grocery"}]},
///       {"key": "income", "code": 90, "ja": "収入", "en": "Income", "kind": "income", "subcategories": […]}
///     ]}
public enum TaxonomyCodec {
    public static func decode(_ bytes: [UInt8]) throws(TaxonomyProblem) -> Taxonomy {
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { throw .emptyFile }
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw .syntax(error) }
        guard let list = root["categories"]?.arrayValue else { throw .shape("categories") }
        guard !list.isEmpty else { throw .empty }
        var categories: [Taxonomy.Category] = []
        var names = Set<String>()
        func claim(_ word: String) throws(TaxonomyProblem) {
            guard names.insert(word.lowercased()).inserted else { throw .duplicate(word) }
        }
        for (index, value) in list.enumerated() {
            let path = "categories[\(index)]"
            let (key, code, name) = try entry(value, path: path)
            guard !categories.contains(where: { $0.code == code }) else { throw .duplicate("code \(code)") }
            // Across categories a word may mean only one category; a category's key and its English name may agree.
            for word in Set([key, name.en.lowercased(), name.ja.lowercased()]) { try claim(word) }
            var subs: [Taxonomy.Subcategory] = []
            var subNames = Set<String>()
            for (subIndex, subValue) in (value["subcategories"]?.arrayValue ?? []).enumerated() {
                let (subKey, subCode, subName) = try entry(subValue, path: "\(path).subcategories[\(subIndex)]")
                guard !subs.contains(where: { $0.code == subCode }) else { throw .duplicate("\(key) code \(subCode)") }
                for word in Set([subKey, subName.en.lowercased(), subName.ja.lowercased()]) {
                    guard subNames.insert(word).inserted else { throw .duplicate(word) }
                }
                subs.append(Taxonomy.Subcategory(key: subKey, code: subCode, name: subName))
            }
            if let extra = value["subcategories"], extra.arrayValue == nil { throw .shape("\(path).subcategories") }
            let kind: Taxonomy.Kind
            switch value["kind"] {
            case nil: kind = .spending
            case let field?:
                guard let text = field.stringValue, let known = Taxonomy.Kind(rawValue: text) else { throw .shape("\(path).kind") }
                kind = known
            }
            categories.append(Taxonomy.Category(key: key, code: code, name: name, subcategories: subs, kind: kind))
        }
        return Taxonomy(categories: categories)
    }

    public static func encode(_ taxonomy: Taxonomy) -> [UInt8] {
        func entry(_ key: String, _ code: Int, _ name: LocalizedText) -> [(String, JSONValue)] {
            [("key", .string(key)), ("code", .integer(code)), ("ja", .string(name.ja)), ("en", .string(name.en))]
        }
        let list = taxonomy.categories.map { category -> JSONValue in
            let subs = category.subcategories.map { JSONValue.object(entry($0.key, $0.code, $0.name)) }
            // "kind" only for income, so a spending-only taxonomy encodes as it always did.
            let kind: [(String, JSONValue)] = category.kind == .income ? [("kind", .string("income"))] : []
            return .object(entry(category.key, category.code, category.name) + [("subcategories", .array(subs))] + kind)
        }
        var writer = JSONWriter()
        JSONValue.object([("categories", .array(list))]).write(to: &writer)
        writer.raw("\n")
        return writer.bytes
    }

    private static func entry(_ value: JSONValue, path: String) throws(TaxonomyProblem) -> (String, Int, LocalizedText) {
        guard let key = value["key"]?.stringValue, let code = value["code"]?.intValue,
            let ja = value["ja"]?.stringValue, let en = value["en"]?.stringValue,
            !trimWhitespace(ja).isEmpty, !trimWhitespace(en).isEmpty
        else { throw .shape(path) }
        guard isValidKey(key) else { throw .badKey(key) }
        guard !Taxonomy.reservedKeys.contains(key) else { throw .reservedKey(key) }
        return (key, code, LocalizedText(en: trimWhitespace(en), ja: trimWhitespace(ja)))
    }

    static func isValidKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), key.utf8.count <= 30
        else { return false }
        return key.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
        }
    }
}
