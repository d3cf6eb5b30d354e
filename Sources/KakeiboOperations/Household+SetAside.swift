import KakeiboStore
import KakeiboValues

extension Household {
    /// Records the rows a look at these months of the household server set aside, replacing what earlier looks at
    /// them recorded, so `kakeibo check` lists them until the server's rows can be read again.
    public func recordSetAside(_ rows: [SetAsideRow], months: [YearMonth]) throws {
        let entries = rows.compactMap { row in
            row.month.map { SetAsideFile.Entry(id: row.id, month: $0, reason: LocalizedText(en: row.message(in: .en), ja: row.message(in: .ja))) }
        }
        try SetAsideFile(store: store).replace(months: months, with: entries)
    }
}
