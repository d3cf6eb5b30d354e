import KakeiboStore
import KakeiboValues

/// Settling up (精算): what each member paid of the household's shared spending, what their share of it is, and
/// who pays whom to even it out.
///
/// - Shared spending is every item with a member that is not personal; a personal item is listed under its member
///   and left out. An item with no member — or, when there is a split, a member the split doesn't name — is
///   counted nowhere and reported as unassigned, so nothing is silently put on someone.
/// - Shares follow the split (`ayumi=60,ken=40`), or are equal among the members who paid without one. Split
///   `by-income`, they follow each member's income in the period (income items with that member): ¥300,000 and
///   ¥200,000 share 60/40. With no member's income recorded there is nothing to be proportional to: they share
///   equally, and `incomeMissing` says so.
/// - Whole yen: each share is rounded down and the yen left over go one each to the members with the largest
///   remainders (ties in the split's order, or by name), so the shares add up to the shared total exactly.
/// - Payments recorded for the period (`settle --record`, `SettlePayment`) change no share and no balance; they are
///   what is settled, and `left` is what the balances still call for after them.
public struct Settlement: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public let name: String
        /// Their share in percent with a split (rounded, by income); nil when shared equally.
        public let percent: Int?
        /// By income: their income in the period and its part of everyone's (0.6); nil otherwise.
        public let income: Yen?
        public let ratio: Double?
        public let paid: Yen
        public let count: Int
        public let share: Yen
        /// Paid less share: positive is owed to them, negative they owe.
        public var balance: Yen { Yen(paid.amount - share.amount) }
        public let personal: Yen
        public let personalCount: Int
    }

    /// One payment that evens the balances.
    public struct Transfer: Sendable, Equatable {
        public let from: String
        public let to: String
        public let amount: Yen

        public init(from: String, to: String, amount: Yen) {
            self.from = from
            self.to = to
            self.amount = amount
        }
    }

    /// A settle-up payment recorded for the period: `from` paid `to` (a transfer item, never spending).
    public struct Payment: Sendable, Equatable {
        public let id: String
        public let from: String
        public let to: String
        public let amount: Yen
        public let date: CalendarDate

        public init(id: String, from: String, to: String, amount: Yen, date: CalendarDate) {
            self.id = id
            self.from = from
            self.to = to
            self.amount = amount
            self.date = date
        }

        /// The item as a payment, when it is one (`SettlePayment.isPayment`).
        public init?(_ item: Item) {
            guard SettlePayment.isPayment(item), let from = item.details.member, let to = item.details.transfer else { return nil }
            self.init(id: item.id, from: from, to: to, amount: item.price, date: item.date)
        }
    }

    public let period: Period
    public let split: Split?
    public let members: [Member]
    public let shared: Yen
    public let sharedCount: Int
    public let transfers: [Transfer]
    public let unassigned: Yen
    public let unassignedCount: Int
    /// Split by income, but no member had income in the period: shared equally instead.
    public let incomeMissing: Bool
    /// The payments recorded for the period, by date.
    public let payments: [Payment]
    /// What the balances still call for once the payments are taken off: `transfers` when none was recorded.
    public let left: [Transfer]
    /// What the payments came to.
    public var settled: Yen { Yen(payments.reduce(0) { $0 + $1.amount.amount }) }

    /// `items` are the period's spending; `incomes` its income items (read only when the split is by income).
    /// `payments` those recorded for the period (see `Settlement.read`).
    public init(period: Period, items: [Item], split: Split?, incomes: [Item] = [], payments: [Payment] = []) {
        self.period = period
        self.split = split
        var paid: [String: (total: Int, count: Int)] = [:]
        var personal: [String: (total: Int, count: Int)] = [:]
        var unassigned = (total: 0, count: 0)
        let known = split.flatMap { $0.byIncome ? nil : Set($0.members) }
        for item in items {
            guard let member = item.details.member, known?.contains(member) ?? true else {
                unassigned.total += item.price.amount
                unassigned.count += 1
                continue
            }
            if item.details.personal {
                personal[member, default: (0, 0)].total += item.price.amount
                personal[member, default: (0, 0)].count += 1
            } else {
                paid[member, default: (0, 0)].total += item.price.amount
                paid[member, default: (0, 0)].count += 1
            }
        }
        var earned: [String: Int] = [:]
        if split?.byIncome == true {
            for item in incomes { if let member = item.details.member { earned[member, default: 0] += item.price.amount } }
        }
        let byIncome = split?.byIncome == true && earned.values.reduce(0, +) > 0
        let percentages = split?.byIncome == true ? nil : split
        let names: [String] =
            percentages?.members ?? Set(paid.keys).union(personal.keys).union(byIncome ? Set(earned.keys) : []).sorted()
        // Weights: the split's percentages, each member's income, or one each for the members who paid shared spending.
        let weights: [Int] =
            percentages?.shares.map(\.percent) ?? names.map { byIncome ? max(earned[$0] ?? 0, 0) : paid[$0] == nil ? 0 : 1 }
        let total = paid.values.reduce(0) { $0 + $1.total }
        let shares = Settlement.shares(of: total, weights: weights)
        let weightSum = weights.reduce(0, +)
        members = names.indices.map { index in
            let name = names[index]
            let ratio = byIncome ? Double(weights[index]) / Double(weightSum) : nil
            return Member(
                name: name, percent: percentages?.shares[index].percent ?? ratio.map { Int(($0 * 100).rounded()) },
                income: byIncome ? Yen(earned[name] ?? 0) : nil, ratio: ratio, paid: Yen(paid[name]?.total ?? 0),
                count: paid[name]?.count ?? 0, share: Yen(shares[index]), personal: Yen(personal[name]?.total ?? 0),
                personalCount: personal[name]?.count ?? 0)
        }
        incomeMissing = split?.byIncome == true && !byIncome
        shared = Yen(total)
        sharedCount = paid.values.reduce(0) { $0 + $1.count }
        self.unassigned = Yen(unassigned.total)
        unassignedCount = unassigned.count
        let balances = members.map { (name: $0.name, amount: $0.balance.amount) }
        transfers = Settlement.transfers(balances)
        self.payments = payments.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        left = Settlement.transfers(Settlement.after(payments, balances))
    }

    /// The balances once each payment is made: the payer owes that much less, the payee is owed that much less. A
    /// member the period doesn't list (a payment to someone the split no longer names) is added after the others.
    static func after(_ payments: [Payment], _ balances: [(name: String, amount: Int)]) -> [(name: String, amount: Int)] {
        var balances = balances
        func add(_ amount: Int, to name: String) {
            if let index = balances.firstIndex(where: { $0.name == name }) {
                balances[index].amount += amount
            } else {
                balances.append((name, amount))
            }
        }
        for payment in payments {
            add(payment.amount.amount, to: payment.from)
            add(-payment.amount.amount, to: payment.to)
        }
        return balances
    }

    /// `total` divided by `weights` in whole yen: floors, then the leftover yen to the largest remainders (ties to
    /// the earlier member). Sums to `total` exactly; all zero when no weight is positive.
    package static func shares(of total: Int, weights: [Int]) -> [Int] {
        let sum = weights.reduce(0, +)
        guard sum > 0 else { return weights.map { _ in 0 } }
        var shares: [Int] = []
        var remainders: [Int] = []
        for weight in weights {
            let product = total * weight
            var quotient = product / sum
            var remainder = product % sum
            if remainder < 0 { // floor, for a negative total (more refunds than spending)
                quotient -= 1
                remainder += sum
            }
            shares.append(quotient)
            remainders.append(remainder)
        }
        let leftover = total - shares.reduce(0, +)
        let order = weights.indices.filter { weights[$0] > 0 }.sorted { a, b in
            remainders[a] != remainders[b] ? remainders[a] > remainders[b] : a < b
        }
        for index in order.prefix(leftover) { shares[index] += 1 }
        return shares
    }

    /// The fewest obvious payments: the one who owes most pays the one owed most, until all are even.
    static func transfers(_ members: [(name: String, amount: Int)]) -> [Transfer] {
        var owing = members.enumerated().filter { $0.element.amount < 0 }.map { (index: $0.offset, amount: -$0.element.amount) }
        var owed = members.enumerated().filter { $0.element.amount > 0 }.map { (index: $0.offset, amount: $0.element.amount) }
        var transfers: [Transfer] = []
        func largestFirst(_ a: (index: Int, amount: Int), _ b: (index: Int, amount: Int)) -> Bool {
            a.amount != b.amount ? a.amount > b.amount : a.index < b.index
        }
        while !owing.isEmpty && !owed.isEmpty {
            owing.sort(by: largestFirst)
            owed.sort(by: largestFirst)
            let amount = min(owing[0].amount, owed[0].amount)
            transfers.append(Transfer(from: members[owing[0].index].name, to: members[owed[0].index].name, amount: Yen(amount)))
            owing[0].amount -= amount
            owed[0].amount -= amount
            owing.removeAll { $0.amount == 0 }
            owed.removeAll { $0.amount == 0 }
        }
        return transfers
    }
}
