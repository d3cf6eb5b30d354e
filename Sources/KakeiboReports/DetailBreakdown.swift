import KakeiboValues

/// Which items a report covers by their details: `--payment`, `--member`, `--shop` (each exactly, after trimming).
/// With the household's accounts, `--payment` names an account: every spelling of it matches.
public struct DetailFilter: Hashable, Sendable {
    public let values: [DetailField: String]
    public let accounts: Accounts

    public init(_ values: [DetailField: String] = [:], accounts: Accounts = Accounts()) {
        self.values = values
        self.accounts = accounts
    }

    public var isEmpty: Bool { values.isEmpty }

    /// The same filter, its `--payment` naming one of these accounts.
    public func resolving(_ accounts: Accounts) -> DetailFilter { DetailFilter(values, accounts: accounts) }

    public func matches(_ item: Item) -> Bool {
        values.allSatisfy { field, value in
            guard field == .payment, !accounts.isEmpty, let account = accounts.account(for: value) else { return item.details[field] == value }
            return accounts.account(for: item.details.payment)?.id == account.id
        }
    }
}

/// What a detail breakdown groups by: one of the text details, or the tags.
public enum DetailGrouping: Hashable, Sendable {
    case field(DetailField)
    /// A row per tag (an item with two tags counts in both), and one for untagged items.
    case tag
    /// A row per account the payments name (as `--by payment` does with the household's accounts).
    case account

    /// The word `--by` takes and JSON's `"by"` holds: "payment", "shop", "member", "tag", "account".
    public var key: String {
        switch self {
        case .field(let field): field.rawValue
        case .tag: "tag"
        case .account: "account"
        }
    }
}

/// A breakdown of items by one detail (`--by payment|member|shop|tag`): one row per value, items without it in a row
/// of their own ("(none)" / "(なし)"), largest total first, ties by value. By tag, an item counts in the row of
/// each of its tags (tags folded as `Tags.key` does, shown as first written): the rows may then sum past the total.
public struct DetailBreakdown: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        /// The detail's value (a tag as first written); nil for items without it.
        public let value: String?
        public let total: Yen
        public let count: Int
        /// The row's share of the positive spending (0 for a row that is a refund overall). By tag, of the positive
        /// spending counted once per item, so the shares may sum past 100%.
        public let share: Double
    }

    public let grouping: DetailGrouping
    /// Every item once.
    public let total: Yen
    public let count: Int
    public let rows: [Row]
    /// The items counted in more than one row (tagged twice or more): 0 unless by tag.
    public let overlap: Int

    public init(_ items: some Sequence<Item>, by field: DetailField) { self.init(items, by: .field(field)) }

    /// By payment (or account), a payment that names one of `accounts` counts in that account's row: one card's
    /// statement name, its iD and what was typed are one row.
    public init(_ items: some Sequence<Item>, by grouping: DetailGrouping, accounts: Accounts = Accounts()) {
        // Rows keyed by the value (for tags, the folded tag), with the value as first met.
        var sums: [String?: (value: String?, total: Int, count: Int)] = [:]
        var total = 0
        var count = 0
        var overlap = 0
        var positiveItems = 0
        func add(_ key: String?, _ value: String?, _ price: Int) {
            sums[key, default: (value, 0, 0)].total += price
            sums[key, default: (value, 0, 0)].count += 1
        }
        for item in items {
            total += item.price.amount
            count += 1
            positiveItems += max(item.price.amount, 0)
            switch grouping {
            case .field(.payment), .account:
                // A purchase paid in parts is in each payer's row with that payer's part (`ItemDetails.legs`).
                let payment = accounts.resolve(item.details.payment)
                add(payment.map { String(decoding: AccountKey.fold($0), as: UTF8.self) }, payment, item.ownPart.amount)
                for leg in item.details.legs {
                    let paid = accounts.resolve(leg.payment) ?? leg.payment
                    add(String(decoding: AccountKey.fold(paid), as: UTF8.self), paid, leg.price.amount)
                }
            case .field(let field): add(item.details[field], item.details[field], item.price.amount)
            case .tag:
                let tags = item.details.tags
                if tags.isEmpty { add(nil, nil, item.price.amount) }
                if tags.count > 1 { overlap += 1 }
                for tag in tags { add(Tags.key(tag), tag, item.price.amount) }
            }
        }
        let positive = grouping == .tag ? positiveItems : sums.values.reduce(0) { $0 + max($1.total, 0) }
        self.grouping = grouping
        self.total = Yen(total)
        self.count = count
        self.overlap = overlap
        rows = sums.values.map { sum in
            Row(value: sum.value, total: Yen(sum.total), count: sum.count, share: positive > 0 ? Double(max(sum.total, 0)) / Double(positive) : 0)
        }
        .sorted { a, b in
            if a.total != b.total { return a.total > b.total }
            if (a.value == nil) != (b.value == nil) { return b.value == nil }
            return (a.value ?? "") < (b.value ?? "")
        }
    }

    /// The row's label: its value, or "(none)" / "(なし)" ("(untagged)" / "(タグなし)" by tag).
    public func label(_ row: Row, _ language: Language) -> String {
        row.value ?? (grouping == .tag ? language.pick("(untagged)", "(タグなし)") : language.pick("(none)", "(なし)"))
    }
}
