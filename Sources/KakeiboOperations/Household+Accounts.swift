import KakeiboStore
import KakeiboValues

/// What a change of the household's accounts did: the account as it now is (or as it was, removed), and what
/// matching the store again did (payments resolve anew, so lines may merge, split or become transfers).
public struct AccountChanged: Sendable, Equatable {
    public var account: Account
    public var accounts: Accounts
    public var matched: MatchOutcome
    /// How many statements imported before the account was defined (or had this spelling) stated its balances or
    /// bill, now recorded on it.
    public var claimed = 0
}

extension Household {
    /// Adds an account; the store's lines are matched again with it.
    public func addAccount(_ account: Account) throws -> AccountChanged {
        try changeAccounts { accounts in
            try accounts.add(account)
            return accounts.all[accounts.all.count - 1]
        }
    }

    /// Changes the account a spelling names (see `Accounts.edit`); the store's lines are matched again.
    public func editAccount(_ spelling: String, _ change: @escaping (inout Account) throws(AccountError) -> Void) throws -> AccountChanged {
        try changeAccounts { accounts in try accounts.edit(spelling, change) }
    }

    /// Removes an account; its lines keep their payments, which now name no account, and are matched again.
    public func removeAccount(_ spelling: String) throws -> AccountChanged {
        try changeAccounts { accounts in try accounts.remove(spelling) }
    }

    /// Matches every month again (after the household's accounts or rules came by sync). Accounts that came claim
    /// what statements stated for them before they were here (`claimStated`): the accounts file changes then, and
    /// the sync sends it as any change of an account.
    public func matchAll() throws -> MatchOutcome {
        guard store.exists else { return MatchOutcome() }
        return try change { index in
            var accounts = try accounts()
            let before = accounts
            try claimStated(&accounts, in: &index)
            if accounts != before { try store.writeAccounts(accounts) }
            try index.loadAll()
            return try match(Set(try index.transaction.months()), in: &index, accounts: accounts)
        }.result
    }

    /// Matches the lines of `months` again (those a sync received, once the household's settings came too).
    public func matchAgain(_ months: Set<YearMonth>) throws -> MatchOutcome {
        guard store.exists, !months.isEmpty else { return MatchOutcome() }
        return try change { index in try match(months, in: &index, accounts: try accounts()) }.result
    }

    /// One change of the accounts file and of every month it affects, under one lock: the file is written first,
    /// then the months are matched with the new accounts.
    private func changeAccounts(_ body: (inout Accounts) throws -> Account) throws -> AccountChanged {
        try FileSystem.makeDirectories(store.root)
        return try change { index in
            var accounts = try accounts()
            let before = accounts
            var account = try body(&accounts)
            try ServerCell.check(.accounts, before: before, after: accounts, ())
            // What statements stated for the account before it was defined is its now (recorded as an import records
            // it, never refused for the server's cell).
            let claimed = try claimStated(&accounts, in: &index).count
            if let now = accounts.account(id: account.id) { account = now }
            try store.writeAccounts(accounts)
            try index.loadAll()
            let matched = try match(Set(try index.transaction.months()), in: &index, accounts: accounts)
            return AccountChanged(account: account, accounts: accounts, matched: matched, claimed: claimed)
        }.result
    }
}
