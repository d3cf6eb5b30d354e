/// An amount of money in whole yen. Prices are non-zero; a negative price is a refund.
public struct Yen: Hashable, Comparable, Sendable, AdditiveArithmetic, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    public var amount: Int

    /// The largest price one item may have (either sign): ten billion yen less one.
    /// A million items at this limit still sum far inside Int64.
    public static let limit = 9_999_999_999
    package static let limitText = "9,999,999,999"

    public init(_ amount: Int) { self.amount = amount }
    public init(integerLiteral value: Int) { self.amount = value }

    public static var zero: Yen { Yen(0) }
    public static func + (a: Yen, b: Yen) -> Yen { Yen(a.amount + b.amount) }
    public static func - (a: Yen, b: Yen) -> Yen { Yen(a.amount - b.amount) }
    public static func < (a: Yen, b: Yen) -> Bool { a.amount < b.amount }
    public var description: String { String(amount) }

    /// Whether this is a valid item price: non-zero and within ±limit.
    public var isValidPrice: Bool { amount != 0 && amount.magnitude <= UInt(Yen.limit) } // abs(Int.min) would trap

    /// Parses a price typed by a person: an optional minus sign, then digits, optionally grouped by commas
    /// ("1,899"), as typed with a Japanese input method too ("１７８", "178円", "￥1,899"; see `TypedNumber`).
    /// No decimals, no exponents, not zero, within ±9,999,999,999. `asTyped: false` reads a machine-written file's
    /// plain digits only.
    public static func parsePrice(_ text: String, asTyped: Bool = true) throws(ValueError) -> Yen {
        var bytes = Array((asTyped ? TypedNumber.money(text) : text).utf8)
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes.removeFirst()
        }
        guard !bytes.isEmpty else { throw .price(text, reason: .notWhole) }
        if bytes.contains(UInt8(ascii: ",")) {
            // Commas must group thousands: 1,899 or 12,345,678.
            let groups = bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            guard let head = groups.first, (1...3).contains(head.count),
                groups.dropFirst().allSatisfy({ $0.count == 3 })
            else { throw .price(text, reason: .notWhole) }
            bytes.removeAll { $0 == UInt8(ascii: ",") }
        }
        var value = 0
        for byte in bytes {
            guard byte >= 48, byte <= 57 else { throw .price(text, reason: .notWhole) }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(byte - 48))
            guard !o1, !o2, sum <= limit else { throw .price(text, reason: .tooLarge) }
            value = sum
        }
        guard value != 0 else { throw .price(text, reason: .zero) }
        return Yen(negative ? -value : value)
    }

    /// "12,345" — the amount with thousands separators and a leading minus sign if negative.
    public var grouped: String {
        // Written as bytes, from the last digit back (a big month's table formats thousands of prices).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(28)
        var rest = amount.magnitude
        var count = 0
        repeat {
            if count > 0 && count % 3 == 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(48 + rest % 10))
            rest /= 10
            count += 1
        } while rest > 0
        if amount < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.reverse()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// "¥12,345" in English, "12,345円" in Japanese; a refund reads "-¥500" / "-500円".
    /// A reimbursed amount typed by a person: whole yen from 0, `5000` or `5,000`.
    public static func parseReimbursed(_ text: String) throws(ValueError) -> Yen {
        guard TypedNumber.money(text) == "0" else {
            guard let amount = try? parsePrice(text), amount.amount > 0 else { throw .reimbursed(text) }
            return amount
        }
        return Yen(0)
    }

    public func formatted(_ language: Language) -> String {
        switch language {
        case .ja:
            return grouped + "円"
        case .en:
            return amount < 0 ? "-¥" + Yen(-amount).grouped : "¥" + grouped
        }
    }
}
