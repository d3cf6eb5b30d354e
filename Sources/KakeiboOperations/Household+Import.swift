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

extension Household {
    /// Gives the lines of a file their members: `--member` gives every line its member; otherwise a line keeps the
    /// member its source gave it (a rule's, the statement's 利用者); a statement's or MoneyForward's line takes its
    /// account's (none for a joint account), and only a line whose payment names no account — or one a person typed,
    /// as Zaim's are — takes this machine's member. Transfers are nobody's. A member taken from the account or this
    /// machine is marked so (`memberFrom`): it follows the account's member whenever the account names one.
    public static func prepared(_ items: [WireItem], member: ImportMember, accounts: Accounts) -> [WireItem] {
        items.map { item in
            var item = item
            if let forced = member.forced {
                item.details.member = forced
                item.details.memberFrom = nil
                return item
            }
            guard item.details.member == nil, item.details.transfer == nil else { return item }
            switch LineSource(id: item.id).kind {
            case .statement, .linked:
                if let account = accounts.account(for: item.details.payment) {
                    item.details.member = account.member
                    item.details.memberFrom = account.member == nil ? nil : .account
                } else {
                    item.details.member = member.fallback
                    item.details.memberFrom = member.fallback == nil ? nil : .machine
                }
            case .hand, .typed:
                item.details.member = member.fallback
            case .fixed:
                break
            }
            return item
        }
    }
}

/// The items one imported file brings, and how it treats the ids the store already has.
public struct ImportBatch: Sendable {
    public enum Kind: Sendable {
        /// A statement's lines (read in their own months).
        case statement
        /// An app's export: an id may come back with a new date, so every month is read.
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
    /// Items the store had already (a second import of the file, or the same line from another file), left as they
    /// are, `kept` among them.
    public let alreadyThere: Int
    /// Lines the store has that the file gives otherwise: kept as the store has them, the file's version shown.
    public let kept: [KeptLine]
    /// Lines the user deleted, or moved to another month, here or by a sync: not brought back.
    public let removedHere: Int

    public init(added: [Item], alreadyThere: Int, kept: [KeptLine] = [], removedHere: Int = 0) {
        self.added = added
        self.alreadyThere = alreadyThere
        self.kept = kept
        self.removedHere = removedHere
    }
}

/// A line an import found in the store, as the store keeps it (the user's edits, a split, a move), and as the file
/// now gives it: an import changes nothing the user changed, and shows what the file says instead.
public struct KeptLine: Sendable, Equatable {
    public let kept: Item
    public let file: Item

    public init(kept: Item, file: Item) {
        self.kept = kept
        self.file = file
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
    /// the store has is already there and left as it is — edited, split by `unmerge` or merged, it is the user's or
    /// matching's now (where the file gives it otherwise, the outcome shows both: `KeptLine`); an id the user deleted
    /// or moved to another month (`removed.json`) is not brought back; a statement line stored under an
    /// id an earlier kakeibo gave it, with its date and price, is already there too; anything else is added. The
    /// same id twice across the files is imported once. Then the lines are matched with the other sources'
    /// (`match`): the dry run says what matching would do, from the same plan. `progress` is called once per item.
    /// Cards' dumps are read into the same change (`readCard`), after the files; with any, a dry run is that change
    /// worked out and not written.
    /// `stated`: what the files' statements state: a dry run says which bills it would find, an import records them
    /// (`recordStated`, with each card's balance) in its change.
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
                stored.removed = Set(try store.read(.removedLines))
            }
            let outcomes = ImportPlan.make(batches, stored: stored, now: now, progress: progress).outcomes
            let arriving = outcomes.flatMap(\.added)
            var matched = try previewMatch(adding: arriving, stated: stated)
            let changed = Set(matched.touchedIDs)
            matched.possibleTransfers = try possibleTransfers(arriving.filter { !changed.contains($0.id) })
            return ImportedFiles(files: outcomes, matched: matched)
        }
        let body = { (index: inout ItemIndex) throws -> ImportedFiles in
            if wholeStore { try index.loadAll() } else { for month in months.sorted() { try index.load(month) } }
            var stored = StoredItems(index.all)
            stored.removed = Set(try RemovedLines.read(&index, store))
            let plan = ImportPlan.make(batches, stored: stored, now: now, progress: progress)
            index.reserve(plan.outcomes.reduce(0) { $0 + $1.added.count })
            for outcome in plan.outcomes {
                for item in outcome.added { try index.insert(item) }
            }
            var read: [CardImportOutcome] = []
            for (number, card) in cards.enumerated() {
                do { read.append(try readCard(card.dump, account: card.account, filing: card.filing, in: &index)) } catch let error
                    as CardIdentityError
                {
                    throw CardBatchError(card: number, problem: error)
                }
            }
            // What the statements (and the cards' newest records) state, recorded in the same change; the months of
            // bills new to the accounts are matched with the lines.
            let cardBalances = read.compactMap { outcome in
                outcome.balance.map {
                    StatedAccount(account: outcome.card.account, balances: [StatedBalance(date: $0.date, amount: Yen($0.yen))], bill: nil)
                }
            }
            // A dry run's change is never written, but the accounts file would be: it records nothing.
            let accounts = dryRun ? try accounts() : nil
            let recorded = dryRun ? StatedRecorded() : try recordStated(stated + cardBalances, in: &index)
            var matched = try match(index.touched.union(recorded.billMonths), in: &index, accounts: accounts ?? recorded.accounts)
            matched.possibleTransfers = try possibleTransfers(plan.outcomes.flatMap(\.added).compactMap { index.item($0.id) })
            for number in read.indices { read[number].matched = matched }
            return ImportedFiles(files: plan.outcomes, cards: read, matched: matched)
        }
        return dryRun ? try preview(body) : try change(body).result
    }
}

