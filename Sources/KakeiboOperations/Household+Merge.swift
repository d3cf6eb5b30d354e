import KakeiboStore
import KakeiboValues

extension Household {
    /// Merges a batch of items into the store in one transaction (an import): a new id is added, a known id updated
    /// in place or moved to its new month, an identical one left alone — and one merged with other sources' lines is
    /// left as it is (the file's line is in it already). Then the months it touched are matched (`match`).
    /// `progress` is called once per item.
    public func merge(_ incoming: [WireItem], progress: () -> Void = {}) throws -> MergeOutcome {
        try Household.checkDates(incoming.map(\.date))
        var (added, updated, moved, unchanged) = (0, 0, 0, 0)
        let months = try change { index in
            // The whole store is read: an id may come back with a new date.
            try index.loadAll()
            index.reserve(incoming.count)
            let merged = Set(index.all.compactMap(\.details.merged))
            for wire in incoming {
                progress()
                guard let old = index.item(wire.id) else {
                    try index.insert(wire.item(added: now, sync: .pending))
                    added += 1
                    continue
                }
                if WireItem(old) == wire || old.isMerged || merged.contains(old.id) {
                    unchanged += 1
                    continue
                }
                try index.replace(wire.item(added: old.added, sync: old.sync.afterLocalChange))
                updated += 1
                if old.date.yearMonth != wire.date.yearMonth { moved += 1 }
            }
            let matched = try match(index.touched, in: &index, accounts: try accounts())
            return (index.touched.sorted(), matched)
        }.result
        return MergeOutcome(
            imported: incoming.count, added: added, updated: updated, moved: moved, unchanged: unchanged, months: months.0, matched: months.1)
    }

    /// The household's accounts (none when there is no accounts file).
    public func accounts() throws -> Accounts {
        guard store.exists else { return Accounts() }
        return try store.read(.accounts)
    }
}

/// What an import did to the household's settings: how many budgets, fixed costs and month notes it set or changed.
public struct SettingsMerged: Hashable, Sendable {
    public let budgets: Int
    public let fixed: Int
    public let notes: Int
}

extension Household {
    /// Merges an export's budgets, fixed costs and notes into the store's, as `merge` does items: one in the file
    /// replaces the one here of the same category (or the savings goal), name or month, and one the file doesn't
    /// have stays. Each of the three files is its own change, kept in its own backup, so `undo` takes them back one
    /// at a time (notes first, then fixed costs, then budgets).
    public func mergeSettings(_ document: ExportDocument, taxonomy: Taxonomy) throws -> SettingsMerged {
        var (budgetsSet, fixedSet, notesSet) = (0, 0, 0)
        if let incoming = document.budgets, !incoming.isEmpty {
            budgetsSet = try store.update(.budgets, taxonomy) { budgets in
                var count = 0
                for budget in incoming.entries where budgets.budget(for: budget.target) != budget {
                    budgets.set(budget)
                    count += 1
                }
                if let savings = incoming.savings, budgets.savings != savings {
                    budgets.savings = savings
                    count += 1
                }
                return count
            }
        }
        if let incoming = document.fixed, !incoming.all.isEmpty || !incoming.skipped.isEmpty {
            fixedSet = try store.update(.fixedCosts) { costs in
                let changed = incoming.all.filter { cost in !costs.all.contains(cost) }
                for cost in changed { costs.add(cost) }
                // A month skipped in the file stays skipped here (a deleted posting is not posted again).
                for skip in incoming.skipped { costs.skip(skip) }
                return changed.count
            }
        }
        if let incoming = document.notes, !incoming.isEmpty {
            // A note from a file keeps the rules of one typed here (length, no control characters).
            for text in incoming.values { _ = try MonthNote.validate(text) }
            notesSet = try store.update(.notes) { notes in
                let changed = incoming.filter { notes[$0.key] != $0.value }
                for (month, text) in changed { notes[month] = text }
                return changed.count
            }
        }
        return SettingsMerged(budgets: budgetsSet, fixed: fixedSet, notes: notesSet)
    }
}
