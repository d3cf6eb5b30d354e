/// One line of a statement: a purchase (a positive price) or a refund (a negative one), money that came in, or a
/// charge moved into the account from another.
public struct StatementLine: Hashable, Sendable {
    /// What the line is.
    public enum Flow: Hashable, Sendable {
        /// Spent from the account (a negative price: given back).
        case spending
        /// Came into the account (a deposit, a salary): income, unless its counterparty is one of the household's
        /// accounts.
        case income
        /// Moved into the account from its counterparty (PayPay's チャージ): always a transfer.
        case charge
    }

    /// A stable id: the statement's own key for the line, or a hash of its content and its occurrence in the file;
    /// either way with the account in it, so two accounts' lines never share one.
    public var id: String
    public var date: CalendarDate
    /// The shop or description, width-folded and cut to an item name's 30 characters.
    public var name: String
    public var price: Yen
    /// The card or service ("楽天カード", the Vpass card's name, "PayPay", "ゆうちょ銀行 *5671").
    public var payment: String
    /// Who used the card as the statement says it (楽天カード's 利用者: 本人 or 家族), before any mapping.
    public var user: String?
    /// The record's row in the file, for messages.
    public var row: Int
    public var flow: Flow
    /// Who is on the other side, as the statement names them (a bank line's 詳細２, the bank a charge came from):
    /// when it names one of the household's accounts, the line is a transfer.
    public var counterparty: String?
    /// The account the line is on as the statement identifies it (ゆうちょ's 記号番号-口座番号, a card's number as
    /// printed); nil when the file doesn't say.
    public var account: String?
    /// What the statement says beside the line (a foreign amount and its rate, a route, the parts of a split payment).
    public var memo: String?
    /// Ids earlier versions of kakeibo gave this line: a stored item under one of them, with this line's date and
    /// price, is this line already imported.
    public var formerIDs: [String]
    /// The statement gave no date: the line takes the one of the line above it.
    public var undated: Bool
    /// The parts of the purchase paid from other accounts than `payment` (PayPay's points beside a card under one
    /// 取引番号); `price` is the whole purchase's.
    public var legs: [PaymentLeg] = []

    public init(
        id: String, date: CalendarDate, name: String, price: Yen, payment: String, user: String? = nil, row: Int = 0, flow: Flow = .spending,
        counterparty: String? = nil, account: String? = nil, memo: String? = nil, formerIDs: [String] = [], undated: Bool = false
    ) {
        self.id = id
        self.date = date
        self.name = name
        self.price = price
        self.payment = payment
        self.user = user
        self.row = row
        self.flow = flow
        self.counterparty = counterparty
        self.account = account
        self.memo = memo
        self.formerIDs = formerIDs
        self.undated = undated
    }
}

extension StatementLine {
    /// How the ids of statement lines start: one per built-in format (楽天カード, Vpass, PayPay, ゆうちょ), `ly:` for a
    /// file read with a layout, and IC card records' (a card's history is its statement).
    public static let idPrefixes = ["rc:", "vp:", "pp:", "yu:", "ly:", CardHistory.idPrefix]
    /// The prefixes of card statements, whose dates may be posting dates (matched 5 days apart, not 3).
    public static let cardIDPrefixes = ["rc:", "vp:"]

    /// Whether an item's id says it came from a statement.
    public static func isStatementID(_ id: String) -> Bool { idPrefixes.contains { id.hasPrefix($0) } }
}
