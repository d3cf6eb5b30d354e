import KakeiboStore
import KakeiboValues

extension Household {
    /// Records what statements state for the household's accounts: each balance (one of the same day replaced), the
    /// next bill, and every bill stated (`Account.bills`). What a statement states for an account not defined yet
    /// waits in the store (`stated.json`, `WaitingStatedFile`) until an account names it (`claimStated`). A bill
    /// not known before matches the months it may be drawn in again, so a withdrawal of it imported before the card's
    /// statement becomes the card's bill (`CardBills`). Returns the accounts that changed and what matching did.
    @discardableResult
    public func recordStated(_ statements: [StatedAccount]) throws -> StatedRecorded {
        guard store.exists, statements.contains(where: { !$0.balances.isEmpty || $0.bill != nil }) else { return StatedRecorded() }
        return try change { index in
            var recorded = try recordStated(statements, in: &index)
            if !recorded.billMonths.isEmpty { recorded.matched = try match(recorded.billMonths, in: &index, accounts: recorded.accounts) }
            return recorded
        }.result
    }

    /// `recordStated` in a change already under way (an import's, so that the import is one change that one `undo`
    /// takes back): the accounts file and what waits (`stated.json`) written in that change's commit; the accounts
    /// as they now are, and the months of the new bills, are the caller's to match with.
    func recordStated(_ statements: [StatedAccount], in index: inout ItemIndex) throws -> StatedRecorded {
        let statements = statements.filter { !$0.balances.isEmpty || $0.bill != nil }
        var accounts = try index.read(.accounts)
        var recorded = StatedRecorded()
        recorded.accounts = accounts
        guard !statements.isEmpty else { return recorded }
        let before = accounts
        let waiting = statements.filter { accounts.account(for: $0.account) == nil }
        if !waiting.isEmpty {
            let held = try index.read(.waitingStated)
            let kept = WaitingStatedFile.adding(waiting, to: held)
            if kept != held { try index.write(.waitingStated, kept) }
            recorded.waiting = waiting.map(\.account)
        }
        let billMonths = Household.state(statements, on: &accounts)
        recorded.changed = accounts.all.filter { before.account(id: $0.id) != $0 }.map(\.name)
        if accounts != before {
            // As `writeAccounts` writes it: what statements state is never refused for the server's cell.
            try index.setFile(SettingsFile.accounts.name, SettingsFile.accounts.encode(accounts))
            recorded.billMonths = billMonths
        }
        recorded.accounts = accounts
        return recorded
    }

    /// Records on `accounts` what the statements state of the accounts they name (a statement of no account changes
    /// nothing); returns the months the bills new to them may be drawn in (to match again).
    static func state(_ statements: [StatedAccount], on accounts: inout Accounts) -> Set<YearMonth> {
        for statement in statements {
            guard let account = accounts.account(for: statement.account) else { continue }
            accounts.update(id: account.id) { account in
                for balance in statement.balances { account.state(balance) }
                // `bill` is a due day: a bill stated only by its month is kept in `bills` alone.
                if let bill = statement.bill, bill.dated, (account.bill?.date ?? bill.date) <= bill.date { account.bill = bill }
            }
        }
        let billMonths: Set<YearMonth>
        (accounts, billMonths) = accounts.stating(statements)
        return billMonths
    }

    /// Records, in a change of `accounts`, what waits in the store for the accounts they now name (`recordStated`
    /// kept it, its account not defined then): exactly as `recordStated` would have, and no longer waiting. Returns
    /// the statements claimed (the caller matches every month again: the bills new to the accounts may be drawn in any).
    @discardableResult
    func claimStated(_ accounts: inout Accounts, in index: inout ItemIndex) throws -> [StatedAccount] {
        let waiting = try index.read(.waitingStated)
        let claimed = waiting.filter { accounts.account(for: $0.account) != nil }
        guard !claimed.isEmpty else { return [] }
        let left = waiting.filter { accounts.account(for: $0.account) == nil }
        if left.isEmpty { try index.setFile(SettingsFile.waitingStated.name, nil) } else { try index.write(.waitingStated, left) }
        _ = Household.state(claimed, on: &accounts)
        return claimed
    }

    /// How many statements wait for an account to name the account they state balances or a bill of, by the name
    /// they give it.
    public func waitingStatements() throws -> [String: Int] {
        guard store.exists else { return [:] }
        var counts: [String: Int] = [:]
        for statement in try store.read(.waitingStated) { counts[statement.account, default: 0] += 1 }
        return counts
    }
}