extension Household {
    /// The lines, as matching left them, that may be moves to a place of the household's own (`PossibleTransfer`).
    func possibleTransfers(_ lines: [Item]) throws -> [PossibleTransfer] {
        let accounts = try accounts()
        guard !accounts.isEmpty else { return [] }
        let taxonomy = self.taxonomy
        return lines.compactMap { PossibleTransfer.of($0, accounts: accounts, isIncome: { taxonomy.isIncome($0) }) }
    }
}

/// The stored items an import is checked against, by id.
struct StoredItems {
    var byID: [String: Item] = [:]
    /// The items other sources' lines are merged into.
    var leaders = Set<String>()
    /// The ids the user deleted or moved to another month (`RemovedLines`).
    var removed = Set<String>()

    init(_ items: [Item] = []) { add(items) }

    mutating func add(_ items: [Item]) {
        byID.reserveCapacity(byID.count + items.count)
        for item in items {
            byID[item.id] = item
            if let into = item.details.merged { leaders.insert(into) }
        }
    }

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
            var kept: [KeptLine] = []
            var removedHere = 0
            for wire in batch.items {
                progress()
                guard seen.insert(wire.id).inserted else {
                    alreadyThere += 1
                    continue
                }
                if let old = stored.byID[wire.id] {
                    alreadyThere += 1
                    // What an app's export says of the line, beside what the store keeps (a split's bookkeeping aside):
                    // shown for a line counted on its own (a merged line holds the purchase's values, a transfer
                    // matching's), of an export (a statement's lines are filed by today's rules).
                    var file = wire.item(added: old.added, sync: old.sync)
                    (file.details.merged, file.details.apart, file.details.transfer) = (old.details.merged, old.details.apart, old.details.transfer)
                    if file.details.member == old.details.member { file.details.memberFrom = old.details.memberFrom }
                    if batch.kind == .export, !old.isTransfer, !old.isMerged, !stored.leaders.contains(old.id), WireItem(file) != WireItem(old) {
                        kept.append(KeptLine(kept: old, file: file))
                    }
                    continue
                }
                if stored.removed.contains(wire.id) {
                    removedHere += 1
                    continue
                }
                let former = (batch.formerIDs[wire.id] ?? []).first { id in
                    guard !claimed.contains(id), let old = stored.byID[id] else { return false }
                    return old.date == wire.date && (old.price == wire.price || ImportPlan.rest(of: wire, without: old.price) != nil)
                }
                if let former {
                    claimed.insert(former)
                    // A purchase paid in parts whose one part is stored under its old id: the rest is what is new.
                    if let old = stored.byID[former], old.price != wire.price, let rest = ImportPlan.rest(of: wire, without: old.price) {
                        added.append(rest.item(added: now, sync: .pending))
                    } else {
                        alreadyThere += 1
                    }
                    continue
                }
                added.append(wire.item(added: now, sync: .pending))
            }
            outcomes.append(ImportBatchOutcome(added: added, alreadyThere: alreadyThere, kept: kept, removedHere: removedHere))
        }
        return ImportPlan(outcomes: outcomes)
    }

    /// A purchase paid in parts (`ItemDetails.legs`) without the part of `price` (its own account's, else a leg's):
    /// what an earlier kakeibo, which kept one row of it under the purchase's old id, lacks. Nil when no part is that
    /// price.
    static func rest(of wire: WireItem, without price: Yen) -> WireItem? {
        let legs = wire.details.legs
        guard !legs.isEmpty else { return nil }
        var rest = wire
        rest.price = wire.price - price
        if PaymentLeg.ownPart(of: wire.price, legs: legs) == price {
            rest.details.payment = legs[0].payment
            rest.details.legs = Array(legs.dropFirst())
        } else if let leg = legs.firstIndex(where: { $0.price == price }) {
            rest.details.legs.remove(at: leg)
        } else {
            return nil
        }
        return rest
    }
}
