import KakeiboStore
import KakeiboValues

extension YearReport {
    /// The year's report, read from whichever of the store's sources can answer it. Summaries know categories only:
    /// with a detail filter, the year's items are read (by calendar month). A year whose months start on another day
    /// is summed from its items, since summaries hold calendar months. Otherwise the summaries alone answer.
    public static func read(
        year: Int, store: LedgerStore, filter: CategoryFilter?, details: DetailFilter, taxonomy: Taxonomy, start: MonthStart
    ) throws -> YearReport {
        if !details.isEmpty {
            return YearReport(
                year: year, items: try store.items(inYear: year).mapValues { $0.filter(details.matches) }, filter: filter, taxonomy: taxonomy,
                start: start)
        }
        if start.isCalendar {
            return YearReport(year: year, summaries: try store.summaries(inYear: year), filter: filter, taxonomy: taxonomy)
        }
        let months = (1...12).compactMap { YearMonth(year: year, month: $0) }
        return YearReport(year: year, summaries: try store.summaries(of: months, start: start), filter: filter, taxonomy: taxonomy, start: start)
    }
}
