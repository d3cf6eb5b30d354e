import KakeiboStore
import KakeiboValues

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
}

extension Household {
    /// Imports several files' items in one change (or, with `dryRun`, reads the store and changes nothing): an id
    /// the store has is already there (an export's updates it when it changed); a statement line stored under an
    /// id an earlier kakeibo gave it, with its date and price, is already there too; anything else is added. The
    /// same id twice across the files is imported once. `progress` is called once per item.
    public func importFiles(_ batches: [ImportBatch], dryRun: Bool, progress: () -> Void = {}) throws -> [ImportBatchOutcome] {
        // An export's id may come back with a new date: every month is read. A statement's line is always on its date.
        let wholeStore = batches.contains { $0.kind == .export && !$0.items.isEmpty }
        let months = Set(batches.flatMap { $0.items.map(\.date.yearMonth) })
        if dryRun {
            var stored = StoredItems()
            for month in wholeStore ? try store.months() : months.sorted() { stored.add(try store.items(in: month)) }
            return ImportPlan.make(batches, stored: stored, now: now, progress: progress).outcomes
        }
        return try change { index in
            if wholeStore { try index.loadAll() } else { for month in months.sorted() { try index.load(month) } }
            let plan = ImportPlan.make(batches, stored: StoredItems(index.all), now: now, progress: progress)
            index.reserve(plan.outcomes.reduce(0) { $0 + $1.added.count })
            for outcome in plan.outcomes {
                for item in outcome.added { try index.insert(item) }
                for (_, after) in outcome.updated { try index.replace(after) }
            }
            return plan.outcomes
        }.result
    }
}

/// The stored items an import is checked against, by id.
struct StoredItems {
    var byID: [String: Item] = [:]

    init(_ items: [Item] = []) { add(items) }

    mutating func add(_ items: [Item]) {
        byID.reserveCapacity(byID.count + items.count)
        for item in items { byID[item.id] = item }
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
            var updated: [(before: Item, after: Item)] = []
            for wire in batch.items {
                progress()
                guard seen.insert(wire.id).inserted else {
                    alreadyThere += 1
                    continue
                }
                if let old = stored.byID[wire.id] {
                    if batch.kind == .export, WireItem(old) != wire {
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
