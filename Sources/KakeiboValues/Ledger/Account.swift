/// Where a household keeps money and spends it from (口座, カード, 電子マネー, 財布): a card, a bank account, an
/// e-money wallet or cash. Every spelling a source uses for it is an alias, so an item's payment — 三井住友カード(NL)
/// on the statement, 三井住友カード in Zaim, ﾐﾂｲｽﾐﾄﾓｶｰﾄﾞ on the bank's line for its bill — resolves to one account.
public struct Account: Hashable, Sendable {
    /// What merges, transfers, balances and members key on: given when the account is added (`AccountID.derived` of
    /// its first name) and kept through every rename, so renaming an account changes nothing it holds.
    public var id: String
    /// 1–30 characters, as a payment is (see `DetailField.payment`).
    public var name: String
    public var kind: AccountKind?
    /// Whose it is; nil for a joint account (its lines are nobody's in particular).
    public var member: String?
    /// The other spellings, as first given, each folding to a key no other spelling of any account has.
    public var aliases: [String]
    /// The names it had before a rename: lines that name it by one (a statement, a transfer matching wrote) are still
    /// its own after that alias is dropped, unless another account takes the spelling.
    public var former: [String]
    /// Balances its statements stated (ゆうちょ's 現在高, a card statement's total, an IC card's balance), by date.
    public var stated: [StatedBalance]
    /// What its latest card statement says will be drawn next, and when.
    public var bill: CardBill?
    /// Every bill its statements stated, by date: what a bank withdrawal is recognised as (`CardBills`).
    public var bills: [CardBill]

    public init(
        name: String, kind: AccountKind? = nil, member: String? = nil, aliases: [String] = [], stated: [StatedBalance] = [],
        bill: CardBill? = nil, bills: [CardBill] = [], id: String? = nil, former: [String] = []
    ) {
        self.id = id ?? AccountID.derived(from: name)
        self.former = former
        self.name = name
        self.kind = kind
        self.member = member
        self.aliases = aliases
        self.stated = stated
        self.bill = bill
        self.bills = bills
    }

    /// Records a stated bill: one of the same billing month and amount replaces the one there. True when it is new.
    @discardableResult
    public mutating func state(_ bill: CardBill) -> Bool {
        let known = bills.contains(bill)
        bills.removeAll { $0.month == bill.month && $0.amount == bill.amount }
        bills.append(bill)
        bills.sort { ($0.date, $0.amount.amount) < ($1.date, $1.amount.amount) }
        return !known
    }

    /// Its name and aliases, each once by its folded key, name first.
    public var spellings: [String] {
        var seen = Set<[UInt8]>()
        return ([name] + aliases).filter { seen.insert(AccountKey.fold($0)).inserted }
    }

    /// Records a stated balance; one of the same day replaces the one there.
    public mutating func state(_ balance: StatedBalance) {
        stated.removeAll { $0.date == balance.date }
        stated.append(balance)
        stated.sort { $0.date < $1.date }
    }
}

/// An account's stable id. One added without an id (by `accounts add`, or one an older kakeibo wrote) takes
/// `derived(from:)` its name: the same name gives the same id on every member's machine.
public enum AccountID {
    /// `a-` and 16 hex digits of the FNV-1a hash of the folded name.
    public static func derived(from name: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in AccountKey.fold(name) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = Array("0123456789abcdef")
        return "a-" + String((0..<16).map { digits[Int((hash >> (60 - 4 * UInt64($0))) & 0xF)] })
    }
}

/// What kind of place money is kept in: a brokerage (証券口座) is where money moved from a bank is invested, never spent.
public enum AccountKind: String, Sendable, CaseIterable {
    case card, bank, emoney, cash, brokerage

    public var japanese: String {
        switch self {
        case .card: "カード"
        case .bank: "銀行"
        case .emoney: "電子マネー"
        case .cash: "現金"
        case .brokerage: "証券"
        }
    }
}

