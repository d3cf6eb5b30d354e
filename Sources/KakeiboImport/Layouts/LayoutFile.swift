import KakeiboKit

/// Why a layout file can't be used: one line, naming the file and the key; nothing is imported (exit 2).
package struct LayoutProblem: KakeiboFailure, Equatable {
    package enum Issue: Equatable, Sendable {
        case json(JSONError)
        case schema(Int?)
        case missingKey(String)
        case unknownKey(String)
        /// A key holding something of the wrong kind ("a string", "a list of column names").
        case type(String, expected: String)
        case choice(String, value: String, choices: [String])
        case dateFormat(String)
        /// A pattern that isn't a regular expression, or uses what kakeibo's patterns don't take (`LayoutPattern`).
        case pattern(String, key: String, syntax: String)
        case unboundedPattern(String, key: String, uses: String)
        case patternTooLarge(String, key: String)
        case name(String)
        case tooBig
    }

    /// The file, or the shipped layout's name.
    package var origin: String
    package var issue: Issue

    package var kind: FailureKind { .badInput }

    package func message(in language: Language) -> String {
        let head = language.pick("layout \(origin): ", "レイアウト \(origin): ")
        switch issue {
        case .json(let error): return head + language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .schema(let found):
            return head
                + language.pick(
                    "\"schema\" must be \(Layout.schema), got \(found.map(String.init) ?? "none")",
                    "\"schema\" は \(Layout.schema) にしてください（値: \(found.map(String.init) ?? "なし")）")
        case .missingKey(let key): return head + language.pick("\"\(key)\" is missing", "\"\(key)\" がありません")
        case .unknownKey(let key):
            return head
                + language.pick("unknown key \"\(key)\" (see docs/statements.md#layouts)", "知らないキー \"\(key)\" です（docs/statements.md#layouts を参照）")
        case .type(let key, let expected):
            return head + language.pick("\"\(key)\" must be \(expected)", "\"\(key)\" は \(LayoutProblem.japanese(expected)) にしてください")
        case .choice(let key, let value, let choices):
            return head
                + language.pick(
                    "\"\(key)\" must be \(choices.joined(separator: ", ")), got '\(value)'",
                    "\"\(key)\" は \(choices.joined(separator: "、")) のいずれかにしてください（値: '\(value)'）")
        case .dateFormat(let pattern):
            return head
                + language.pick(
                    "the date format '\(pattern)' needs a month (MM or M) and a day (dd or d), and at most one year (yyyy or yy, or an era and its year: Ge), e.g. yyyy/MM/dd, Ge.MM.dd or M月d日",
                    "日付の形式 '\(pattern)' には月（MM か M）と日（dd か d）、年なら一つ（yyyy か yy、和暦なら元号と年の Ge）が必要です（例: yyyy/MM/dd、Ge.MM.dd、M月d日）")
        case .pattern(let pattern, let key, let what):
            return head
                + language.pick(
                    "\"\(key)\": '\(Self.shown(pattern))' is not a regular expression (\(what))",
                    "\"\(key)\": '\(Self.shown(pattern))' は正規表現として読めません（\(what)）")
        case .unboundedPattern(let pattern, let key, let what):
            return head
                + language.pick(
                    "\"\(key)\": '\(Self.shown(pattern))' uses \(what), which a layout's pattern can't (it must match in time linear in the text; see docs/statements.md#layouts)",
                    "\"\(key)\": '\(Self.shown(pattern))' は \(what) を使っています。レイアウトのパターンでは使えません（文字数に比例する時間で照合するため。docs/statements.md#layouts を参照）")
        case .patternTooLarge(let pattern, let key):
            return head
                + language.pick(
                    "\"\(key)\": '\(Self.shown(pattern))' is too large once its repetitions are spelled out (at most \(LayoutPattern.maximumSize) steps)",
                    "\"\(key)\": '\(Self.shown(pattern))' は繰り返しを展開すると大きすぎます（\(LayoutPattern.maximumSize) ステップまで）")
        case .name(let name):
            return head
                + language.pick(
                    "\"name\" must be 1–40 lowercase letters, digits and hyphens, got '\(name)'",
                    "\"name\" は英小文字・数字・ハイフンで 1〜40 文字にしてください（値: '\(name)'）")
        case .tooBig: return head + language.pick("the file is larger than 64 KB", "ファイルが 64 KB を超えています")
        }
    }

    /// A pattern as a message quotes it: its first 60 characters.
    static func shown(_ pattern: String) -> String { pattern.count > 60 ? String(pattern.prefix(60)) + "…" : pattern }

    static func japanese(_ expected: String) -> String {
        switch expected {
        case "a string": "文字列"
        case "a whole number": "整数"
        case "a column (a name or a number from 1)": "列（名前か 1 からの番号）"
        case "a list of columns": "列のリスト"
        case "a list of strings": "文字列のリスト"
        case "an object": "オブジェクト"
        case "a list of {\"column\", \"equals\" or \"matches\"}": "{\"column\", \"equals\" か \"matches\"} のリスト"
        default: expected
        }
    }
}

extension Layout {
    /// The largest layout file read.
    static let maximumFileSize = 65_536

