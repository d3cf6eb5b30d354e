extension LedgerStore {
    /// Each named month's totals by category under a start day. A calendar month is its file's kept summary; any
    /// other is summed from the items of the (two) files its days are in, each file read once for the whole run.
    public func summaries(of months: [YearMonth], start: MonthStart) throws(StoreError) -> [YearMonth: MonthSummary] {
        if start.isCalendar { return try summaries(of: months) }
        var files: [YearMonth: [Item]] = [:]
        var result: [YearMonth: MonthSummary] = [:]
        for month in months {
            let period = MonthPeriod(month, start: start)
            var selected: [Item] = []
            for file in period.files {
                if files[file] == nil { files[file] = try items(in: file) }
                selected += (files[file] ?? []).filter { period.contains($0.date) }
            }
            result[month] = MonthSummary(month: month, sums: MonthSummary.sums(of: selected))
        }
        return result
    }
}
