import KakeiboStore
import KakeiboValues

/// What a rolled budget or a yearly fund needs beyond one month: its spending month by month (under the household's
/// start day), from the months' summaries, or from their items for an allowance (summaries know categories only).
public enum BudgetHistory {
    /// The months a budget needs to be judged in the months up to `last`: a rolled budget's from its first step,
    /// a yearly fund's from January of `last`'s year; none for a monthly budget.
    static func months(_ budget: Budget, through last: YearMonth) -> [YearMonth] {
        switch budget.cadence {
        case .monthly: return []
        case .yearly: return run(from: YearMonth(uncheckedYear: last.year, month: 1), through: last)
        case .rollover(let steps): return steps.first.map { run(from: $0.from, through: last) } ?? []
        }
    }

    /// The months from `first` through `last`, in order (none when `last` is before `first`).
    static func run(from first: YearMonth, through last: YearMonth) -> [YearMonth] {
        var months: [YearMonth] = []
        var month = first
        while month <= last {
            months.append(month)
            guard let next = month.next else { break }
            month = next
        }
        return months
    }

    /// Each non-monthly budget's spending in each month it needs up to `last`; `known` are month files already read.
    public static func spending(
        _ budgets: Budgets, through last: YearMonth, start: MonthStart, store: LedgerStore, taxonomy: Taxonomy,
        known: PeriodFiles? = nil
    ) throws -> [BudgetTarget: [YearMonth: Yen]] {
        let wanted = budgets.entries.map { ($0.target, months($0, through: last)) }.filter { !$0.1.isEmpty }
        guard !wanted.isEmpty else { return [:] }
        let byCategory = wanted.filter { $0.0.countsByCategory }
        let all = Array(Set(byCategory.flatMap(\.1))).sorted()
        let summaries = all.isEmpty ? [:] : try store.summaries(of: all, start: start, known: known?.days ?? [:])
        // Items of other periods are counted from their files: only files read whole are of use.
        var files = known.flatMap { $0.whole ? $0.items : nil } ?? [:]
        var result: [BudgetTarget: [YearMonth: Yen]] = [:]
        for (target, months) in wanted {
            var spent: [YearMonth: Yen] = [:]
            for month in months {
                if target.countsByCategory {
                    spent[month] = (summaries[month]?.sums ?? [:]).reduce(Yen.zero) { sum, entry in
                        target.covers(entry.key) == true && !taxonomy.isIncome(entry.key) ? sum + entry.value.total : sum
                    }
                } else {
                    let period = MonthPeriod(month, start: start)
                    var sum = Yen.zero
                    for file in period.files {
                        if files[file] == nil { files[file] = try store.items(in: file) }
                        for item in files[file] ?? []
                        where item.counts && period.contains(item.date) && !taxonomy.isIncome(item.category) && target.covers(item) {
                            sum = sum + item.price
                        }
                    }
                    spent[month] = sum
                }
            }
            result[target] = spent
        }
        return result
    }
}
