import KakeiboValues

extension LedgerStore {
    /// Adds new items to their months in one transaction: all of them land, or (on any failure) none does.
    public func append(_ items: [Item]) throws {
        try write { transaction in
            for (month, group) in Dictionary(grouping: items, by: \.date.yearMonth) {
                try transaction.setItems(try transaction.items(in: month) + group, in: month)
            }
        }
    }

    /// Adds the items whose ids their month doesn't hold yet, in one transaction; returns those added. (A receipt's
    /// items have ids made from the receipt, so reading it again adds nothing twice.)
    public func appendNew(_ items: [Item]) throws -> [Item] {
        try write { transaction in
            var added: [Item] = []
            for (month, group) in Dictionary(grouping: items, by: \.date.yearMonth).sorted(by: { $0.key < $1.key }) {
                let existing = try transaction.items(in: month)
                let held = Set(existing.map(\.id))
                let new = group.filter { !held.contains($0.id) }
                guard !new.isEmpty else { continue }
                try transaction.setItems(existing + new, in: month)
                added += new
            }
            return added
        }
    }
}
