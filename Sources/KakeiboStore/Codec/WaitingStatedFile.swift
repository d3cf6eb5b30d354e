import KakeiboValues

/// The balances and the next bill a statement states for the account it is of, as the statement names the account
/// (an alias, or its name). Recorded on the account (`Household.recordStated`), or, for an account the household has
/// not defined yet, kept in `stated.json` until an account names it (`Household.claimStated`).
public struct StatedAccount: Hashable, Sendable {
    /// The account as the statement names it.
    public var account: String
    public var balances: [StatedBalance]
    public var bill: CardBill?

    public init(account: String, balances: [StatedBalance], bill: CardBill?) {
        self.account = account
        self.balances = balances
        self.bill = bill
    }
}

extension SettingsFile<[StatedAccount], Void> {
    /// What statements stated for accounts not defined yet (`stated.json` in the store), oldest first:
    ///
    ///     {"schema": 1, "statements": [{"account": "イオンカード", "balances": [{"date": "2026-06-30", "amount": 8120}],
    ///      "bill": {"date": "2026-07-02", "amount": 45210}}]}
    ///
    /// A statement imported again is kept once; the newest `WaitingStatedFile.kept` statements are kept. This store's
    /// own: it is not synced (an account claims what waits for it, and the account is).
    public static var waitingStated: Self {
        SettingsFile(
            name: "stated.json", schema: 1,
            shape: LocalizedText(
                en: "expected {\"schema\":1,\"statements\":[{\"account\",\"balances\",\"bill\"?}]}",
                ja: "{\"schema\":1,\"statements\":[{\"account\",\"balances\",\"bill\"?}]} の形が必要です"),
            empty: [], members: ["statements"], read: WaitingStatedFile.read, write: WaitingStatedFile.write)
    }
}

/// stated.json's members, read and written.
package enum WaitingStatedFile {
    /// The most statements kept, and the most balances one keeps (the newest): a bound on the file, which the
    /// statements that state the most (a bank's balance column, one a line) stay well within.
    package static let kept = 200
    package static let balancesKept = 2_000

    static func read(_ root: JSONValue, schema: Int) throws(SettingsFileProblem.Reason) -> [StatedAccount] {
        guard let values = root["statements"]?.arrayValue, values.count <= kept else { throw .shape("statements") }
        return try values.enumerated().map { index, value throws(SettingsFileProblem.Reason) in
            let path = "statements[\(index)]"
            guard let fields = value.objectValue, fields.allSatisfy({ ["account", "balances", "bill"].contains($0.0) }),
                let account = value["account"]?.stringValue, !account.isEmpty, account.unicodeScalars.count <= 200,
                let balances = value["balances"]?.arrayValue, balances.count <= balancesKept
            else { throw .shape(path) }
            let stated = balances.compactMap(AccountsFile.balance)
            guard stated.count == balances.count else { throw .shape(path + ".balances") }
            var bill: CardBill?
            switch value["bill"] {
            case .none, .some(.null): bill = nil
            case .some(let value):
                guard let read = AccountsFile.cardBill(value) else { throw .shape(path + ".bill") }
                bill = read
            }
            return StatedAccount(account: account, balances: stated, bill: bill)
        }
    }

    static func write(_ statements: [StatedAccount]) -> (schema: Int, members: [(String, JSONValue)]) {
        let list: [JSONValue] = statements.map { statement in
            var fields: [(String, JSONValue)] = [
                ("account", .string(statement.account)), ("balances", .array(statement.balances.map { AccountsFile.balance($0.date, $0.amount) })),
            ]
            if let bill = statement.bill { fields.append(("bill", AccountsFile.cardBill(bill))) }
            return .object(fields)
        }
        return (1, [("statements", .array(list))])
    }

    /// `statements` with `new` added: each once (a statement imported again is there already), the newest last, at
    /// most `kept`, each with its newest `balancesKept` balances; one whose account can't be written (no name, or a
    /// name longer than 200 characters) is not kept.
    package static func adding(_ new: [StatedAccount], to statements: [StatedAccount]) -> [StatedAccount] {
        var all = statements
        for var statement in new {
            // What the file can't hold it never keeps (the file stays readable).
            guard !statement.account.isEmpty, statement.account.unicodeScalars.count <= 200 else { continue }
            if statement.balances.count > balancesKept {
                statement.balances = Array(statement.balances.sorted { $0.date < $1.date }.suffix(balancesKept))
            }
            guard !all.contains(statement) else { continue }
            all.append(statement)
        }
        if all.count > kept { all.removeFirst(all.count - kept) }
        return all
    }
}