    /// Reads a layout file (see docs/statements.md "Layouts"); every key is checked, and an unknown one refused so
    /// that a typo doesn't silently leave a rule out.
    package static func parse(_ bytes: [UInt8], origin: String) throws(LayoutProblem) -> Layout {
        guard bytes.count <= maximumFileSize else { throw LayoutProblem(origin: origin, issue: .tooBig) }
        let value: JSONValue
        do { value = try JSONValue.parse(Array(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...])) } catch {
            throw LayoutProblem(origin: origin, issue: .json(error))
        }
        var reader = LayoutKeys(origin: origin)
        return try reader.layout(value)
    }
}

/// Reads a layout file's keys, each once, refusing what is missing, unknown or of the wrong kind.
struct LayoutKeys {
    let origin: String

    func fail(_ issue: LayoutProblem.Issue) -> LayoutProblem { LayoutProblem(origin: origin, issue: issue) }

    func object(_ value: JSONValue?, _ key: String, allowed: [String]) throws(LayoutProblem) -> [String: JSONValue] {
        guard let members = value?.objectValue else { throw fail(.type(key, expected: "an object")) }
        var out: [String: JSONValue] = [:]
        for (name, member) in members {
            guard allowed.contains(name) else { throw fail(.unknownKey(key.isEmpty ? name : key + "." + name)) }
            out[name] = member
        }
        return out
    }

    func string(_ value: JSONValue?, _ key: String) throws(LayoutProblem) -> String {
        guard let value else { throw fail(.missingKey(key)) }
        guard let text = value.stringValue else { throw fail(.type(key, expected: "a string")) }
        return text
    }

    func strings(_ value: JSONValue?, _ key: String) throws(LayoutProblem) -> [String] {
        guard let value else { return [] }
        guard let list = value.arrayValue else { throw fail(.type(key, expected: "a list of strings")) }
        var out: [String] = []
        for element in list {
            guard let text = element.stringValue else { throw fail(.type(key, expected: "a list of strings")) }
            out.append(text)
        }
        return out
    }

    func column(_ value: JSONValue?, _ key: String) throws(LayoutProblem) -> Layout.Column {
        guard let value else { throw fail(.missingKey(key)) }
        if let name = value.stringValue, !trimWhitespace(name).isEmpty { return .name(trimWhitespace(name)) }
        if let position = value.intValue, (1...1000).contains(position) { return .position(position) }
        throw fail(.type(key, expected: "a column (a name or a number from 1)"))
    }

    func columns(_ value: JSONValue?, _ key: String) throws(LayoutProblem) -> [Layout.Column] {
        guard let value else { return [] }
        if value.stringValue != nil || value.intValue != nil { return [try column(value, key)] }
        guard let list = value.arrayValue else { throw fail(.type(key, expected: "a list of columns")) }
        var out: [Layout.Column] = []
        for element in list { out.append(try column(element, key)) }
        return out
    }

    func choice<T: RawRepresentable & CaseIterable>(_ value: JSONValue?, _ key: String, default fallback: T) throws(LayoutProblem) -> T
    where T.RawValue == String {
        guard let value else { return fallback }
        let text = try string(value, key)
        let spellings: [String: String] = ["utf8": "utf-8", "shift_jis": "cp932", "shift-jis": "cp932", "sjis": "cp932", "windows-31j": "cp932"]
        let word = spellings[text.lowercased()] ?? text.lowercased()
        guard let found = T(rawValue: word) else { throw fail(.choice(key, value: text, choices: T.allCases.map(\.rawValue))) }
        return found
    }

    func pattern(_ text: String, _ key: String) throws(LayoutProblem) -> String {
        do { _ = try LayoutPattern(text) } catch {
            switch error {
            case .syntax(let what): throw fail(.pattern(text, key: key, syntax: what))
            case .unsupported(let what): throw fail(.unboundedPattern(text, key: key, uses: what))
            case .tooLarge: throw fail(.patternTooLarge(text, key: key))
            }
        }
        return text
    }

    func rules(_ value: JSONValue?, _ key: String) throws(LayoutProblem) -> [Layout.RowRule] {
        guard let value else { return [] }
        let shape = "a list of {\"column\", \"equals\" or \"matches\"}"
        guard let list = value.arrayValue else { throw fail(.type(key, expected: shape)) }
        var out: [Layout.RowRule] = []
        for element in list {
            let members = try object(element, key, allowed: ["column", "equals", "matches"])
            let column = try column(members["column"], key + ".column")
            if let equals = members["equals"] {
                out.append(Layout.RowRule(column: column, test: .equals(try string(equals, key + ".equals"))))
            } else if let matches = members["matches"] {
                out.append(Layout.RowRule(column: column, test: .matches(try pattern(try string(matches, key + ".matches"), key + ".matches"))))
            } else {
                throw fail(.type(key, expected: shape))
            }
        }
        return out
    }

