import KakeiboStore
import KakeiboValues

extension Settlement {
    /// The period's settlement from a store: its spending and (by income) its income, counted as every report counts
    /// them, and the payments recorded for it — which may be dated in any month from the period's first on (December
    /// is settled in January), so those months are read too.
    public static func read(_ store: LedgerStore, period: Period, split: Split?, taxonomy: Taxonomy) throws -> Settlement {
        var items: [Item] = []
        var incomes: [Item] = []
        // Settling up shares spending: income (a salary paid into one member's account) is not split; by income,
        // it weighs each member's share.
        for month in period.months {
            for item in try store.items(in: month) {
                guard item.counts else { continue }
                if taxonomy.isIncome(item.category) { incomes.append(item) } else { items.append(item) }
            }
        }
        let payments = try recordedPayments(store, for: period)
        return Settlement(period: period, items: items, split: split, incomes: incomes, payments: payments)
    }

    /// The payments recorded for `period`: for a year, those for the year and for each of its months.
    static func recordedPayments(_ store: LedgerStore, for period: Period) throws -> [Payment] {
        let keys = Set([SettlePayment.key(period)] + period.months.map(\.iso))
        let first = period.months[0]
        var payments: [Payment] = []
        for month in try store.months() where month >= first {
            for item in try store.items(in: month) {
                guard let key = SettlePayment.period(ofID: item.id), keys.contains(key), let payment = Payment(item) else { continue }
                payments.append(payment)
            }
        }
        return payments
    }
}
