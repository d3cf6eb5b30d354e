import KakeiboOperations
import KakeiboStore
import KakeiboValues

/// The household's accounts with their balances (`accounts list`), and the payments that name no account yet
/// (what `accounts` suggests).
///
/// An account's balance follows from what is recorded on it — spending and refunds paid with it, income paid into
/// it, transfers out of it and into it, each purchase once — anchored by the balances its statements stated: from
/// the latest stated balance on, plus what was recorded after that day. Each stated balance is checked against the
/// one before it, as ledger checks a balance assertion: when the lines recorded between them don't add up to the
/// difference, the account shows the mismatch.
public struct AccountsReport: Sendable {
    public struct Row: Sendable, Equatable {
        public let account: Account
        /// The balance now, and the day of the last thing it follows from.
        public let balance: Yen
        public let balanceDate: CalendarDate?
        /// The latest balance a statement stated, if any.
        public let stated: StatedBalance?
        /// A stated balance the recorded lines don't reach: what they add up to there instead.
        public let mismatch: Mismatch?
        /// The lines recorded on it.
        public let count: Int
        /// The account the latest transfer into it came from (what a card's bills are drawn from).
        public let paidFrom: String?
    }

    public struct Mismatch: Sendable, Equatable {
        public let date: CalendarDate
        public let stated: Yen
        public let recorded: Yen
        public var difference: Yen { stated - recorded }
    }

    /// A payment no account has as its name or an alias, with how many items use it.
    public struct Suggestion: Sendable, Equatable {
        public let payment: String
        public let count: Int
        public let kind: AccountKind?
    }

    /// Withdrawals to what looks like a place of the household's own that names no account (`PossibleTransfer`), each
    /// place once: how many lines and how much, left as spending until the account is added.
    public struct Unnamed: Sendable, Equatable {
        public let transfer: PossibleTransfer
        public let count: Int
        public let total: Yen
    }

    public let rows: [Row]
    public let suggestions: [Suggestion]
    public let possibleTransfers: [Unnamed]

    public init(accounts: Accounts, items: [Item], isIncome: (CategoryCode) -> Bool) {
        var flows: [String: [(date: CalendarDate, amount: Int)]] = [:]
        var unknown: [String: (text: String, count: Int)] = [:]
        var paidFrom: [String: (date: CalendarDate, from: String)] = [:]
        var possible: [[UInt8]: (transfer: PossibleTransfer, count: Int, total: Int)] = [:]
        for item in items where !item.isMerged {
            if let transfer = PossibleTransfer.of(item, accounts: accounts, isIncome: isIncome) {
                let key = AccountKey.fold(transfer.name) + [0] + AccountKey.fold(transfer.from)
                possible[key, default: (transfer, 0, 0)].count += 1
                possible[key]?.total += item.price.amount
            }
            // Keyed by the account's id: a line that names it by any spelling, or by a name it had, is its own.
            let source = accounts.counterpart(for: item.details.payment)
            let from = source?.id
            if item.isTransfer {
                if let from { flows[from, default: []].append((item.date, -item.price.amount)) }
                if let to = accounts.counterpart(for: item.details.transfer)?.id {
                    flows[to, default: []].append((item.date, item.price.amount))
                    if let source, paidFrom[to].map({ $0.date <= item.date }) ?? true { paidFrom[to] = (item.date, source.id) }
                }
            } else {
                // A purchase paid in parts: its own account paid the rest of the price, each leg's account its part.
                let sign = isIncome(item.category) ? 1 : -1
                if let from { flows[from, default: []].append((item.date, sign * item.ownPart.amount)) }
                for leg in item.details.legs {
                    if let paid = accounts.counterpart(for: leg.payment)?.id {
                        flows[paid, default: []].append((item.date, sign * leg.price.amount))
                    } else {
                        unknown[String(decoding: AccountKey.fold(leg.payment), as: UTF8.self), default: (leg.payment, 0)].count += 1
                    }
                }
            }
            if from == nil, let payment = item.details.payment {
                let key = String(decoding: AccountKey.fold(payment), as: UTF8.self)
                unknown[key, default: (payment, 0)].count += 1
            }
        }
        rows = accounts.all.map { account in
            AccountsReport.row(account, flows[account.id] ?? [], paidFrom: paidFrom[account.id].flatMap { accounts.account(id: $0.from)?.name })
        }
        suggestions = unknown.values.map { Suggestion(payment: $0.text, count: $0.count, kind: AccountsReport.guess($0.text)) }
            .sorted { ($1.count, $0.payment) < ($0.count, $1.payment) }
        possibleTransfers = possible.values.map { Unnamed(transfer: $0.transfer, count: $0.count, total: Yen($0.total)) }
            .sorted { ($1.total.amount, $0.transfer.name, $0.transfer.from) < ($0.total.amount, $1.transfer.name, $1.transfer.from) }
    }

    /// An account's row: its balance from the latest balance its statements stated plus what was recorded after that
    /// day, and the first stated balance the recorded lines don't reach from the one before it.
    static func row(_ account: Account, _ flows: [(date: CalendarDate, amount: Int)], paidFrom: String?) -> Row {
        let lines = flows.sorted { $0.date < $1.date }
        func sum(after start: CalendarDate?, through end: CalendarDate?) -> Int {
            lines.reduce(0) { total, line in
                (start.map { line.date > $0 } ?? true) && (end.map { line.date <= $0 } ?? true) ? total + line.amount : total
            }
        }
        var mismatch: Mismatch?
        for (earlier, later) in zip(account.stated, account.stated.dropFirst()) {
            let recorded = earlier.amount.amount + sum(after: earlier.date, through: later.date)
            if recorded != later.amount.amount { mismatch = Mismatch(date: later.date, stated: later.amount, recorded: Yen(recorded)) }
        }
        let anchor = account.stated.last
        let balance = (anchor?.amount.amount ?? 0) + sum(after: anchor?.date, through: nil)
        let last = [anchor?.date, lines.last?.date].compactMap { $0 }.max()
        return Row(
            account: account, balance: Yen(balance), balanceDate: last, stated: anchor, mismatch: mismatch, count: lines.count, paidFrom: paidFrom)
    }

    /// The kind a payment's name suggests (`AccountKind.suggested(by:)`).
    static func guess(_ payment: String) -> AccountKind? { AccountKind.suggested(by: payment) }
}
