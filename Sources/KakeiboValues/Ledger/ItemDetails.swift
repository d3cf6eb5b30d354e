/// What a household records about an item beyond its name, price, date and category — every part optional:
/// how it was paid (支払方法), where (お店), a memo (メモ), who paid (a member), and whether that member marked it as
/// their own (personal: it stays out of the split when settling up), and for medical costs how much of the price
/// insurance pays back (reimbursed: 補填される金額, for the 医療費控除), and its tags (旅行, 医療: see `Tags`).
public struct ItemDetails: Hashable, Sendable {
    /// The fields, boxed: most items have no detail at all, and an item without any holds one empty word here rather
    /// than four optional strings (a million imported items are 64 MB smaller, and copies of items cheaper).
    private var box: Box?

    private struct Fields: Hashable {
        var payment: String?
        var shop: String?
        var memo: String?
        var member: String?
        var personal = false
        var reimbursed: Yen?
        var tags: [String] = []
        var transfer: String?
        var merged: String?
        var apart = false
        var memberFrom: MemberOrigin?
        var legs: [PaymentLeg] = []
        var user: String?
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    public init(
        payment: String? = nil, shop: String? = nil, memo: String? = nil, member: String? = nil, personal: Bool = false, reimbursed: Yen? = nil,
        tags: [String] = [], transfer: String? = nil, merged: String? = nil, apart: Bool = false
    ) {
        self.init(
            Fields(
                payment: payment, shop: shop, memo: memo, member: member, personal: personal, reimbursed: reimbursed, tags: tags, transfer: transfer,
                merged: merged, apart: apart))
    }

    private init(_ fields: Fields) { box = fields == Fields() ? nil : Box(fields) }

    private var fields: Fields { box?.fields ?? Fields() }

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = fields
        change(&fields)
        self = ItemDetails(fields)
    }

    public var payment: String? {
        get { box?.fields.payment }
        set { update { $0.payment = newValue } }
    }
    public var shop: String? {
        get { box?.fields.shop }
        set { update { $0.shop = newValue } }
    }
    public var memo: String? {
        get { box?.fields.memo }
        set { update { $0.memo = newValue } }
    }
    public var member: String? {
        get { box?.fields.member }
        set { update { $0.member = newValue } }
    }
    public var personal: Bool {
        get { box?.fields.personal ?? false }
        set { update { $0.personal = newValue } }
    }
    /// What insurance pays back of the price (0 up to the price); nil when nothing was recorded.
    public var reimbursed: Yen? {
        get { box?.fields.reimbursed }
        set { update { $0.reimbursed = newValue } }
    }

    /// The item's tags as first written (each once, see `Tags`); empty for none.
    public var tags: [String] {
        get { box?.fields.tags ?? [] }
        set { update { $0.tags = newValue } }
    }

    /// For a transfer (振替): the account the money went to; `payment` is the one it left. A transfer is never
    /// spending or income (see `Item.isTransfer`).
    public var transfer: String? {
        get { box?.fields.transfer }
        set { update { $0.transfer = newValue } }
    }

    /// For a line merged into another item (the same purchase seen by another source): that item's id. The line is
    /// kept as its source had it and counted only through that item (see `Item.isMerged`).
    public var merged: String? {
        get { box?.fields.merged }
        set { update { $0.merged = newValue } }
    }

    /// Split from the item it was merged into (`unmerge`): never merged again by matching.
    public var apart: Bool {
        get { box?.fields.apart ?? false }
        set { update { $0.apart = newValue } }
    }

    /// Where `member` came from when it was only derived (its account's, or this machine's), so that it follows the
    /// account once the account names a member; nil when it was given (docs/accounts.md#members). Kept in this store
    /// only: the wire format doesn't carry it.
    public var memberFrom: MemberOrigin? {
        get { box?.fields.memberFrom }
        set { update { $0.memberFrom = newValue } }
    }

    /// The parts of the purchase paid from accounts other than `payment` (`PaymentLeg`); empty when its own account
    /// paid it all. The item's price stays the whole purchase's.
    public var legs: [PaymentLeg] {
        get { box?.fields.legs ?? [] }
        set { update { $0.legs = newValue } }
    }

    /// The statement's user of the line (利用者: 本人, 家族) as the statement wrote it, so that a member rule made after
    /// the import still maps it (`FilingRules.member`). Kept in this store only, as `memberFrom` is: the wire format
    /// doesn't carry it.
    public var user: String? {
        get { box?.fields.user }
        set { update { $0.user = newValue } }
    }

