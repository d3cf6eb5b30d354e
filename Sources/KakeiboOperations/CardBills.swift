import KakeiboStore
import KakeiboValues

/// A bank withdrawal found to be a card's bill: the line as it now is (a transfer from the bank to the card) and the
/// bill its card's statement stated.
public struct BillFound: Sendable, Equatable {
    public var line: Item
    public var card: String
    public var bill: CardBill

    public init(line: Item, card: String, bill: CardBill) {
        self.line = line
        self.card = card
        self.bill = bill
    }
}

/// A withdrawal that equals more than one bill, or a bill that more than one withdrawal equals: said, never decided.
public struct BillUnsure: Sendable, Equatable {
    public var line: Item
    /// The cards whose bills it equals, each with the bill.
    public var bills: [(card: String, bill: CardBill)]

    public init(line: Item, bills: [(card: String, bill: CardBill)]) {
        self.line = line
        self.bills = bills
    }

    public static func == (a: BillUnsure, b: BillUnsure) -> Bool {
        a.line == b.line && a.bills.map(\.card) == b.bills.map(\.card) && a.bills.map(\.bill) == b.bills.map(\.bill)
    }
}

/// How a card's bill paid from a bank is recognised without an alias (docs/accounts.md#card-bills): a withdrawal on a
/// bank account's statement whose amount is the bill a card account's statement stated, dated within `window` days of
/// its due date (a due day on a weekend or holiday is drawn the next business day), or in its billing month when the
/// statement names only the month. A withdrawal is a bill only when that bill is the one it equals and it is the one
/// (per source) that equals the bill; otherwise it is reported. A bill already paid by a transfer into the card (an
/// alias found it, or an earlier match) takes no other withdrawal. Pure: the same lines and accounts decide alike.
enum CardBills {
    /// Days either side of a stated due date.
    static let window = 7

    /// The withdrawals among `items` (those dated in `months` decided) that are card bills, by position, and those
    /// that could be more than one.
    static func find(_ items: [Item], months: Set<YearMonth>, matching: Matching) -> (found: [(position: Int, bill: BillFound)], unsure: [BillUnsure])
    {
        let cards = matching.accounts.all.filter { $0.kind == .card && !$0.bills.isEmpty }
        guard !cards.isEmpty else { return ([], []) }
        var withdrawals: [Int: String] = [:] // position → the bank account's name
        var paid: [(source: LineSource, card: [UInt8], day: Int, month: YearMonth, price: Int)] = []
        for (position, item) in items.enumerated() {
            if item.isTransfer, let to = matching.accounts.account(for: item.details.transfer), to.kind == .card {
                paid.append((item.source, AccountKey.fold(to.name), item.date.dayNumber, item.date.yearMonth, item.price.amount))
            } else if let bank = withdrawal(item, matching) {
                withdrawals[position] = bank
            }
        }
        guard !withdrawals.isEmpty else { return ([], []) }
        let bills = cards.flatMap { card in card.bills.map { (card: card, key: AccountKey.fold(card.name), bill: $0) } }
        // Each withdrawal's bills (those its source has not seen paid already), and each bill's withdrawals.
        var billsOf: [Int: [Int]] = [:]
        var withdrawalsOf: [Int: [Int]] = [:]
        for position in withdrawals.keys.sorted() {
            let item = items[position]
            for (number, claim) in bills.enumerated()
            where claim.bill.amount == item.price && covers(claim.bill, item.date.dayNumber, item.date.yearMonth)
                && !paid.contains(where: {
                    $0.source == item.source && $0.card == claim.key && $0.price == claim.bill.amount.amount && covers(claim.bill, $0.day, $0.month)
                })
            {
                billsOf[position, default: []].append(number)
                withdrawalsOf[number, default: []].append(position)
            }
        }
        let open = bills
        var found: [(position: Int, bill: BillFound)] = []
        var unsure: [BillUnsure] = []
        for position in billsOf.keys.sorted() where months.contains(items[position].date.yearMonth) {
            let numbers = billsOf[position] ?? []
            // Another withdrawal that equals the bill — of the same source, or from another bank account — makes two
            // alike, so neither is taken. (The bank's statement and an app that links the bank see one withdrawal.)
            let rivals = numbers.count == 1 ? (withdrawalsOf[numbers[0]] ?? []) : []
            let oneAccount = Set(rivals.compactMap { withdrawals[$0] }).count == 1
            let oneASource = rivals.filter { items[$0].source == items[position].source }.count == 1
            guard numbers.count == 1, oneAccount, oneASource, let bank = withdrawals[position] else {
                unsure.append(BillUnsure(line: items[position], bills: numbers.map { (open[$0].card.name, open[$0].bill) }))
                continue
            }
            let claim = open[numbers[0]]
            var transfer = items[position]
            transfer.details.payment = bank
            transfer.details.transfer = claim.card.name
            found.append((position, BillFound(line: transfer, card: claim.card.name, bill: claim.bill)))

        }
        return (found, unsure)
    }

