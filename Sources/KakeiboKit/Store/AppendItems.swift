extension LedgerStore {
    /// Adds new items to their months in one transaction: all of them land, or (on any failure) none does.
    public func append(_ items: [Item]) throws {
        try write { transaction in
            for (month, group) in Dictionary(grouping: items, by: \.date.yearMonth) {
                try transaction.setItems(try transaction.items(in: month) + group, in: month)
            }
        }
    }
}
