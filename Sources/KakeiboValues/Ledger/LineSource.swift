extension Item {
    /// Money moved between two of the household's accounts (a card's bill, a charge, an ATM withdrawal): recorded on
    /// both, neither spending nor income.
    public var isTransfer: Bool { details.transfer != nil }

    /// A line merged into another item (the same purchase as another source saw it): counted only through that one.
    public var isMerged: Bool { details.merged != nil }

    /// Whether it counts as spending or income: not a transfer and not a merged line. Every report counts only these.
    public var counts: Bool { details.isEmpty || (details.transfer == nil && details.merged == nil) }

    /// The source whose line it is (see `LineSource`).
    public var source: LineSource { LineSource(id: id) }
}

/// Who saw a line, found from its id: a statement (each format its own), an app's export, a fixed cost, or a
/// person (typed here, in the household app or the sheet). Lines of one source are never merged with each other —
/// two ¥398 lines of one statement on one day are two purchases — and each source is trusted for what it knows best.
public struct LineSource: Hashable, Sendable, Comparable {
    public enum Kind: Int, Sendable, Comparable {
        /// A statement: the account's own record (its date and amount are what the account saw).
        case statement = 0
        /// MoneyForward ME's export: lines fetched from the accounts it links.
        case linked = 1
        /// Zaim's export: what a person typed into it.
        case hand = 2
        /// Typed into kakeibo, the household app or the sheet.
        case typed = 3
        /// Posted by a fixed cost.
        case fixed = 4

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    public let kind: Kind
    /// Tells the sources of one kind apart: the id's prefix ("rc:", "mf:"), "" for typed and fixed.
    public let key: String

    public init(id: String) {
        // Every source's prefix but the fixed cost's ends in ':' within the first four bytes: most ids (typed ones,
        // UUIDs) are told at once, without comparing prefixes.
        let head = id.utf8.prefix(4)
        if head.first != UInt8(ascii: "f") && !head.contains(UInt8(ascii: ":")) {
            (kind, key) = (.typed, "")
        } else if id.hasPrefix(FixedCost.itemIDPrefix) {
            (kind, key) = (.fixed, "")
        } else if let prefix = StatementLine.idPrefixes.first(where: { id.hasPrefix($0) }) {
            (kind, key) = (.statement, prefix)
        } else if id.hasPrefix(LineSource.moneyForward) {
            (kind, key) = (.linked, LineSource.moneyForward)
        } else if id.hasPrefix(LineSource.zaim) {
            (kind, key) = (.hand, LineSource.zaim)
        } else {
            (kind, key) = (.typed, "")
        }
    }

    /// The id prefixes of the apps' exports (see `ImportSource`).
    public static let moneyForward = "mf:"
    public static let zaim = "z:"

    /// Which line of a merged item gives its date (and leads it): the statement's first, then the apps', then what
    /// was typed, then the fixed cost's.
    public var dateRank: Int { kind.rawValue }

    /// Which line gives a merged item's name, category, memo, tags and shop: what a person typed first, then Zaim's
    /// (typed too), then the fixed cost's, then MoneyForward's, then the statement's.
    public var nameRank: Int {
        switch kind {
        case .typed: 0
        case .hand: 1
        case .fixed: 2
        case .linked: 3
        case .statement: 4
        }
    }

    /// Which line gives a merged item's member: the statement's (its 利用者 mapping), then the one who typed it, then
    /// the fixed cost's, then MoneyForward's (the account's member).
    public var memberRank: Int {
        switch kind {
        case .statement: 0
        case .typed, .hand: 1
        case .fixed: 2
        case .linked: 3
        }
    }

    /// Whether its dates may be a card's posting dates rather than the day of the purchase.
    public var isCardStatement: Bool { StatementLine.cardIDPrefixes.contains(key) }

    public static func < (a: LineSource, b: LineSource) -> Bool { (a.kind, a.key) < (b.kind, b.key) }
}
