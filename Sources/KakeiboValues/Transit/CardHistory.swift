/// What kakeibo has read of each transit IC card (`ic-cards.json` in the store): every record imported, with what it
/// cost once that is known. It is how a dump read twice adds nothing (even an item deleted since stays deleted), how
/// a record whose price was unknown is priced when the record before it arrives, and what the card's balance is.
public struct CardHistory: Hashable, Sendable {
    public var cards: [Card]

    public init(cards: [Card] = []) { self.cards = cards }

    /// One card: its identity, the account it is, and its records.
    public struct Card: Hashable, Sendable {
        /// The card's IDm (16 upper-case hex digits), once a dump has given it.
        public var idm: String?
        /// The account the card is: its items' payment (`--account NAME`, else `CardHistory.defaultAccount`).
        public var account: String
        /// Every record read, oldest first.
        public private(set) var entries: [Entry]

        public init(idm: String?, account: String, entries: [Entry] = []) {
            self.idm = idm
            self.account = account
            self.entries = entries.sorted(by: CardHistory.isOlder)
        }

        /// The stored record with this record's number and day, if any.
        public func entry(like record: TransitRecord) -> Entry? {
            entries.last { $0.record.sequence == record.sequence && $0.record.date == record.date }
        }

        /// The stored record just before `record` on the card: number one lower and a day not later. (Across two
        /// reads only the next number makes records neighbours: with a gap, a record never read may lie between.)
        public func predecessor(of record: TransitRecord) -> TransitRecord? {
            let number = (record.sequence + 65535) % 65536
            return entries.last { $0.record.sequence == number && $0.record.date <= record.date }?.record
        }

        /// Adds a record, or sets the amount of the one stored.
        public mutating func record(_ record: TransitRecord, amount: Int?) {
            if let index = entries.lastIndex(where: { $0.record == record }) {
                entries[index].amount = amount
                return
            }
            entries.append(Entry(record: record, amount: amount))
            entries.sort(by: CardHistory.isOlder)
        }

        /// The newest record: the card's balance and its day.
        public var newest: TransitRecord? { entries.last?.record }

        /// The id of the item a record becomes: "ic:" and a hash of the card (its IDm, else its account's name), the
        /// record's number and its day, so the same record always has the same id — in any member's store, when the
        /// dumps give the IDm — and two cards' never meet. (A record whose item exists is never made again, so a card
        /// that gains its IDm keeps its earlier items' ids.)
        public func itemID(_ record: TransitRecord) -> String {
            let card = idm ?? "@" + account
            return CardHistory.idPrefix + stableHash(card + "\u{1F}" + String(record.sequence) + "\u{1F}" + record.date.compact)
        }
    }

    /// A record read, and what it cost: the balance of the record before it minus its own (negative for money put on
    /// the card); nil while the record before it is unknown.
    public struct Entry: Hashable, Sendable {
        public var record: TransitRecord
        public var amount: Int?

        public init(record: TransitRecord, amount: Int?) {
            self.record = record
            self.amount = amount
        }
    }

    /// The account a card is when neither its dump nor the command names one.
    public static let defaultAccount = "交通系IC"

    /// How the ids of IC card items start.
    public static let idPrefix = "ic:"

    /// Older first: by day, then by number (numbers start again at 0 after 65535, on a later day).
    static func isOlder(_ a: Entry, _ b: Entry) -> Bool { (a.record.date, a.record.sequence) < (b.record.date, b.record.sequence) }
}

extension CardHistory.Card {
    /// A record read now, and what it cost (nil: not known yet).
    public struct Reading: Hashable, Sendable {
        public var record: TransitRecord
        /// Its line in the dump; nil for a record read before and priced only now.
        public var line: Int?
        /// Read before, and priced only now.
        public var repriced: Bool
        public var amount: Int?
    }

    /// Records a dump's records (newest first, each with its line) and prices what can be priced: a record by the
    /// dump's next line when that is the record before it (`TransitRecord.follows`), else by a record read before
    /// whose number is one lower; a record read before and still unpriced, when this dump brings the record before
    /// it. Returns the records read now or priced now, oldest first, and how many of the dump's were read before.
    /// A record with the number and day of one read before but other bytes is another card's: refused.
    public mutating func read(_ dump: [(line: Int, record: TransitRecord)]) throws(CardIdentityError) -> (readings: [Reading], alreadyRead: Int) {
        // The stored records by number, built once, and new ones added unsorted and sorted once at the end: a dump of
        // 31,000 records took 28 s when each record scanned every stored one and re-sorted them all.
        var byNumber: [Int: [Int]] = [:]
        for (position, entry) in entries.enumerated() { byNumber[entry.record.sequence, default: []].append(position) }
        func stored(like record: TransitRecord) -> Int? {
            byNumber[record.sequence]?.last { entries[$0].record.date == record.date }
        }
        func predecessor(of record: TransitRecord) -> TransitRecord? {
            let candidates = byNumber[(record.sequence + 65535) % 65536]?.filter { entries[$0].record.date <= record.date } ?? []
            return candidates.max { CardHistory.isOlder(entries[$0], entries[$1]) }.map { entries[$0].record }
        }
        /// What a record cost: never a negative fare (a balance that rose on a fare, a bus ride or a purchase means a
        /// record between them is missing or another card's): refused, naming the record.
        func price(_ record: TransitRecord, after predecessor: TransitRecord, line: Int?) throws(CardIdentityError) -> Int {
            let amount = predecessor.balance - record.balance
            if record.kind.isSpending, amount < 0 {
                throw .balanceRose(sequence: record.sequence, date: record.date, line: line, by: -amount)
            }
            return amount
        }
        var readings: [Reading] = []
        var alreadyRead = 0
        for (position, (line, record)) in dump.enumerated() {
            let storedAt = stored(like: record)
            let stored = storedAt.map { entries[$0] }
            if let stored, stored.record != record { throw .differentRecord(sequence: record.sequence, line: line) }
            let older = position + 1 < dump.count ? dump[position + 1].record : nil
            let before = older.flatMap { record.follows($0) ? $0 : nil } ?? predecessor(of: record)
            // Read before, and nothing new to say of it (priced, or needing no price, or still unpriced).
            if let stored, stored.amount != nil || !record.kind.needsPrice || before == nil {
                alreadyRead += 1
                continue
            }
            var amount: Int?
            if let before { amount = try price(record, after: before, line: line) }
            if let storedAt {
                entries[storedAt].amount = amount
            } else {
                byNumber[record.sequence, default: []].append(entries.count)
                entries.append(CardHistory.Entry(record: record, amount: amount))
            }
            readings.append(Reading(record: record, line: line, repriced: stored != nil, amount: amount))
        }
        let read = Set(dump.map(\.record))
        for position in entries.indices where entries[position].amount == nil && entries[position].record.kind.needsPrice {
            let record = entries[position].record
            guard !read.contains(record), let before = predecessor(of: record) else { continue }
            let amount = try price(record, after: before, line: nil)
            entries[position].amount = amount
            readings.append(Reading(record: record, line: nil, repriced: true, amount: amount))
        }
        entries.sort(by: CardHistory.isOlder)
        return (readings.sorted { ($0.record.date, $0.record.sequence) < ($1.record.date, $1.record.sequence) }, alreadyRead)
    }
}

extension TransitKind {
    /// Whether what it did is known only from the balance before it (a balance-only record needs nothing).
    public var needsPrice: Bool { self != .balanceOnly && self != .unknown }
}
