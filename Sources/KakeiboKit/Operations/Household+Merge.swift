extension Household {
    /// Merges a batch of items into the store in one transaction (an import): a new id is added, a known id updated
    /// in place or moved to its new month, an identical one left alone. `progress` is called once per item.
    public func merge(_ incoming: [WireItem], progress: () -> Void = {}) throws -> MergeOutcome {
        var outcome = MergeOutcome()
        outcome.imported = incoming.count
        _ = try change { index in
            // The whole store is read: an id may come back with a new date.
            try index.loadAll()
            index.reserve(incoming.count)
            for wire in incoming {
                progress()
                guard let old = index.item(wire.id) else {
                    try index.insert(wire.item(added: now, sync: .pending))
                    outcome.added += 1
                    continue
                }
                if WireItem(old) == wire {
                    outcome.unchanged += 1
                    continue
                }
                try index.replace(wire.item(added: old.added, sync: old.sync.afterLocalChange))
                outcome.updated += 1
                if old.date.yearMonth != wire.date.yearMonth { outcome.moved += 1 }
            }
            outcome.months = index.touched.sorted()
        }
        return outcome
    }
}
