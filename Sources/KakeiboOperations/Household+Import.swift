import KakeiboStore
import KakeiboValues

/// Whose the lines of an imported file are.
public struct ImportMember: Sendable, Equatable {
    /// `import --member M`: every line is M's.
    public var forced: String?
    /// This machine's member (`config member`): for lines no account tells the member of.
    public var fallback: String?

    public init(forced: String? = nil, fallback: String? = nil) {
        self.forced = forced
        self.fallback = fallback
    }
}

/// The balances and the next bill a statement states for the account it is of.
public struct StatedAccount: Sendable, Equatable {
    /// The account as the statement names it (an alias, or its name).
    public var account: String
    public var balances: [StatedBalance]
    public var bill: CardBill?

    public init(account: String, balances: [StatedBalance], bill: CardBill?) {
        self.account = account
        self.balances = balances
        self.bill = bill
    }
}

extension Household {
    /// Gives the lines of a file their members: `--member` gives every line its member; otherwise a line keeps the
    /// member its source gave it (a rule's, the statement's 利用者); a statement's or MoneyForward's line takes its
    /// account's (none for a joint account), and only a line whose payment names no account — or one a person typed,
    /// as Zaim's are — takes this machine's member. Transfers are nobody's.
    public static func prepared(_ items: [WireItem], member: ImportMember, accounts: Accounts) -> [WireItem] {
        items.map { item in
            var item = item
            if let forced = member.forced {
                item.details.member = forced
                return item
            }
            guard item.details.member == nil, item.details.transfer == nil else { return item }
            switch LineSource(id: item.id).kind {
            case .statement, .linked:
                if let account = accounts.account(for: item.details.payment) {
                    item.details.member = account.member
                } else {
                    item.details.member = member.fallback
                }
            case .hand, .typed:
                item.details.member = member.fallback
            case .fixed:
                break
            }
            return item
        }
    }

    /// Records what statements state for the household's accounts: each balance (one of the same day replaced), the
    /// next bill, and every bill stated (`Account.bills`). A statement of no defined account records nothing. A bill
    /// not known before matches the months it may be drawn in again, so a withdrawal of it imported before the card's
    /// statement becomes the card's bill (`CardBills`). Returns the accounts that changed and what matching did.
    @discardableResult
    public func recordStated(_ statements: [StatedAccount]) throws -> StatedRecorded {
        guard store.exists, statements.contains(where: { !$0.balances.isEmpty || $0.bill != nil }) else { return StatedRecorded() }
        return try change { index in
            var accounts = try accounts()
            let before = accounts
            var recorded = StatedRecorded()
            for statement in statements {
                guard let account = accounts.account(for: statement.account) else { continue }
                accounts.update(account.name) { account in
                    for balance in statement.balances { account.state(balance) }
                    // `bill` is a due day: a bill stated only by its month is kept in `bills` alone.
                    if let bill = statement.bill, bill.dated, (account.bill?.date ?? bill.date) <= bill.date { account.bill = bill }
                }
            }
            let billMonths: Set<YearMonth>
            (accounts, billMonths) = accounts.stating(statements)
            recorded.changed = accounts.all.filter { before.account(for: $0.name) != $0 }.map(\.name)
            if accounts != before {
                try store.writeAccounts(accounts)
                recorded.matched = try match(billMonths, in: &index, accounts: accounts)
            }
            return recorded
        }.result
    }
}

/// The items one imported file brings, and how it treats the ids the store already has.
public struct ImportBatch: Sendable {
    public enum Kind: Sendable {
        /// A statement's lines: what the store has is never changed (an item re-filed by hand keeps its category).
        case statement
        /// An app's export: an entry changed in the app updates the item with its id.
        case export
    }

    public var kind: Kind
    public var items: [WireItem]
    /// Ids earlier versions of kakeibo gave a line, by its id today: a stored item under one of them with the
    /// line's date and price is the line already imported (`StatementLine.formerIDs`).
    public var formerIDs: [String: [String]]

    public init(kind: Kind, items: [WireItem], formerIDs: [String: [String]] = [:]) {
        self.kind = kind
        self.items = items
        self.formerIDs = formerIDs
    }
}

/// What an import did (or, in a dry run, would do) with one file's items.
public struct ImportBatchOutcome: Sendable {
    public let added: [Item]
    /// Items the store had already, unchanged (a second import of the file, or the same line from another file).
    public let alreadyThere: Int
    /// Items of an export that came back changed: as they were, and as they are now.
    public let updated: [(before: Item, after: Item)]

    public init(added: [Item], alreadyThere: Int, updated: [(before: Item, after: Item)] = []) {
        self.added = added
        self.alreadyThere = alreadyThere
        self.updated = updated
    }
}

/// What an import of files did (or would do): each file's part, and what matching the lines with the other
/// sources' made of them (merges, transfers), over all the files together.
public struct ImportedFiles: Sendable {
    public let files: [ImportBatchOutcome]
    /// What each card's dump came to, in the order given (each `matched` the import's).
    public var cards: [CardImportOutcome] = []
    /// What matching did, with the bills a card's statement stated found among withdrawals already stored.
    public var matched: MatchOutcome
}

