import KakeiboOperations
import KakeiboValues

extension ImportReport {
    /// An IC card's dump as its import counts it, the part of the file's report no other file has: each kind of record
    /// priced now with its total, the records left unpriced or out, and the card's balance. Charges are counted here
    /// (money put on the card is not spending, so no item holds it).
    public struct Card: Sendable, Equatable {
        /// How many records of a kind, and their yen.
        public struct Tally: Sendable, Equatable {
            public var count = 0
            public var total = 0

            mutating func add(_ yen: Int) {
                count += 1
                total += yen
            }
        }

        public let card: CardHistory.Card
        public let newCard: Bool
        public let gainedIDm: Bool
        /// Records read for the first time, and records read before and priced only now.
        public let read: Int
        public let alreadyRead: Int
        /// Train and bus fares, purchases (a cancelled one counts back), charges, stored value paid back.
        public let fares: Tally
        public let purchases: Tally
        public let charges: Tally
        public let refunds: Tally
        /// Fares that cost nothing (a commuter pass's rides).
        public let free: Int
        /// Records that only set the balance (a new or reissued card), skipped.
        public let balanceOnly: Int
        /// The items added, oldest first, and the fares and purchases whose item the store had already.
        public let added: [Item]
        public let kept: Int
        /// Records whose price can't be known yet, and records read before that are priced now (newest first).
        public let unpriced: [CardRecordOutcome]
        public let repriced: [CardRecordOutcome]
        /// Records of a process type no public table explains, left out.
        public let unknown: [CardRecordOutcome]
        public let unused: Int
        public let otherServices: Int
        /// The card's balance from its newest record, and that record's day.
        public let balance: Int?
        public let balanceDate: CalendarDate?

        public init(_ outcome: CardImportOutcome) {
            var fares = Tally()
            var purchases = Tally()
            var charges = Tally()
            var refunds = Tally()
            var free = 0
            var balanceOnly = 0
            var kept = 0
            for record in outcome.records {
                switch record.result {
                case .added(let item):
                    if record.record.kind == .purchase { purchases.add(item.price.amount) } else { fares.add(item.price.amount) }
                case .itemKept:
                    kept += 1
                case .free: free += 1
                case .charge(let yen): charges.add(yen)
                case .refund(let yen): refunds.add(yen)
                case .balanceOnly: balanceOnly += 1
                case .unpriced, .unknown: break
                }
            }
            card = outcome.card
            newCard = outcome.newCard
            gainedIDm = outcome.gainedIDm
            read = outcome.records.count
            alreadyRead = outcome.alreadyRead
            self.fares = fares
            self.purchases = purchases
            self.charges = charges
            self.refunds = refunds
            self.free = free
            self.balanceOnly = balanceOnly
            added = outcome.added
            self.kept = kept
            unpriced = outcome.records.filter { $0.result == .unpriced }
            repriced = outcome.records.filter { $0.repriced && $0.result != .unpriced }
            unknown = outcome.records.filter { $0.result == .unknown }
            unused = outcome.unused
            otherServices = outcome.otherServices
            balance = outcome.balance?.yen
            balanceDate = outcome.balance?.date
        }

        /// The months items went to, oldest first.
        public var months: [YearMonth] { Set(added.map(\.date.yearMonth)).sorted() }
    }
}

extension ImportReport.File {
    /// A card's dump's part of the report, done or worked out: every record read is counted once — an item added, one
    /// already there (read before, or its item stored), or set aside by kind (a charge, a ride that cost nothing, one
    /// not priced yet…). `arriving`: the ids every file of the import adds.
    public static func card(path: String, _ outcome: CardImportOutcome, arriving: Set<String> = [], taxonomy: Taxonomy) -> Self {
        let card = ImportReport.Card(outcome)
        func aside(_ reason: String, _ count: Int, _ total: Int = 0) -> [ImportReport.SetAside] {
            count == 0 ? [] : [ImportReport.SetAside(reason: reason, count: count, total: Yen(total))]
        }
        let setAside =
            aside("charge", card.charges.count, card.charges.total) + aside("refund", card.refunds.count, card.refunds.total)
            + aside("free", card.free) + aside("balanceOnly", card.balanceOnly) + aside("unpriced", card.unpriced.count)
            + aside("unknown", card.unknown.count)
        let alreadyThere = card.alreadyRead + card.kept
        return Self(
            path: path, format: "felica", formatName: "IC card dump", variant: card.card.idm ?? card.card.account, encoding: "ASCII",
            rows: card.read + card.alreadyRead, lines: card.added.count + alreadyThere,
            outcome: ImportBatchOutcome(added: card.added, alreadyThere: alreadyThere), matched: outcome.matched,
            arriving: arriving.union(card.added.map(\.id)), setAside: setAside, unfiled: [], unmapped: [], notes: [], taxonomy: taxonomy,
            card: card)
    }
}
