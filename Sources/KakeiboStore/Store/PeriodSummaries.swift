import KakeiboValues

/// The month files a period's days are in, as read for it: a calendar month's file whole; of a file the period covers
/// only part of, the items on its days and the file's sums day by day (what the periods either side take from it).
public struct PeriodFiles: Sendable {
    public let period: MonthPeriod
    /// Each file's items: every item of a calendar month's, the items on the period's days of any other.
    public let items: [YearMonth: [Item]]
    /// The sums day by day of each file the period covers only part of.
    public let days: [YearMonth: DaySums]

    /// The items, file by file.
    public var all: [Item] { period.files.flatMap { items[$0] ?? [] } }
    /// Whether `items` holds every item of its files.
    public var whole: Bool { days.isEmpty }
}

extension LedgerStore {
    /// The files a period's days are in, each read once.
    public func files(of period: MonthPeriod) throws(StoreError) -> PeriodFiles {
        var items: [YearMonth: [Item]] = [:]
        var days: [YearMonth: DaySums] = [:]
        for file in period.files {
            if period.start.isCalendar {
                items[file] = try self.items(in: file)
            } else {
                (items[file], days[file]) = try self.items(in: file, days: period.days(in: file))
            }
        }
        return PeriodFiles(period: period, items: items, days: days)
    }

    /// Each named month's totals by category under a start day. A calendar month is its file's kept summary; any
    /// other is summed from the day-by-day sums of the (two) files its days are in (kept in their summaries, else
    /// worked out from their items), each file read once for the whole run; the days of files the caller has already
    /// read (`known`) are not read again.
    public func summaries(of months: [YearMonth], start: MonthStart, known: [YearMonth: DaySums] = [:]) throws(StoreError) -> [YearMonth:
        MonthSummary]
    {
        if start.isCalendar { return try summaries(of: months) }
        var files = known
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
