import KakeiboKit

/// The balance a layout's file states after each row (残高, 残額, Balance): what the account held before the file's
/// oldest row and after its newest, when the balances follow the rows.
extension LayoutReader {
    /// A row's balance after it, as the file states it, and what the row did to it.
    struct BalanceRow {
        var row: Int
        var date: CalendarDate
        var yearless: Bool
        var effect: Int
        var balance: Int
    }

    /// The column a file states the balance after each row in, when the layout names none: the first whose name says
    /// 残高 or 残額 (not a card's 繰越残高, Zaim's 残高調整 or PayPal's 残高への影響) or Balance.
    static func balanceColumn(_ header: CSVRecord) -> Layout.Column? {
        header.fields.lazy.map(trimWhitespace).first { name in
            ((name.contains("残高") || name.contains("残額")) && !["繰越", "調整", "影響"].contains(where: name.contains)) || name.lowercased() == "balance"
        }.map { .name($0) }
    }

    /// What the file states the account held: before its oldest row and after its newest, when its balances follow
    /// its rows one to the next (oldest or newest row first); nothing when they don't, or the newest row's date has
    /// no year a line gave it.
    static func stated(_ rows: [BalanceRow], lines: [StatementLine]) -> [StatedBalance] {
        guard rows.count >= 2 else { return [] }
        let pairs = zip(rows, rows.dropFirst())
        let oldestFirst = pairs.allSatisfy { older, newer in older.balance.addingReportingOverflow(newer.effect) == (newer.balance, false) }
        let newestFirst = pairs.allSatisfy { newer, older in older.balance.addingReportingOverflow(newer.effect) == (newer.balance, false) }
        guard oldestFirst != newestFirst, let oldest = oldestFirst ? rows.first : rows.last, let newest = oldestFirst ? rows.last : rows.first
        else { return [] }
        func date(_ row: BalanceRow) -> CalendarDate? { row.yearless ? lines.first { $0.row == row.row }?.date : row.date }
        var balances: [StatedBalance] = []
        if let day = date(oldest), let before = day.adding(days: -1),
            case (let amount, false) = oldest.balance.subtractingReportingOverflow(oldest.effect)
        {
            balances.append(StatedBalance(date: before, amount: Yen(amount)))
        }
        if let day = date(newest) { balances.append(StatedBalance(date: day, amount: Yen(newest.balance))) }
        return balances
    }
}