extension AccountKind {
    /// The kind a name suggests: 現金 or 財布 cash, 証券 a brokerage, 銀行 a bank, the e-money names e-money, カード a
    /// card; nil when it suggests none.
    public static func suggested(by name: String) -> AccountKind? {
        let folded = String(decoding: AccountKey.fold(name), as: UTF8.self)
        if ["現金", "財布", "cash"].contains(where: { folded.includes($0) }) { return .cash }
        if ["証券", "ショウケン", "securities"].contains(where: { folded.includes($0) }) { return .brokerage }
        if ["銀行", "bank", "信金", "信用金庫", "ゆうちょ"].contains(where: { folded.includes($0) }) { return .bank }
        if ["paypay", "suica", "pasmo", "icoca", "nanaco", "waon", "edy", "楽天ペイ", "d払い", "auペイ", "メルペイ"].contains(where: { folded.includes($0) }) {
            return .emoney
        }
        if ["カード", "card", "visa", "jcb", "amex", "master"].contains(where: { folded.includes($0) }) { return .card }
        return nil
    }
}

/// A balance a statement states for an account at the end of a day.
public struct StatedBalance: Hashable, Sendable {
    public var date: CalendarDate
    public var amount: Yen

    public init(date: CalendarDate, amount: Yen) {
        self.date = date
        self.amount = amount
    }
}

/// A card's next bill as its statement says it: how much, and the day it is drawn — or, when the statement names only
/// the month it is billed in (e-NAVI's 12月支払金額), that month (`date` is then its last day, `dated` false).
public struct CardBill: Hashable, Sendable {
    public var amount: Yen
    public var date: CalendarDate
    /// Whether the statement states the day (a due date), not only the month.
    public var dated: Bool

    public init(amount: Yen, date: CalendarDate, dated: Bool = true) {
        self.amount = amount
        self.date = date
        self.dated = dated
    }

    /// A bill the statement states only by its month.
    public init(amount: Yen, month: YearMonth) {
        self.init(amount: amount, date: month.last, dated: false)
    }

    /// The month it is billed in.
    public var month: YearMonth { date.yearMonth }
}

/// How account names and aliases are compared: width, case and kana folded as rules and search fold them
/// (ＡＭＡＺＯＮ = amazon, ｶｰﾄﾞ = カード), every dash and long-vowel mark one (カ－ド = カード), small kana as the
/// large ones (a bank's description has none: ジエーシービー = ジェーシービー, クレジツト = クレジット), spaces dropped.
public enum AccountKey {
    public static func fold(_ text: String) -> [UInt8] {
        let folded = TextFold.fold(trimWhitespace(text))
        var out: [UInt8] = []
        out.reserveCapacity(folded.count)
        var index = 0
        while index < folded.count {
            let byte = folded[index]
            if byte == 0x20 {
                index += 1
                continue
            }
            if byte == 0x2D { // "-" (full-width － folds to it)
                out += longVowel
                index += 1
                continue
            }
            if byte == 0xE2, index + 3 <= folded.count, dashes.contains(Array(folded[index..<index + 3])) {
                out += longVowel
                index += 3
                continue
            }
            if byte == 0xE3, index + 3 <= folded.count, let large = large(folded[index + 1], folded[index + 2]) {
                out += large
                index += 3
                continue
            }
            out.append(byte)
            index += 1
        }
        return out
    }

    /// The large katakana of a small one (ァィゥェォッャュョヮヵヶ, U+30A1–30F6 as E3 82/83 xx), as UTF-8; nil for any
    /// other. Hiragana is katakana by then (`TextFold`).
    static func large(_ second: UInt8, _ third: UInt8) -> [UInt8]? {
        let scalar = 0x3000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
        let large: UInt32
        switch scalar {
        case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE: large = scalar + 1
        case 0x30F5: large = 0x30AB // ヵ → カ
        case 0x30F6: large = 0x30B1 // ヶ → ケ
        default: return nil
        }
        return [0xE3, UInt8(0x80 | (large >> 6) & 0x3F), UInt8(0x80 | large & 0x3F)]
    }

    /// ー, the katakana long-vowel mark: what every dash folds to.
    static let longVowel: [UInt8] = [0xE3, 0x83, 0xBC]
    /// ‐ ‑ ‒ – — ― − (U+2010–2015, U+2212) as UTF-8.
    static let dashes: Set<[UInt8]> = [
        [0xE2, 0x80, 0x90], [0xE2, 0x80, 0x91], [0xE2, 0x80, 0x92], [0xE2, 0x80, 0x93], [0xE2, 0x80, 0x94], [0xE2, 0x80, 0x95],
        [0xE2, 0x88, 0x92],
    ]
}
