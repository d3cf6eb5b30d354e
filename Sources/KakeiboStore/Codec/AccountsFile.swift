import KakeiboValues

extension SettingsFile<Accounts, Void> {
    /// The household's accounts (`accounts.json` in the store, beside rules.json):
    ///
    ///     {"schema": 1, "accounts": [
    ///      {"name": "楽天カード", "kind": "card", "member": "ayumi", "aliases": ["ﾗｸﾃﾝｶｰﾄﾞｻｰﾋﾞｽ"],
    ///       "stated": [{"date": "2024-11-27", "amount": 763505}], "bill": {"amount": 45210, "date": "2024-12-27"}}]}
    ///
    /// `kind`, `member` (none: a joint account), `stated` (the balances its statements stated) and `bill` (a card's
    /// next bill) are optional. A spelling (a name or an alias) two accounts share refuses the file. Schema 2 adds
    /// `id` (an account's stable id, written where it is not the one its name derives: after a rename) and `former`
    /// (the names it had); an account without `id` has the one its name derives (`AccountID.derived`), as every
    /// account of a schema 1 file has. Schema 3 adds the kind `brokerage`, written only when an account has it, so
    /// an older kakeibo refuses the file as newer rather than as damaged.
    public static var accounts: Self {
        SettingsFile(
            name: "accounts.json", schema: 3,
            shape: LocalizedText(
                en:
                    "expected {\"schema\":3,\"accounts\":[{\"id\"?,\"name\",\"kind\"?,\"member\"?,\"aliases\"?,\"former\"?,\"stated\"?,\"bill\"?,\"bills\"?}]}",
                ja:
                    "{\"schema\":3,\"accounts\":[{\"id\"?,\"name\",\"kind\"?,\"member\"?,\"aliases\"?,\"former\"?,\"stated\"?,\"bill\"?,\"bills\"?}]} の形が必要です"
            ),
            duplicate: LocalizedText(
                en: "a name or alias another account has already (a spelling names one account)",
                ja: "ほかの口座と同じ名前か呼び名です（ひとつの呼び名が指せる口座はひとつだけです）"),
            empty: Accounts(), members: ["accounts"], read: AccountsFile.read, write: AccountsFile.write)
    }
}

/// accounts.json's members, read and written.
enum AccountsFile {
    static let fields = ["id", "name", "kind", "member", "aliases", "former", "stated", "bill", "bills"]

    static func read(_ root: JSONValue, schema: Int) throws(SettingsFileProblem.Reason) -> Accounts {
        guard let list = root["accounts"]?.arrayValue else { throw .shape("accounts") }
        var accounts = Accounts()
        var ids: Set<String> = []
        for (index, entry) in list.enumerated() {
            let path = "accounts[\(index)]"
            guard let fields = entry.objectValue, fields.allSatisfy({ AccountsFile.fields.contains($0.0) }), let name = entry["name"]?.stringValue
            else { throw .shape(path) }
            var account = Account(name: name)
            try identity(entry, path, schema: schema, into: &account)
            // Two accounts of one id: the file was not written by kakeibo (an id is never shared).
            guard ids.insert(account.id).inserted else { throw .duplicate(path) }
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
            for bill in try bills(entry["bills"], path + ".bills") { account.state(bill) }
            do { try accounts.add(account) } catch {
                switch error {
                case .aliasClaimed, .exists: throw .duplicate(path)
                default: throw .shape(path)
                }
            }
        }
        return accounts
    }