    func kinds(_ value: JSONValue?) throws(LayoutProblem) -> [Layout.KindRule] {
        guard let value else { return [] }
        let shape = "a list of {\"column\", and \"refund\", \"transfer\" or \"other\": a list of words}"
        guard let list = value.arrayValue else { throw fail(.type("kinds", expected: shape)) }
        var out: [Layout.KindRule] = []
        for element in list {
            let members = try object(element, "kinds", allowed: ["column"] + Layout.KindRule.Kind.allCases.map(\.rawValue))
            var words: [Layout.KindRule.Kind: [String]] = [:]
            for kind in Layout.KindRule.Kind.allCases where members[kind.rawValue] != nil {
                words[kind] = try strings(members[kind.rawValue], "kinds." + kind.rawValue)
            }
            guard !words.isEmpty else { throw fail(.type("kinds", expected: shape)) }
            out.append(Layout.KindRule(column: try column(members["column"], "kinds.column"), words: words))
        }
        return out
    }

    mutating func layout(_ value: JSONValue) throws(LayoutProblem) -> Layout {
        let top = try object(
            value, "",
            allowed: [
                "schema", "name", "title", "account", "encoding", "header", "date", "amount", "description", "memo", "member", "id", "empty",
                "ignore", "stop", "transfers", "kinds", "separator", "shop", "balance",
            ])
        guard top["schema"]?.intValue == Layout.schema else { throw fail(.schema(top["schema"]?.intValue)) }
        let name = try string(top["name"], "name")
        guard (1...40).contains(name.count), name.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
            throw fail(.name(name))
        }
        let title = top["title"] == nil ? name : try string(top["title"], "title")
        let account = top["account"] == nil ? title : try string(top["account"], "account")
        guard let header = top["header"] else { throw fail(.missingKey("header")) }
        let headerKeys = try object(header, "header", allowed: ["match", "within", "aliases"])
        let match = try strings(headerKeys["match"], "header.match").map(trimWhitespace).filter { !$0.isEmpty }
        guard !match.isEmpty else { throw fail(.missingKey("header.match")) }
        var within = 20
        if let value = headerKeys["within"] {
            guard let number = value.intValue, (1...100).contains(number) else { throw fail(.type("header.within", expected: "a whole number")) }
            within = number
        }
        var aliases: [String: [String]] = [:]
        if let value = headerKeys["aliases"] {
            guard let members = value.objectValue else { throw fail(.type("header.aliases", expected: "an object")) }
            for (column, spellings) in members {
                aliases[trimWhitespace(column)] = try strings(spellings, "header.aliases." + column).map(trimWhitespace)
            }
        }
        guard let dateValue = top["date"] else { throw fail(.missingKey("date")) }
        let dateKeys = try object(dateValue, "date", allowed: ["column", "format", "undated"])
        let formatText = try string(dateKeys["format"], "date.format")
        guard let format = DateFormat(formatText) else { throw fail(.dateFormat(formatText)) }
        guard let amountValue = top["amount"] else { throw fail(.missingKey("amount")) }
        let amountKeys = try object(amountValue, "amount", allowed: ["column", "sign", "spending", "income"])
        let amount: Layout.Amount
        if amountKeys["column"] != nil {
            amount = .signed(
                try column(amountKeys["column"], "amount.column"), try choice(amountKeys["sign"], "amount.sign", default: .positiveIsSpending))
        } else if amountKeys["spending"] != nil || amountKeys["income"] != nil {
            amount = .split(
                spending: try column(amountKeys["spending"], "amount.spending"), income: try column(amountKeys["income"], "amount.income"))
        } else {
            throw fail(.missingKey("amount.column"))
        }
        let description = try columns(top["description"], "description")
        guard !description.isEmpty else { throw fail(.missingKey("description")) }
        let dateColumns = try columns(dateKeys["column"], "date.column")
        guard let dateColumn = dateColumns.first else { throw fail(.missingKey("date.column")) }
        var layout = Layout(
            name: name, title: title, account: account, match: match, date: dateColumn, dateFormat: format, amount: amount,
            description: description)
        layout.dateParts = Array(dateColumns.dropFirst())
        layout.encoding = try choice(top["encoding"], "encoding", default: .auto)
        layout.separator = try choice(top["separator"], "separator", default: .comma)
        layout.within = within
        layout.aliases = aliases
        layout.undated = try choice(dateKeys["undated"], "date.undated", default: .skip)
        layout.memo = try columns(top["memo"], "memo")
        layout.member = try top["member"].map { value throws(LayoutProblem) in try column(value, "member") }
        layout.id = try top["id"].map { value throws(LayoutProblem) in try column(value, "id") }
        layout.balance = try top["balance"].map { value throws(LayoutProblem) in try column(value, "balance") }
        if top["empty"] != nil { layout.empty = try strings(top["empty"], "empty").map(trimWhitespace) }
        layout.ignore = try rules(top["ignore"], "ignore")
        layout.stop = try rules(top["stop"], "stop")
        layout.transfers = try strings(top["transfers"], "transfers").map { text throws(LayoutProblem) in try pattern(text, "transfers") }
        layout.kinds = try kinds(top["kinds"])
        switch top["shop"] {
        case nil: break
        case .bool(let shop)?: layout.shop = shop
        default: throw fail(.type("shop", expected: "true or false"))
        }
        layout.origin = origin
        return layout
    }
}