    public static func == (a: ItemDetails, b: ItemDetails) -> Bool { a.box === b.box || a.fields == b.fields }

    public func hash(into hasher: inout Hasher) { hasher.combine(fields) }

    /// No detail at all: what every item recorded before details existed has.
    public static let none = ItemDetails()

    public var isEmpty: Bool { box == nil }

    /// These details over `kept`: each detail these have, and where they have none, the kept one's. A copy from a
    /// server that has no field for a detail (the app has none for any) never clears it here.
    public func over(_ kept: ItemDetails) -> ItemDetails {
        guard !kept.isEmpty else { return self }
        guard !isEmpty else { return kept }
        var merged = kept
        for field in DetailField.allCases where self[field] != nil { merged[field] = self[field] }
        if personal { merged.personal = true }
        if let reimbursed { merged.reimbursed = reimbursed }
        if !tags.isEmpty { merged.tags = tags }
        if !legs.isEmpty { merged.legs = legs }
        // A copy that doesn't say where its member came from (the wire format never does) keeps what is known here
        // of the same member; another member is a given one.
        merged.memberFrom = memberFrom ?? (member == nil || member == kept.member ? kept.memberFrom : nil)
        if let user { merged.user = user }
        return merged
    }

    /// A text detail by field.
    public subscript(field: DetailField) -> String? {
        get {
            switch field {
            case .payment: payment
            case .shop: shop
            case .memo: memo
            case .member: member
            }
        }
        set {
            switch field {
            case .payment: payment = newValue
            case .shop: shop = newValue
            case .memo: memo = newValue
            case .member: member = newValue
            }
        }
    }
}

/// Where an item's member came from when no person gave it: its account's member (`account`), this machine's
/// (`machine`: a statement's line whose payment named no account yet), or the household's member rule for the
/// statement's 利用者 (`rule`: `rules member 家族 sora`). Each gives way to what the rules and accounts say now, whenever
/// they change (a rule for the line's 利用者 first, then the account's member); a member given by `import --member`, a
/// filing rule, or an edit is never replaced.
public enum MemberOrigin: String, Sendable, Hashable, CaseIterable {
    case account, machine, rule
}

/// The text details and their rules: trimmed, not empty, no control characters, payment/shop/member at most 30
/// characters and a memo at most 100.
public enum DetailField: String, CaseIterable, Sendable {
    case payment, shop, memo, member

    public var maximumLength: Int { self == .memo ? 100 : 30 }

    /// Trims whitespace (the ideographic space too) and checks the rules; at `entry`, as `ItemName.validate` does
    /// (what syncs: NFC, U+FEFF trimmed, code points counted).
    public func validate(_ raw: String, entry: Bool = true) throws(DetailError) -> String {
        if entry {
            let text = SyncLimits.normalized(raw)
            guard !text.isEmpty else { throw .empty(self) }
            guard !text.unicodeScalars.contains(where: ItemName.isControl) else { throw .controlCharacter(self) }
            let count = text.unicodeScalars.count
            guard count <= maximumLength else { throw .tooLong(self, count: count) }
            return text
        }
        let trimmed = trimWhitespace(raw)
        guard !trimmed.isEmpty else { throw .empty(self) }
        guard !trimmed.unicodeScalars.contains(where: ItemName.isControl) else { throw .controlCharacter(self) }
        if trimmed.unicodeScalars.count > maximumLength {
            let count = trimmed.count
            guard count <= maximumLength else { throw .tooLong(self, count: count) }
        }
        return trimmed
    }
}

/// A detail that can't be recorded (exit 2 on the command line).
public enum DetailError: KakeiboFailure, Equatable {
    case empty(DetailField)
    case tooLong(DetailField, count: Int)
    case controlCharacter(DetailField)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .empty(let field):
            return language.pick("\(field.rawValue) must not be empty", "\(field.japanese)が空です")
        case .tooLong(let field, let count):
            return language.pick(
                "\(field.rawValue) must be at most \(field.maximumLength) characters, got \(count)",
                "\(field.japanese)は \(field.maximumLength) 文字以内にしてください（\(count) 文字）")
        case .controlCharacter(let field):
            return language.pick("\(field.rawValue) must not contain control characters", "\(field.japanese)に制御文字は使えません")
        }
    }
}

extension DetailField {
    /// Its name in Japanese, as messages and table headings show it.
    public var japanese: String {
        switch self {
        case .payment: "支払方法"
        case .shop: "お店"
        case .memo: "メモ"
        case .member: "メンバー"
        }
    }
}
