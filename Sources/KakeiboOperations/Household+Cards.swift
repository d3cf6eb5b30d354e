import KakeiboStore
import KakeiboValues

/// What one record of a card's dump came to.
public struct CardRecordOutcome: Sendable, Equatable {
    public enum Result: Sendable, Equatable {
        /// A fare, bus ride or purchase, now an item.
        case added(Item)
        /// A fare, bus ride or purchase whose item the store has already (another member imported it, and a sync
        /// brought it).
        case itemKept(String)
        /// A fare that cost nothing (a commuter pass's ride).
        case free
        /// Money put on the card (yen): a transfer into the card's account, never spending.
        case charge(Int)
        /// Stored value paid back to the holder (yen): money leaving the card's account, not spending.
        case refund(Int)
        /// A record that only sets the balance (a new or reissued card): skipped.
        case balanceOnly
        /// A fare, purchase, charge or refund whose price can't be known yet: no record before it has been read.
        case unpriced
        /// A process type no public table explains: left out.
        case unknown
    }

    public var record: TransitRecord
    /// The dump's line it was read from.
    public var line: Int?
    /// Read before and priced only now, from the record before it that this dump brought.
    public var repriced: Bool
    public var result: Result
}

/// What importing a card's dump did: for each record read for the first time (or priced only now), what it came to,
/// newest first; and the card as it stands afterwards.
public struct CardImportOutcome: Sendable, Equatable {
    public var card: CardHistory.Card
    /// The card was read for the first time; or it gained the IDm this dump gave.
    public var newCard: Bool
    public var gainedIDm: Bool
    public var records: [CardRecordOutcome]
    /// The dump's records read before, which added nothing.
    public var alreadyRead: Int
    /// The dump's unused (all-zero) blocks and its blocks of other services.
    public var unused: Int
    public var otherServices: Int
    /// What matching the card's items with the store's other sources did (a fare also in an app's export is one item).
    public var matched = MatchOutcome()

    /// The items added, oldest first.
    public var added: [Item] {
        records.reversed().compactMap { if case .added(let item) = $0.result { item } else { nil } }
    }

    /// The months items went to, oldest first.
    public var months: [YearMonth] { Set(added.map(\.date.yearMonth)).sorted() }

    /// The card's balance, from its newest record, and that record's day.
    public var balance: (yen: Int, date: CalendarDate)? { card.newest.map { ($0.balance, $0.date) } }
}

/// A card's dump to import with other files, in their one change: its `--account`, and how its items are filed.
public struct CardBatch: Sendable {
    public var dump: CardDump
    public var account: String?
    public var filing: CardFiling

    public init(dump: CardDump, account: String?, filing: CardFiling) {
        self.dump = dump
        self.account = account
        self.filing = filing
    }
}

/// A card's dump among an import's files that is not the card it says (`CardIdentityError`); `card` is its index
/// among the import's dumps. Nothing was imported.
public struct CardBatchError: Error, Sendable {
    public let card: Int
    public let problem: CardIdentityError
}

/// How the items of a card's records are filed and marked.
public struct CardFiling: Sendable {
    public var filer: Filer
    /// Who the items are (the importing machine's member).
    public var member: String?
    /// Tags every item gets.
    public var tags: [String]

    public init(filer: Filer, member: String?, tags: [String]) {
        self.filer = filer
        self.member = member
        self.tags = tags
    }
}

extension Household {
    /// Imports a card's dump in one change: the card's records go to its history (`ic-cards.json`), and each fare,
    /// bus ride and purchase whose price is known becomes an item. A price is the balance of the record before minus
    /// the record's own: the next line of the dump, or a record read before whose number is one lower. A record
    /// read before adds nothing (an item deleted since stays deleted); one whose price was unknown is priced when
    /// the record before it arrives. Charges are recorded on the card, never as spending. With `dryRun` the same
    /// import is worked out over the store as it stands and nothing is written.
    public func importCard(_ dump: CardDump, account: String?, filing: CardFiling, dryRun: Bool = false) throws -> CardImportOutcome {
        let body = { (index: inout ItemIndex) throws -> CardImportOutcome in
            var outcome = try readCard(dump, account: account, filing: filing, in: &index)
            // The card's items are lines of one more source: matched with the others, as every import's are.
            outcome.matched = try match(index.touched, in: &index, accounts: try accounts())
            return outcome
        }
        return dryRun ? try preview(body) : try change(body).result
    }

