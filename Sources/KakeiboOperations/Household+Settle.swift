import KakeiboStore
import KakeiboValues

extension Household {
    /// Records a settle-up payment (`settle --record`): a transfer from `from` to `to` (members, named in its
    /// `member` and `transfer`), dated the day it was paid, whose id says the period it settles (`SettlePayment`). It
    /// is no spending and no income; a bank's 振込 line that carries it, imported before or after, becomes the same
    /// transfer and is merged with it (`SettleLines`). The same payment recorded again is refused.
    public func recordSettlePayment(period: Period, from: String, to: String, amount: Yen, date: CalendarDate) throws -> ItemsAdded {
        let id = SettlePayment.id(period: SettlePayment.key(period), from: from, to: to, date: date, amount: amount)
        let name = String("精算 \(from) → \(to)".prefix(ItemName.maximumLength))
        let details = ItemDetails(member: from, transfer: to)
        let item = WireItem(
            id: id, date: date, name: (try? ItemName.validate(name)) ?? "精算", price: amount, category: taxonomy.unfiled, details: details)
        let added = try addNew([item])
        guard !added.items.isEmpty else { throw SettlePaymentRecorded(id: id) }
        return added
    }
}

/// The same settle-up payment (members, day and amount) is recorded already (exit 1).
public struct SettlePaymentRecorded: KakeiboFailure, Equatable {
    public let id: String

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        language.pick("this payment is recorded already (\(terminalSafe(id)))", "この支払いはすでに記録されています（\(terminalSafe(id))）")
    }
}
