import KakeiboValues

/// Undoing: putting back the files a backed-up change replaced.
extension Backups {

    /// Puts back the files a change replaced — backup `number`, or else the latest change still in effect — under
    /// the store's lock, every month or none. The undo is itself a change, backed up like any other, so it can be
    /// undone in turn (`undo N` with its number). Refused, changing nothing, if a month has changed since in a way
    /// the backups don't hold.
    public func undo(_ number: Int?, time: Timestamp) throws -> UndoOutcome {
        try store.write { transaction in
            let history = try self.history()
            let entry = try history.target(number)
            var outcome = UndoOutcome(entry: entry, backup: try nextNumber())
            outcome.passedOver = number == nil ? history.interrupted(after: entry.number) : []
            var operation = store.operation ?? StoreOperation(name: "undo", time: time)
            operation.undoes = entry.number
            for record in entry.months {
                try transaction.restore(try kept(record, of: entry), in: record.month)
            }
            // The store's other files go back in the same commit as the months (an IC card import changes both).
            for record in entry.files {
                try transaction.setFile(record.name, try kept(record, of: entry))
            }
            transaction.operation = operation
            return outcome
        }
    }
}

/// What `undo` did.
public struct UndoOutcome: Sendable {
    /// The backup put back.
    public var entry: Backups.Entry
    /// The number of the undo's own backup (`undo` with it puts the change back again).
    public var backup: Int
    /// Later backups of changes that never happened (their commands were interrupted), passed over.
    public var passedOver: [Backups.Entry] = []
    /// Later syncs left in effect (what they received is the household's, never undone).
    public var keptSyncs: [Backups.Entry] = []

    package init(entry: Backups.Entry, backup: Int, passedOver: [Backups.Entry] = [], keptSyncs: [Backups.Entry] = []) {
        self.entry = entry
        self.backup = backup
        self.passedOver = passedOver
        self.keptSyncs = keptSyncs
    }
}