extension Household {
    /// Imports several files' items in one change (or, with `dryRun`, reads the store and changes nothing): an id
    /// the store has is already there (an export's updates it when it changed); a statement line stored under an
    /// id an earlier kakeibo gave it, with its date and price, is already there too; anything else is added. The
    /// same id twice across the files is imported once. Then the lines are matched with the other sources'
    /// (`match`): the dry run says what matching would do, from the same plan. `progress` is called once per item.
    /// Cards' dumps are read into the same change (`readCard`), after the files; with any, a dry run is that change
    /// worked out and not written.
    /// `stated`: what the files' statements state, for a dry run to say which bills it would find (`recordStated`
    /// records them after a real import).
    public func importFiles(
        _ batches: [ImportBatch], cards: [CardBatch] = [], dryRun: Bool, stated: [StatedAccount] = [], progress: () -> Void = {}
    ) throws -> ImportedFiles {
        try Household.checkDates(batches.flatMap { $0.items.map(\.date) })
        // An export's id may come back with a new date: every month is read. A statement's line is always on its date.
        let wholeStore = batches.contains { $0.kind == .export && !$0.items.isEmpty }
        let months = Set(batches.flatMap { $0.items.map(\.date.yearMonth) })
        if dryRun, cards.isEmpty {
            var stored = StoredItems()
            if store.exists {
                let held = Set(try store.months())
                for month in wholeStore ? held.sorted() : months.sorted() where held.contains(month) { stored.add(try store.items(in: month)) }
            }
            let outcomes = ImportPlan.make(batches, stored: stored, now: now, progress: progress).outcomes
            let arriving = outcomes.flatMap { $0.added + $0.updated.map(\.after) }
            return ImportedFiles(files: outcomes, matched: try previewMatch(adding: arriving, stated: stated))
        }
        let body = { (index: inout ItemIndex) throws -> ImportedFiles in
            if wholeStore { try index.loadAll() } else { for month in months.sorted() { try index.load(month) } }
            let plan = ImportPlan.make(batches, stored: StoredItems(index.all), now: now, progress: progress)
            index.reserve(plan.outcomes.reduce(0) { $0 + $1.added.count })
            for outcome in plan.outcomes {
                for item in outcome.added { try index.insert(item) }
                for (_, after) in outcome.updated { try index.replace(after) }
            }
            var read: [CardImportOutcome] = []
            for (number, card) in cards.enumerated() {
                do { read.append(try readCard(card.dump, account: card.account, filing: card.filing, in: &index)) } catch let error
                    as CardIdentityError
                {
                    throw CardBatchError(card: number, problem: error)
                }
            }
            let matched = try match(index.touched, in: &index, accounts: try accounts())
            for number in read.indices { read[number].matched = matched }
            return ImportedFiles(files: plan.outcomes, cards: read, matched: matched)
        }
        return dryRun ? try preview(body) : try change(body).result
    }
}

/// The stored items an import is checked against, by id.
struct StoredItems {
    var byID: [String: Item] = [:]
    /// The items other sources' lines are merged into.
    var leaders = Set<String>()

    init(_ items: [Item] = []) { add(items) }

    mutating func add(_ items: [Item]) {
        byID.reserveCapacity(byID.count + items.count)
        for item in items {
            byID[item.id] = item
            if let into = item.details.merged { leaders.insert(into) }
        }
    }

    /// Whether an item is one purchase with other sources' lines: the file's line is in it already, as it is.
    func isMerged(_ item: Item) -> Bool { item.isMerged || leaders.contains(item.id) }
}

/// What an import does, decided from the stored items alone, so a dry run and the write decide alike.
struct ImportPlan {
    let outcomes: [ImportBatchOutcome]

    static func make(_ batches: [ImportBatch], stored: StoredItems, now: Timestamp, progress: () -> Void) -> ImportPlan {
        var outcomes: [ImportBatchOutcome] = []
        var seen = Set<String>()
        // A former id stands for one line at most: two accounts' lines that shared it, imported after it, are two.
        var claimed = Set<String>()
        for batch in batches {
            var added: [Item] = []
            var alreadyThere = 0
            var updated: [(before: Item, after: Item)] = []
            for wire in batch.items {
                progress()
                guard seen.insert(wire.id).inserted else {
                    alreadyThere += 1
                    continue
                }
                if let old = stored.byID[wire.id] {
                    if batch.kind == .export, WireItem(old) != wire, !stored.isMerged(old) {
                        updated.append((old, wire.item(added: old.added, sync: old.sync.afterLocalChange)))
                    } else {
                        alreadyThere += 1
                    }
                    continue
                }
                let former = (batch.formerIDs[wire.id] ?? []).first { id in
                    guard !claimed.contains(id), let old = stored.byID[id] else { return false }
                    return old.date == wire.date && old.price == wire.price
                }
                if let former {
                    claimed.insert(former)
                    alreadyThere += 1
                    continue
                }
                added.append(wire.item(added: now, sync: .pending))
            }
            outcomes.append(ImportBatchOutcome(added: added, alreadyThere: alreadyThere, updated: updated))
        }
        return ImportPlan(outcomes: outcomes)
    }
}
