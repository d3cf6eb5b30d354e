/// One purchase (or refund) in the household ledger.
public struct Item: Hashable, Sendable, Identifiable {
    /// A stable identifier: a UUID for items made here, the server's id for items that came from it.
    public var id: String
    public var date: CalendarDate
    /// 1–30 characters, trimmed, no control characters (see `ItemName`); a synced item's is kept as the household
    /// server has it (it may be empty or longer), never with control characters.
    public var name: String
    /// Non-zero (a synced item's may be 0, as the server has it); negative is a refund and counts negatively.
    public var price: Yen
    public var category: CategoryCode
    /// When the item was recorded in this store (for "recent"); not the purchase date.
    public var added: Timestamp
    /// Whether the household server has this item.
    public var sync: SyncState
    /// Payment, shop, memo, member, personal: all optional.
    public var details: ItemDetails

    public init(
        id: String, date: CalendarDate, name: String, price: Yen, category: CategoryCode,
        added: Timestamp, sync: SyncState = .pending, details: ItemDetails = .none
    ) {
        self.id = id
        self.date = date
        self.name = name
        self.price = price
        self.category = category
        self.added = added
        self.sync = sync
        self.details = details
    }
}

extension Item {
    /// Counted in its year, left out of its month (`Tags.yearOnly`).
    public var isYearOnly: Bool { !details.tags.isEmpty && Tags.contains(details.tags, Tags.yearOnly) }
}

/// A category and optional subcategory as the household server stores them: numeric codes.
/// A code the taxonomy doesn't know is kept as it is and shown as "category 7".
public struct CategoryCode: Hashable, Sendable, Comparable {
    public var category: Int
    public var subcategory: Int?

    public init(_ category: Int, _ subcategory: Int? = nil) {
        self.category = category
        self.subcategory = subcategory
    }

    /// Category order, then subcategory order with "none" last (as the app's pie chart does).
    public static func < (a: CategoryCode, b: CategoryCode) -> Bool {
        if a.category != b.category { return a.category < b.category }
        return (a.subcategory ?? Int.max) < (b.subcategory ?? Int.max)
    }
}

/// Whether an item is known to be on the household server.
public enum SyncState: String, Sendable, Hashable, CaseIterable {
    /// Recorded here and not yet confirmed by the server.
    case pending
    /// Came from, or was confirmed by, the server.
    case synced
    /// Changed here after the server had it. The server only appends, so it keeps its older copy: this version is
    /// kept (a pull never overwrites it, a push never sends it again) until the server's copy matches it.
    case edited

    /// The state after the item is changed here.
    public var afterLocalChange: SyncState { self == .synced ? .edited : self }
}

/// Validation of item names: 1–30 characters after trimming whitespace, no control characters.
public enum ItemName {
    public static let maximumLength = 30

    /// Trims whitespace (including the ideographic space) and checks the rules. At `entry` (a name typed or
    /// imported) the name is made what syncs (`SyncLimits`: trimmed of U+FEFF too, in NFC) and its length counted
    /// in code points, as the household server counts; reading a store keeps what it holds, counted as before.
    public static func validate(_ raw: String, entry: Bool = true) throws(ValueError) -> String {
        if entry {
            let text = SyncLimits.normalized(raw)
            guard !text.isEmpty else { throw .nameEmpty }
            guard !text.unicodeScalars.contains(where: isControl) else { throw .nameControlCharacter }
            let count = text.unicodeScalars.count
            guard count <= maximumLength else { throw .nameTooLong(count: count) }
            return text
        }
        let trimmed = trimWhitespace(raw)
        guard !trimmed.isEmpty else { throw .nameEmpty }
        guard !trimmed.unicodeScalars.contains(where: isControl) else { throw .nameControlCharacter }
        // Every character is at least one byte and one scalar, so short names need no (slower) character count.
        if trimmed.utf8.count > maximumLength && trimmed.unicodeScalars.count > maximumLength {
            let count = trimmed.count
            guard count <= maximumLength else { throw .nameTooLong(count: count) }
        }
        return trimmed
    }

    /// Control characters a name may not hold: C0, DEL, C1 and the Unicode line and paragraph separators.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029
    }
}

/// Validation of item ids: 1–200 characters, no control characters, no surrounding whitespace.
public enum ItemID {
    public static let maximumLength = 200

    /// A new random id: a version 4 UUID in lowercase ("3c747910-c5ce-4fb2-b878-f8e14109b0c2"), from the system's
    /// random source. Made here rather than with Foundation's UUID so that `kakeibo` need not load
    /// FoundationEssentials at all (about a millisecond of every start).
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40 // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80 // the RFC 4122 variant
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text.append(UInt8(ascii: "-")) }
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    public static func validate(_ raw: String) throws(ValueError) -> String {
        // The ids kakeibo and the server make (UUIDs, numbers) are short printable ASCII: nothing more to check.
        var bytes = raw
        if !raw.isEmpty, raw.utf8.count <= maximumLength, bytes.withUTF8({ $0.allSatisfy { $0 > 0x20 && $0 < 0x7F } }) {
            return raw
        }
        guard !raw.isEmpty, raw.count <= maximumLength, trimWhitespace(raw) == raw,
            !raw.unicodeScalars.contains(where: ItemName.isControl)
        else { throw .id(String(raw.prefix(40))) }
        return raw
    }
}

/// Removes leading and trailing whitespace, including U+3000 (the ideographic space).
public func trimWhitespace(_ text: String) -> String {
    let scalars = text.unicodeScalars
    if let first = scalars.first, let last = scalars.last, !isWhitespace(first), !isWhitespace(last) { return text }
    guard let start = scalars.firstIndex(where: { !isWhitespace($0) }) else { return "" }
    let end = scalars.lastIndex(where: { !isWhitespace($0) })!
    return String(scalars[start...end])
}

/// Unicode's White_Space property, without the table lookup `properties.isWhitespace` makes (a store checks every
/// name it reads). The set is small and fixed; a test holds it equal to the standard library's.
package func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
}
