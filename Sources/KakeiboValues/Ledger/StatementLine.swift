/// One line of a statement: a purchase (a positive price) or a refund (a negative one).
public struct StatementLine: Hashable, Sendable {
    /// A stable id: the statement's own key for the line, or a hash of its content and its occurrence in the file.
    public var id: String
    public var date: CalendarDate
    /// The shop or description, width-folded and cut to an item name's 30 characters.
    public var name: String
    public var price: Yen
    /// The card or service ("楽天カード", the Vpass card's name, "PayPay", "ゆうちょ銀行").
    public var payment: String
    /// Who used the card as the statement says it (楽天カード's 利用者: 本人 or 家族), before any mapping.
    public var user: String?
    /// The record's row in the file, for messages.
    public var row: Int

    public init(id: String, date: CalendarDate, name: String, price: Yen, payment: String, user: String? = nil, row: Int = 0) {
        self.id = id
        self.date = date
        self.name = name
        self.price = price
        self.payment = payment
        self.user = user
        self.row = row
    }
}

extension StatementLine {
    /// How the ids of statement lines start, one per format (楽天カード, Vpass, PayPay, ゆうちょ), and of IC card
    /// records (a card's history is its statement).
    public static let idPrefixes = ["rc:", "vp:", "pp:", "yu:", CardHistory.idPrefix]

    /// Whether an item's id says it came from a statement.
    public static func isStatementID(_ id: String) -> Bool { idPrefixes.contains { id.hasPrefix($0) } }
}