    /// The months a bill may be drawn in.
    static func months(_ bill: CardBill) -> Set<YearMonth> {
        guard bill.dated else { return [bill.month] }
        return Set([-window, 0, window].compactMap { CalendarDate(dayNumber: bill.date.dayNumber + $0)?.yearMonth })
    }

    /// Whether a day falls where a bill is drawn: within the window of its due date, or in its month when undated.
    static func covers(_ bill: CardBill, _ day: Int, _ month: YearMonth) -> Bool {
        bill.dated ? abs(day - bill.date.dayNumber) <= window : month == bill.month
    }

    /// The bank account's name when an item is a withdrawal a bill may be: a statement's (or a linked app's) line of
    /// money out of an account of kind bank, not a transfer, not split apart by `unmerge`. A line merged into another
    /// (MoneyForward's of the bank's own line) is one too: both become the transfer, so they stay one.
    static func withdrawal(_ item: Item, _ matching: Matching) -> String? {
        let kind = item.source.kind
        guard kind == .statement || kind == .linked, !item.isTransfer, !item.details.apart, item.price.amount > 0,
            !matching.isIncome(item.category), let account = matching.accounts.account(for: item.details.payment), account.kind == .bank
        else { return nil }
        return account.name
    }

    /// Whether an item is a withdrawal this recognition made a bill (not an alias, not a source's own transfer): a
    /// bank's line, a transfer into a card that a bill of the card equals, whose other side names no account.
    static func isFound(_ item: Item, accounts: Accounts, isIncome: (CategoryCode) -> Bool) -> Bool {
        let kind = item.source.kind
        guard kind == .statement || kind == .linked, item.isTransfer, !item.isMerged,
            accounts.account(for: item.details.payment)?.kind == .bank,
            let card = accounts.account(for: item.details.transfer), card.kind == .card,
            card.bills.contains(where: { $0.amount == item.price && covers($0, item.date.dayNumber, item.date.yearMonth) })
        else { return false }
        var plain = item
        plain.details.transfer = nil
        return Household.transfer(plain, accounts: accounts, isIncome: isIncome) == nil
    }
}

extension Accounts {
    /// These accounts with the bills statements state recorded on their cards (`Account.bills`), and the months the
    /// bills new to them may be drawn in (to match again).
    func stating(_ statements: [StatedAccount]) -> (Accounts, Set<YearMonth>) {
        var accounts = self
        var months = Set<YearMonth>()
        for statement in statements {
            guard let bill = statement.bill, let account = account(for: statement.account), account.kind == .card else { continue }
            accounts.update(id: account.id) { account in
                if account.state(bill) { months.formUnion(CardBills.months(bill)) }
            }
        }
        return (accounts, months)
    }
}

/// What `recordStated` did: the accounts whose stated balances or bills changed, and what matching the months of new
/// bills did (withdrawals found to be the bills).
public struct StatedRecorded: Sendable, Equatable {
    public var changed: [String] = []
    /// The accounts, as the statements name them, that no account names yet: what they state waits for one.
    public var waiting: [String] = []
    /// The months the bills new to the accounts may be drawn in, to match again.
    var billMonths = Set<YearMonth>()
    /// The accounts as recorded (within a change: not yet on disk).
    var accounts = Accounts()
    public var matched = MatchOutcome()

    public init() {}
}