    /// A card's dump read into a change: its records into the card's history, its priced fares and purchases into
    /// the index as items (not yet matched with the other sources').
    func readCard(_ dump: CardDump, account: String?, filing: CardFiling, in index: inout ItemIndex) throws -> CardImportOutcome {
        var history = try CardHistoryFile.read(&index, store)
        let identity = try history.identity(idm: dump.idm, account: account)
        if let other = history.otherCard(holding: dump.records.map(\.record), besides: identity) {
            throw CardIdentityError.recordsOfAnotherCard(account: other)
        }
        var card = history.card(identity)
        // What each record cost, then the items, oldest first (so a month lists them in the card's order).
        let (readings, alreadyRead) = try card.read(dump.records.map { ($0.line, $0.record) })
        var outcomes: [CardRecordOutcome] = []
        for reading in readings {
            let result = try result(reading.record, amount: reading.amount, card: card, filing: filing, in: &index)
            outcomes.append(CardRecordOutcome(record: reading.record, line: reading.line, repriced: reading.repriced, result: result))
        }
        outcomes.reverse()
        history.keep(card, as: identity)
        try CardHistoryFile.write(history, &index)
        return CardImportOutcome(
            card: card, newCard: identity.isNew, gainedIDm: identity.gainsIDm, records: outcomes, alreadyRead: alreadyRead, unused: dump.unused,
            otherServices: dump.otherServices)
    }

    /// What a record read now comes to; a priced fare, bus ride or purchase goes into the index as an item.
    private func result(
        _ record: TransitRecord, amount: Int?, card: CardHistory.Card, filing: CardFiling, in index: inout ItemIndex
    ) throws -> CardRecordOutcome.Result {
        switch record.kind {
        case .balanceOnly: return .balanceOnly
        case .unknown: return .unknown
        default: break
        }
        guard let amount else { return .unpriced }
        switch record.kind {
        case .charge:
            // Money into the card: a transfer into its account, from what paid it (cash at a machine, a card's
            // auto-charge) — not known here, so the other side's line (typed, or the card's statement) tells.
            try recordCharge(record, amount: -amount, card: card, filing: filing, in: &index)
            return .charge(-amount)
        case .refund: return .refund(amount)
        default: break
        }
        guard amount != 0 else { return .free }
        let id = card.itemID(record)
        try index.load(record.date.yearMonth)
        if index.item(id) != nil { return .itemKept(id) }
        let item = try CardItems.item(record, id: id, price: amount, account: card.account, filing: filing).item(added: now, sync: .pending)
        try index.insert(item)
        return .added(item)
    }
}

extension Household {
    /// A charge's transfer into the card's account, unless the store has it (or the user deleted it).
    fileprivate func recordCharge(_ record: TransitRecord, amount: Int, card: CardHistory.Card, filing: CardFiling, in index: inout ItemIndex) throws
    {
        guard amount > 0 else { return }
        let id = card.itemID(record)
        try index.load(record.date.yearMonth)
        guard index.item(id) == nil else { return }
        let details = ItemDetails(transfer: card.account)
        let charge = WireItem(id: id, date: record.date, name: "チャージ", price: Yen(amount), category: filing.filer.taxonomy.unfiled, details: details)
        try index.insert(charge.item(added: now, sync: .pending))
    }
}

/// The IC card file (`ic-cards.json`), read and written inside a change of items, so both are one change.
enum CardHistoryFile {
    static func read(_ index: inout ItemIndex, _ store: LedgerStore) throws -> CardHistory {
        let file = SettingsFile.icCards
        guard let bytes = try index.file(file.name) else { return file.empty }
        do { return try file.decode(bytes) } catch { throw SettingsFileError(path: store.path(of: file), problem: error) }
    }

    static func write(_ history: CardHistory, _ index: inout ItemIndex) throws {
        try index.setFile(SettingsFile.icCards.name, SettingsFile.icCards.encode(history))
    }
}
