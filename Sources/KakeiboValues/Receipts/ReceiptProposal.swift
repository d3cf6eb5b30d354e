/// What a receipt's text says was bought, for a person to check before it is stored.
public struct ReceiptProposal: Hashable, Sendable {
    /// One purchase read from the receipt.
    public struct ProposedItem: Hashable, Sendable {
        /// The printed name (register codes removed, lines of a broken name joined), at most 30 characters.
        public var name: String
        /// What was paid: the printed price with any discount below it applied. A discount with no item above it
        /// is its own item with a negative price.
        public var price: Yen
        /// The discounts applied to it (0, or negative).
        public var discount: Yen
        /// The receipt lines it was read from, counting from 1.
        public var lines: [Int]

        public init(name: String, price: Yen, discount: Yen = .zero, lines: [Int]) {
            self.name = name
            self.price = price
            self.discount = discount
            self.lines = lines
        }
    }

    /// A line that was not read as part of an item, a total, or a line known to be neither (codes, tax, payment).
    public struct UnreadLine: Hashable, Sendable {
        public var number: Int
        public var text: String
        public var reason: Reason

        public init(number: Int, text: String, reason: Reason) {
            self.number = number
            self.text = text
            self.reason = reason
        }
    }

    public enum Reason: String, Hashable, Sendable {
        /// Text that never met a price (a shop name, an address, a message).
        case noPrice = "no-price"
        /// A price with no name before it.
        case noName = "no-name"
        /// Looks like money but is not a usable price (¥0, ¥1.899, ¥2O8).
        case unreadablePrice = "unreadable-price"
        /// After the total: payment and change, or something the parser does not know.
        case afterTotal = "after-total"
    }

    public var items: [ProposedItem]
    /// The total printed on the receipt (合計), if one was read.
    public var total: Yen?
    /// Tax printed apart from the prices (外税), if any: the gap between the items and a tax-exclusive total.
    public var tax: Yen?
    public var unread: [UnreadLine]
    /// The date printed on the receipt, if one was read.
    public var date: CalendarDate?
    /// The shop's name from the receipt's first lines, if one was read.
    public var shop: String?

    public init(items: [ProposedItem], total: Yen?, tax: Yen?, unread: [UnreadLine], date: CalendarDate? = nil, shop: String? = nil) {
        self.items = items
        self.total = total
        self.tax = tax
        self.unread = unread
        self.date = date
        self.shop = shop
    }

    /// Ids for the proposed items, added on `day`, that are the same whenever the same receipt is read (its date,
    /// shop, items and total) and added on the same day, so adding a receipt twice adds it once.
    public func itemIDs(on day: CalendarDate) -> [String] {
        var text = day.iso + "|" + (date?.iso ?? "") + "|" + (shop ?? "") + "|" + (total.map { String($0.amount) } ?? "")
        for item in items { text += "|" + item.name + "=" + String(item.price.amount) }
        let hex = Fingerprint(of: Array(text.utf8)).hex
        return items.indices.map { "receipt-" + hex.prefix(16) + "-" + String($0 + 1) }
    }

    /// What the proposed items add up to.
    public var sum: Yen { items.reduce(.zero) { $0 + $1.price } }

    /// Whether the items add up to the printed total; nil when no total was read.
    public var matchesTotal: Bool? { total.map { $0 == sum } }

    /// The printed total less the items' sum (nil without a total).
    public var difference: Yen? { total.map { $0 - sum } }
}
