import KakeiboStore
import KakeiboValues

extension Settlement {
    /// The period's settlement from a store: its spending and (by income) its income, counted as every report counts
    /// them, and the payments recorded for it — which may be dated in any month from the period's first on (December
    /// is settled in January), so those months are read too.
    public static func read(_ store: LedgerStore, period: Period, split: Split?, taxonomy: Taxonomy) throws -> Settlement {
        var items: [Item] = []
        var incomes: [Item] = []
        var payments: [Payment] = []
        // A payment for the period may be filed under its own month or the year's (`SettlePayment.key`).
        let keys = Set([SettlePayment.key(period)] + period.months.map(\.iso))
        let months = Set(period.months).union(try store.months().filter { $0 >= period.months[0] })
        // Each file read once: the period's months for what was spent, every month from its first for the payments.
        for month in months.sorted() {
            let spent = period.months.contains(month)
            for item in try store.items(in: month) {
                if let key = SettlePayment.period(ofID: item.id), keys.contains(key), let payment = Payment(item) { payments.append(payment) }
                // Settling up shares spending: income (a salary paid into one member's account) is not split; by
                // income, it weighs each member's share.
                guard spent, item.counts else { continue }
                if taxonomy.isIncome(item.category) { incomes.append(item) } else { items.append(item) }
            }
        }
        return Settlement(period: period, items: items, split: split, incomes: incomes, payments: payments)
    }
}
