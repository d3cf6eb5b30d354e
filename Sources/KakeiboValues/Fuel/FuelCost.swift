/// A positive decimal typed by a person ("320", "16.5", "174.55"), kept exactly as whole hundredths so that no
/// binary fraction ever enters the arithmetic.
public struct Hundredths: Hashable, Sendable {
    /// The value times 100: 16.5 is 1650.
    public var units: Int

    public init(units: Int) { self.units = units }

    /// Parses digits with at most two decimal places, more than 0 and at most `maximum` (whole units).
    /// `name` is what the message calls the value (an option such as "--km").
    public static func parse(_ text: String, name: String, maximum: Int) throws(FuelError) -> Hundredths {
        var bytes = Array(TypedNumber.digits(text).utf8)
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes.removeFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let isDigit: (UInt8) -> Bool = { $0 >= 48 && $0 <= 57 }
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(isDigit),
            parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(isDigit))
        else { throw .notANumber(name: name, text: text) }
        let fraction = parts.count == 2 ? Array(parts[1]) : []
        guard fraction.count <= 2 else { throw .tooPrecise(name: name, text: text) }
        guard whole.count <= 12 else { throw .tooLarge(name: name, text: text, maximum: maximum) }
        var units = whole.reduce(0) { $0 * 10 + Int($1 - 48) } * 100
        for (index, digit) in fraction.enumerated() { units += Int(digit - 48) * (index == 0 ? 10 : 1) }
        guard !negative, units > 0 else { throw .notPositive(name: name, text: text) }
        guard units <= maximum * 100 else { throw .tooLarge(name: name, text: text, maximum: maximum) }
        return Hundredths(units: units)
    }

    /// "16.5", "320", "174.55" — as typed, without trailing zeros.
    public var text: String { Fraction(units, 100).decimalText(places: 2, minimumPlaces: 0) }
}

/// An exact non-negative rational number, for showing a computation before it is rounded.
public struct Fraction: Hashable, Sendable {
    public var numerator: Int
    /// Always positive.
    public var denominator: Int

    public init(_ numerator: Int, _ denominator: Int) {
        precondition(denominator > 0)
        self.numerator = numerator
        self.denominator = denominator
    }

    public var isWhole: Bool { numerator % denominator == 0 }

    /// Rounded to `places` decimal places, halves away from zero, as a whole number of 10^-places units.
    public func rounded(places: Int = 0) -> Int {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        return divideRoundingHalfAway(numerator * scale, denominator)
    }

    /// The value with thousands grouped and between `minimumPlaces` and `places` decimals, cut (not rounded) with
    /// "…" when more digits follow: 100/3 is "33.33…", 20 is "20.0" with one minimum place.
    public func decimalText(places: Int, minimumPlaces: Int) -> String {
        var text = Yen(numerator / denominator).grouped
        var remainder = numerator % denominator
        var digits = ""
        for _ in 0..<places {
            remainder *= 10
            digits.append(Character(String(remainder / denominator)))
            remainder %= denominator
        }
        while digits.count > minimumPlaces, digits.last == "0", remainder == 0 { digits.removeLast() }
        if !digits.isEmpty { text += "." + digits }
        return remainder == 0 ? text : text + "…"
    }
}

/// The cost of driving a distance: litres = km ÷ (km per litre), cost = litres × (yen per litre), computed exactly
/// and rounded to the yen only at the end, halves up (四捨五入).
public struct FuelCost: Hashable, Sendable {
    public static let maximumDistance = 100_000
    public static let maximumEconomy = 1_000
    public static let maximumPrice = 100_000

    public var distance: Hundredths
    public var economy: Hundredths
    public var price: Hundredths

    public init(distance: Hundredths, economy: Hundredths, price: Hundredths) {
        self.distance = distance
        self.economy = economy
        self.price = price
    }

    /// distance ÷ economy, exactly (the hundredths cancel).
    public var litres: Fraction { Fraction(distance.units, economy.units) }

    /// litres × price in yen, exactly: at most 10^7 · 10^7 / 1, far inside Int.
    public var exactCost: Fraction { Fraction(distance.units * price.units, economy.units * 100) }

    /// The cost rounded to the yen, halves up.
    public var cost: Yen { Yen(exactCost.rounded()) }
}

/// A fuel-cost value that can't be used: exit 2, naming the option and the value.
public enum FuelError: KakeiboFailure, Equatable {
    case notANumber(name: String, text: String)
    case notPositive(name: String, text: String)
    case tooPrecise(name: String, text: String)
    case tooLarge(name: String, text: String, maximum: Int)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .notANumber(let name, let text):
            return language.pick(
                "\(name) must be a number such as 320 or 16.5, got '\(text)'",
                "\(name) は 320 や 16.5 のような数で指定してください（指定: '\(text)'）")
        case .notPositive(let name, let text):
            return language.pick("\(name) must be more than 0, got '\(text)'", "\(name) は 0 より大きい数で指定してください（指定: '\(text)'）")
        case .tooPrecise(let name, let text):
            return language.pick(
                "\(name) may have at most two decimal places, got '\(text)'",
                "\(name) の小数は 2 桁までです（指定: '\(text)'）")
        case .tooLarge(let name, let text, let maximum):
            return language.pick(
                "\(name) must be at most \(Yen(maximum).grouped), got '\(text)'",
                "\(name) は \(Yen(maximum).grouped) 以下で指定してください（指定: '\(text)'）")
        }
    }
}
