import KakeiboValues

/// A bank's withdrawal whose other side looks like a place of the household's own (`振替　ＳＢＩ証券`: a brokerage,
/// another bank, e-money) but names none of its accounts: it stays spending, and is said once, with the account that
/// would make it a transfer (docs/accounts.md#transfers).
public struct PossibleTransfer: Sendable, Equatable {
    /// The line's id, day and amount.
    public var line: String
    public var date: CalendarDate
    public var amount: Yen
    /// The line's other side as its source wrote it.
    public var text: String
    /// The account to add: the other side without its words of moving (振替, 振込, 送金), width folded.
    public var name: String
    public var kind: AccountKind
    /// The account it left.
    public var from: String

    /// Words that say money was moved, not to whom.
    static let moveWords: Set<String> = ["振替", "振込", "口座振替", "送金", "入金", "出金", "フリカエ", "フリコミ", "ソウキン", "振込手数料"]

    /// The possible transfer a line is: a statement's or MoneyForward's withdrawal from a bank account, not merged,
    /// kept apart or a transfer already, whose other side names no account and, without its words of moving, suggests a
    /// brokerage, a bank or e-money. A card's bill is not one (`CardBills` finds those), nor cash (an ATM's).
    public static func of(_ item: Item, accounts: Accounts, isIncome: (CategoryCode) -> Bool) -> PossibleTransfer? {
        let kind = item.source.kind
        guard kind == .statement || kind == .linked, !item.isMerged, !item.isTransfer, !item.details.apart, item.price.amount > 0,
            !isIncome(item.category), let from = accounts.account(for: item.details.payment), from.kind == .bank,
            let text = Household.otherSide(item), accounts.counterpart(for: text) == nil
        else { return nil }
        let words = text.split { Accounts.separators.contains($0) }.map(String.init)
        let kept = words.filter { !moveWords.contains(WidthFold.fold($0)) }
        guard kept.count < words.count || words.count == 1, !kept.isEmpty else { return nil }
        let name = WidthFold.fold(kept.joined(separator: " "))
        guard let guessed = AccountKind.suggested(by: name), guessed != .cash, guessed != .card, AccountKey.fold(name).count >= 2 else { return nil }
        return PossibleTransfer(line: item.id, date: item.date, amount: item.price, text: text, name: name, kind: guessed, from: from.name)
    }
}
