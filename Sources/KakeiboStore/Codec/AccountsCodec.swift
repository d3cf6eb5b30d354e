import KakeiboValues

/// Why an accounts file was refused.
public enum AccountsFileProblem: Error, Equatable, Sendable {
    case syntax(JSONError)
    case shape(String)
    case schemaNewer(found: Int)
    case account(AccountError)

    public func message(in language: Language) -> String {
        switch self {
        case .syntax(let error): return language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .shape(let path):
            return language.pick(
                "\(path): expected {\"schema\":1,\"accounts\":[{\"name\",\"kind\"?,\"member\"?,\"aliases\"?,\"stated\"?,\"bill\"?}]}",
                "\(path): {\"schema\":1,\"accounts\":[{\"name\",\"kind\"?,\"member\"?,\"aliases\"?,\"stated\"?,\"bill\"?}]} の形が必要です")
        case .schemaNewer(let found): return SchemaText.newer(found: found, understood: AccountsCodec.schemaVersion, language)
        case .account(let error): return error.message(in: language)
        }
    }
}

/// The household's accounts (`accounts.json` in the store, beside rules.json):
///
///     {"schema": 1, "accounts": [
///      {"name": "楽天カード", "kind": "card", "member": "ayumi", "aliases": ["ﾗｸﾃﾝｶｰﾄﾞｻｰﾋﾞｽ"],
///       "stated": [{"date": "2024-11-27", "amount": -45210}], "bill": {"amount": 45210, "date": "2024-12-27"}}]}
///
/// Reading is strict: an unknown field, a wrong type or a spelling two accounts share refuses the file.
public enum AccountsCodec {
    public static let schemaVersion = 1
    static let fields = ["name", "kind", "member", "aliases", "stated", "bill"]

    public static func decode(_ bytes: [UInt8]) throws(AccountsFileProblem) -> Accounts {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw .syntax(error) }
        guard let members = root.objectValue, members.allSatisfy({ ["schema", "accounts"].contains($0.0) }) else { throw .shape("accounts") }
        guard let schema = root["schema"]?.intValue, schema >= 1 else { throw .shape("schema") }
        guard schema <= schemaVersion else { throw .schemaNewer(found: schema) }
        guard let list = root["accounts"]?.arrayValue else { throw .shape("accounts") }
        var accounts: [Account] = []
        for (index, entry) in list.enumerated() {
            let path = "accounts[\(index)]"
            guard let fields = entry.objectValue, fields.allSatisfy({ AccountsCodec.fields.contains($0.0) }), let name = entry["name"]?.stringValue
            else { throw .shape(path) }
            var account = Account(name: name)
            switch entry["kind"] {
            case .none, .some(.null): break
            case .some(.string(let text)):
                guard let kind = AccountKind(rawValue: text) else { throw .shape(path + ".kind") }
                account.kind = kind
            default: throw .shape(path + ".kind")
            }
            switch entry["member"] {
            case .none, .some(.null): break
            case .some(.string(let text)):
                guard let member = try? DetailField.member.validate(text) else { throw .shape(path + ".member") }
                account.member = member
            default: throw .shape(path + ".member")
            }
            switch entry["aliases"] {
            case .none, .some(.null): break
            case .some(.array(let values)):
                let texts = values.compactMap(\.stringValue)
                guard texts.count == values.count else { throw .shape(path + ".aliases") }
                account.aliases = texts
            default: throw .shape(path + ".aliases")
            }
            switch entry["stated"] {
            case .none, .some(.null): break
            case .some(.array(let values)):
                for value in values {
                    guard let balance = balance(value) else { throw .shape(path + ".stated") }
                    account.state(balance)
                }
            default: throw .shape(path + ".stated")
            }
            switch entry["bill"] {
            case .none, .some(.null): break
            case .some(let value):
                guard let bill = balance(value) else { throw .shape(path + ".bill") }
                account.bill = CardBill(amount: bill.amount, date: bill.date)
            }
            accounts.append(account)
        }
        do { return try Accounts(accounts) } catch { throw .account(error) }
    }

    /// `{"date": "2024-11-27", "amount": 763505}`.
    private static func balance(_ value: JSONValue) -> StatedBalance? {
        guard let fields = value.objectValue, fields.allSatisfy({ ["date", "amount"].contains($0.0) }), let text = value["date"]?.stringValue,
            let date = try? CalendarDate.parseISO(text), let amount = value["amount"]?.intValue, abs(amount) <= Yen.limit
        else { return nil }
        return StatedBalance(date: date, amount: Yen(amount))
    }

    private static func balance(_ date: CalendarDate, _ amount: Yen) -> JSONValue {
        .object([("date", .string(date.iso)), ("amount", .integer(amount.amount))])
    }

    public static func encode(_ accounts: Accounts) -> [UInt8] {
        let list: [JSONValue] = accounts.all.map { account in
            var fields: [(String, JSONValue)] = [("name", .string(account.name))]
            fields.append(("kind", account.kind.map { .string($0.rawValue) } ?? .null))
            fields.append(("member", account.member.map(JSONValue.string) ?? .null))
            fields.append(("aliases", .array(account.aliases.map(JSONValue.string))))
            if !account.stated.isEmpty { fields.append(("stated", .array(account.stated.map { balance($0.date, $0.amount) }))) }
            if let bill = account.bill { fields.append(("bill", balance(bill.date, bill.amount))) }
            return .object(fields)
        }
        var writer = JSONWriter()
        JSONValue.object([("schema", .integer(schemaVersion)), ("accounts", .array(list))]).write(to: &writer)
        writer.raw("\n")
        return writer.bytes
    }
}
