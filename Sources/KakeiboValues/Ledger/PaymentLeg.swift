/// A part of one purchase paid from another account than the item's own (`ItemDetails.legs`): PayPay's points beside a
/// card under one payment id, e-money topped up by a card. The item's own account (`payment`) pays the rest of its
/// price; the purchase is one item, counted once at its whole price.
public struct PaymentLeg: Hashable, Sendable {
    /// The account that paid this part, as a payment is written (`DetailField.payment`'s rules).
    public var payment: String
    /// What it paid: more than 0.
    public var price: Yen

    public init(payment: String, price: Yen) {
        self.payment = payment
        self.price = price
    }

    /// The most legs one item carries.
    public static let maximumCount = 8

    /// The part of `price` the item's own account pays when `legs` paid the rest.
    public static func ownPart(of price: Yen, legs: [PaymentLeg]) -> Yen {
        Yen(price.amount - legs.reduce(0) { $0 + $1.price.amount })
    }

    /// Checks legs against the item's price: at most `maximumCount`, each paid by a valid payment and more than 0,
    /// together less than a positive price (the item's own account pays the rest). At `entry`, payments as
    /// `DetailField.validate` takes them.
    public static func validate(_ legs: [PaymentLeg], price: Yen, entry: Bool = true) throws(PaymentLegError) -> [PaymentLeg] {
        guard !legs.isEmpty else { return [] }
        guard legs.count <= maximumCount else { throw .tooMany(count: legs.count) }
        var checked: [PaymentLeg] = []
        var sum = 0
        for leg in legs {
            let payment: String
            do { payment = try DetailField.payment.validate(leg.payment, entry: entry) } catch { throw .payment(error) }
            guard leg.price.amount > 0, leg.price.amount <= Yen.limit else { throw .price(leg.price) }
            sum += leg.price.amount
            checked.append(PaymentLeg(payment: payment, price: leg.price))
        }
        guard price.amount > 0, sum < price.amount else { throw .sum(Yen(sum), price: price) }
        return checked
    }
}

/// Legs an item can't carry (exit 2 on the command line, a refused line in a file).
public enum PaymentLegError: KakeiboFailure, Equatable {
    case tooMany(count: Int)
    case payment(DetailError)
    case price(Yen)
    case sum(Yen, price: Yen)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .tooMany(let count):
            return language.pick(
                "an item has at most \(PaymentLeg.maximumCount) payment legs, got \(count)",
                "支払いの内訳は \(PaymentLeg.maximumCount) 件までです（\(count) 件）")
        case .payment(let error): return error.message(in: language)
        case .price(let price):
            return language.pick("a payment leg's price must be more than 0, got \(price.amount)", "支払いの内訳の金額は 0 より大きくしてください（\(price.amount)）")
        case .sum(let sum, let price):
            return language.pick(
                "payment legs of \(sum.amount) must be less than the item's price \(price.amount)",
                "支払いの内訳の合計 \(sum.amount) は金額 \(price.amount) より小さくしてください")
        }
    }
}

extension Item {
    /// The part of the price the item's own account (`details.payment`) paid: the whole price but for its legs.
    public var ownPart: Yen { details.legs.isEmpty ? price : PaymentLeg.ownPart(of: price, legs: details.legs) }
}
