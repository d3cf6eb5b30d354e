/// A settle-up payment (精算) from one member to another, recorded as a transfer item (`settle --record`): never
/// spending, and counted by `settle` against what the period it settles left owed.
///
/// Its id says the period it settles, which its date doesn't (December is settled in January):
/// `settle-2024-12-` and 16 hex digits of the period, members, date and amount. So the same payment recorded by two
/// members is one item after they sync, and recording it twice is refused.
public enum SettlePayment {
    public static let idPrefix = "settle-"

    /// The id of the payment `from` made to `to` on `date` for `period` ("2024-12" or "2024").
    public static func id(period: String, from: String, to: String, date: CalendarDate, amount: Yen) -> String {
        let key = [period, from, to, date.iso, String(amount.amount)].joined(separator: "\u{1F}")
        return idPrefix + period + "-" + Fingerprint(of: Array(key.utf8)).hex
    }

    /// The period ("2024-12" or "2024") a payment's id says it settles; nil for any other item's id.
    public static func period(ofID id: String) -> String? {
        guard id.hasPrefix(idPrefix) else { return nil }
        let body = Array(id.utf8.dropFirst(idPrefix.utf8.count))
        guard body.count == 4 + 17 || body.count == 7 + 17, body[body.count - 17] == UInt8(ascii: "-") else { return nil }
        let key = Array(body.prefix(body.count - 17))
        let digits = key.indices.allSatisfy { key[$0] == UInt8(ascii: "-") ? $0 == 4 : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(key[$0]) }
        return digits ? String(decoding: key, as: UTF8.self) : nil
    }

    /// The key a period is written as in an id: "2024-12" or "2024".
    public static func key(_ period: Period) -> String {
        switch period {
        case .month(let month): month.iso
        case .year(let year): String(year)
        }
    }

    /// Whether the item is a recorded settle-up payment: a transfer whose id is a payment's, from its member to the
    /// member its `transfer` names.
    public static func isPayment(_ item: Item) -> Bool {
        item.isTransfer && item.details.member != nil && period(ofID: item.id) != nil
    }
}
