import KakeiboValues

extension LedgerStore {
    /// Each named month's totals by category under a start day. A calendar month is its file's kept summary; any
    /// other is summed from the day-by-day sums of the (two) files its days are in (kept in their summaries, else
    /// worked out from their items), each file read once for the whole run; a file whose items the caller has
    /// already read (`known`) is summed from them and not read again.
    public func summaries(of months: [YearMonth], start: MonthStart, known: [YearMonth: [Item]] = [:]) throws(StoreError) -> [YearMonth:
        MonthSummary]
    {
        if start.isCalendar { return try summaries(of: months) }
        var files = known.mapValues { _ in DaySums() }
        for (file, items) in known { files[file] = DaySums(month: file, items: items) }
        var result: [YearMonth: MonthSummary] = [:]
        for month in months {
            let period = MonthPeriod(month, start: start)
            var sums: [CategoryCode: MonthSummary.Sum] = [:]
            for file in period.files {
                if files[file] == nil { files[file] = try daySums(of: file) }
                let days = files[file] ?? DaySums()
                for (code, sum) in days.sums(in: period.days(in: file)) { sums[code, default: .zero] += sum }
            }
            result[month] = MonthSummary(month: month, sums: sums)
        }
        return result
    }
}
