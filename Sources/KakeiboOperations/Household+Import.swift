import KakeiboStore
import KakeiboValues

/// Whose the lines of an imported file are.
public struct ImportMember: Sendable, Equatable {
    /// `import --member M`: every line is M's.
    public var forced: String?
    /// This machine's member (`config member`): for lines no account tells the member of.
    public var fallback: String?

    public init(forced: String? = nil, fallback: String? = nil) {
        self.forced = forced
        self.fallback = fallback
    }
}

/// The balances and the next bill a statement states for the account it is of.
public struct StatedAccount: Sendable, Equatable {
    /// The account as the statement names it (an alias, or its name).
    public var account: String
    public var balances: [StatedBalance]
    public var bill: CardBill?

    public init(account: String, balances: [StatedBalance], bill: CardBill?) {
        self.account = account
        self.balances = balances
        self.bill = bill
    }
}

extension Household {
    /// Gives the lines of a file their members: `--member` gives every line its member; otherwise a line keeps the
    /// member its source gave it (a rule's, the statement's 利用者); a statement's or MoneyForward's line takes its
    /// account's (none for a joint account), and only a line whose payment names no account — or one a person typed,
    /// as Zaim's are — takes this machine's member. Transfers are nobody's.
    public static func prepared(_ items: [WireItem], member: ImportMember, accounts: Accounts) -> [WireItem] {
        items.map { item in
            var item = item
            if let forced = member.forced {
                item.details.member = forced
                return item
            }
            guard item.details.member == nil, item.details.transfer == nil else { return item }
            switch LineSource(id: item.id).kind {
            case .statement, .linked:
                if let account = accounts.account(for: item.details.payment) {
                    item.details.member = account.member
                } else {
                    item.details.member = member.fallback
                }
            case .hand, .typed:
                item.details.member = member.fallback
            case .fixed:
                break
            }
            return item
        }
    }

    /// Records what statements state for the household's accounts: each balance (one of the same day replaced) and
    /// the next bill. A statement of no defined account records nothing. Returns the accounts that changed.
    @discardableResult
    public func recordStated(_ statements: [StatedAccount]) throws -> [String] {
        guard store.exists, statements.contains(where: { !$0.balances.isEmpty || $0.bill != nil }) else { return [] }
        return try change { _ in
            var accounts = try accounts()
            let before = accounts
            var changed: [String] = []
            for statement in statements {
                guard let account = accounts.account(for: statement.account) else { continue }
                accounts.update(account.name) { account in
                    for balance in statement.balances { account.state(balance) }
                    if let bill = statement.bill, (account.bill?.date ?? bill.date) <= bill.date { account.bill = bill }
                }
                if accounts.account(for: account.name) != account { changed.append(account.name) }
            }
            if accounts != before { try store.writeAccounts(accounts) }
            return changed
        }.result
    }
}