    /// Schema 2's `id` (printable ASCII, 1–40 bytes) and `former` (names as a payment is checked), when present.
    private static func identity(_ entry: JSONValue, _ path: String, schema: Int, into account: inout Account) throws(SettingsFileProblem.Reason) {
        switch entry["id"] {
        case .none, .some(.null): break
        case .some(.string(let text)):
            guard schema >= 2, (1...40).contains(text.utf8.count), text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw .shape(path + ".id")
            }
            account.id = text
        default: throw .shape(path + ".id")
        }
        switch entry["former"] {
        case .none, .some(.null): break
        case .some(.array(let values)):
            let texts = values.compactMap(\.stringValue)
            guard schema >= 2, texts.count == values.count, texts.allSatisfy({ (try? DetailField.payment.validate($0)) != nil }) else {
                throw .shape(path + ".former")
            }
            account.former = texts
        default: throw .shape(path + ".former")
        }
    }

    /// `{"date": "2024-11-27", "amount": 763505}`.
    static func balance(_ value: JSONValue) -> StatedBalance? {
        guard let fields = value.objectValue, fields.allSatisfy({ ["date", "amount"].contains($0.0) }), let text = value["date"]?.stringValue,
            let date = try? CalendarDate.parseISO(text), let amount = value["amount"]?.intValue, abs(amount) <= Yen.limit
        else { return nil }
        return StatedBalance(date: date, amount: Yen(amount))
    }

    /// Every bill an account's statements stated: an array of `cardBill`s, or none.
    private static func bills(_ value: JSONValue?, _ path: String) throws(SettingsFileProblem.Reason) -> [CardBill] {
        switch value {
        case .none, .some(.null): return []
        case .some(.array(let values)):
            return try values.map { value throws(SettingsFileProblem.Reason) in
                guard let bill = cardBill(value) else { throw .shape(path) }
                return bill
            }
        default: throw .shape(path)
        }
    }

    /// `{"date": "2024-12-10", "amount": 42440}`, or `{"month": "2024-12", "amount": 55836}` for a bill stated by its month.
    static func cardBill(_ value: JSONValue) -> CardBill? {
        if let bill = balance(value) { return CardBill(amount: bill.amount, date: bill.date) }
        guard let fields = value.objectValue, fields.allSatisfy({ ["month", "amount"].contains($0.0) }), let text = value["month"]?.stringValue,
            let month = try? CalendarDate.parseISO(text + "-01").yearMonth, let amount = value["amount"]?.intValue, abs(amount) <= Yen.limit
        else { return nil }
        return CardBill(amount: Yen(amount), month: month)
    }

    static func cardBill(_ bill: CardBill) -> JSONValue {
        guard !bill.dated else { return balance(bill.date, bill.amount) }
        return .object([("month", .string(String(bill.date.iso.prefix(7)))), ("amount", .integer(bill.amount.amount))])
    }

    static func balance(_ date: CalendarDate, _ amount: Yen) -> JSONValue {
        .object([("date", .string(date.iso)), ("amount", .integer(amount.amount))])
    }

    /// Schema 1 (what an older kakeibo reads) while every account has the id its name derives and no former name;
    /// else 2; 3 when an account is a brokerage (a kind schema 2 doesn't know).
    static func write(_ accounts: Accounts) -> (schema: Int, members: [(String, JSONValue)]) {
        let renamed = accounts.all.contains { $0.id != AccountID.derived(from: $0.name) || !$0.former.isEmpty }
        let brokerage = accounts.all.contains { $0.kind == .brokerage }
        let list: [JSONValue] = accounts.all.map { account in
            var fields: [(String, JSONValue)] = []
            if account.id != AccountID.derived(from: account.name) { fields.append(("id", .string(account.id))) }
            fields.append(("name", .string(account.name)))
            fields.append(("kind", account.kind.map { .string($0.rawValue) } ?? .null))
            fields.append(("member", account.member.map(JSONValue.string) ?? .null))
            fields.append(("aliases", .array(account.aliases.map(JSONValue.string))))
            if !account.former.isEmpty { fields.append(("former", .array(account.former.map(JSONValue.string)))) }
            if !account.stated.isEmpty { fields.append(("stated", .array(account.stated.map { balance($0.date, $0.amount) }))) }
            if let bill = account.bill { fields.append(("bill", balance(bill.date, bill.amount))) }
            if !account.bills.isEmpty { fields.append(("bills", .array(account.bills.map(cardBill)))) }
            return .object(fields)
        }
        return (brokerage ? 3 : renamed ? 2 : 1, [("accounts", .array(list))])
    }
}

extension LedgerStore {
    /// Writes the household's accounts, under the lock the caller holds (inside a change of items): the file it
    /// replaces is kept for `undo`.
    package func writeAccounts(_ accounts: Accounts) throws {
        let path = path(of: SettingsFile.accounts)
        try FileSystem.refuseSymbolicLink(path)
        try replaceFile(path, with: SettingsFile.accounts.encode(accounts), operation: operation)
    }
}
