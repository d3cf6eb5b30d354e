import KakeiboReports
import KakeiboStore
import KakeiboValues

/// The income half of a month: what came in, the balance (収支), the savings rate and the savings goal.
extension JSONRenderer {
    /// `income`, `incomeBreakdown`, `incomeItems`, `balance`, `savingsRate` (null without income) and `savings`
    /// (`{"goal","balance","remaining","met","finished"}`, null without a goal).
    static func income(_ report: MonthReport, _ taxonomy: Taxonomy, _ language: Language, savings: SavingsStatus?) -> [(String, JSONValue)] {
        [
            ("income", .integer(report.income.total.amount)),
            ("incomeBreakdown", .array(report.income.breakdown.map { row($0, .subcategory(of: $0.category), taxonomy, language) })),
            ("incomeItems", .array(report.income.items.map { item($0, taxonomy) })),
            ("balance", .integer(report.balance.amount)),
            ("savingsRate", report.savingsRate.map { .number(shareValue($0)) } ?? .null),
            ("savings", savings.map(savingsValue) ?? .null),
            ("transfers", transfersValue(report.transfers, taxonomy)),
        ]
    }

    /// `{"total","count","items":[item…]}`: money moved between the household's accounts, never spending or income
    /// (each item's `payment` is where it left, `transfer` where it went).
    public static func transfersValue(_ transfers: TransferSummary, _ taxonomy: Taxonomy) -> JSONValue {
        .object([
            ("total", .integer(transfers.total.amount)), ("count", .integer(transfers.count)),
            ("items", .array(transfers.items.map { item($0, taxonomy) })),
        ])
    }

    static func savingsValue(_ status: SavingsStatus) -> JSONValue {
        .object([
            ("goal", .integer(status.goal.amount)), ("balance", .integer(status.balance.amount)),
            ("remaining", .integer(status.remaining.amount)), ("met", .bool(status.isMet)), ("finished", .bool(status.finished)),
        ])
    }
}

extension TableRenderer {
    /// "Transfers ¥87,555 · 4 (between your accounts, not spending)"; empty without any.
    static func transfersLine(_ transfers: TransferSummary, _ language: Language) -> String {
        guard transfers.count > 0 else { return "" }
        return language.pick(
            "Transfers \(transfers.total.formatted(language)) · \(transfers.count) (between your accounts, not spending: --transfers lists them)",
            "振替 \(transfers.total.formatted(language)) · \(transfers.count) 件（口座間の移動で支出ではありません。--transfers で一覧）") + "\n\n"
    }

    /// `month --transfers`: each transfer, from which account to which.
    public static func transfers(_ report: MonthReport, style: TextStyle) -> String {
        let language = style.language
        let period = Labels.month(report.month, language) + Labels.range(report.period)
        guard report.transfers.count > 0 else {
            return language.pick("\(period): no transfers\n", "\(period): 振替はありません\n")
        }
        var table = TextTable([
            .left(language.pick("Date", "日付")), .left(language.pick("From", "出金元")).shrinking(1), .left(language.pick("To", "入金先")).shrinking(2),
            .right(language.pick("Amount", "金額")), .left(language.pick("Name", "品名")).shrinking(0),
        ])
        for item in report.transfers.items {
            table.add(
                item.date.iso, terminalSafe(item.details.payment ?? ""), terminalSafe(item.details.transfer ?? ""), item.price.formatted(language),
                terminalSafe(item.name))
        }
        return period + "\n" + table.render(style)
            + language.pick(
                "Transfers \(report.transfers.total.formatted(language)) · \(report.transfers.count)\n",
                "振替 \(report.transfers.total.formatted(language)) · \(report.transfers.count) 件\n")
    }

    /// "Income ¥300,000 · Balance +¥181,481 · Savings rate 60.5%", the income by subcategory, its items and the
    /// goal; empty when the month has neither income nor a goal.
    static func incomeSection(_ report: MonthReport, ids: [String: String], savings: SavingsStatus?, taxonomy: Taxonomy, style: TextStyle) -> String {
        let income = report.income
        guard income.count > 0 || savings != nil else { return "" }
        let language = style.language
        var out = balanceLine(income, balance: report.balance, language, width: style.width) + "\n"
        if income.breakdown.count > 1 {
            var table = TextTable([.left(language.pick("Income", "収入")).shrinking(), .right(language.pick("Amount", "金額"))])
            for row in income.breakdown {
                table.add(taxonomy.label(CategoryCode(row.category, row.subcategory), language), row.total.formatted(language))
            }
            out += table.render(style) + "\n"
        }
        if !income.items.isEmpty { out += itemsTable(income.items, report.filter, ids: ids, taxonomy: taxonomy, style: style) }
        if let savings { out += savingsLine(savings, language) + "\n" }
        return out + "\n"
    }

    /// The balance line, shown in the month, the year, the review and the charts' titles: its parts joined by " · ",
    /// folded onto more lines where they don't fit `width` (every line of a table fits the terminal; so does this).
    static func balanceLine(_ income: IncomeSummary, balance: Yen, _ language: Language, width: Int) -> String {
        var parts = [
            language.pick("Income ", "収入 ") + income.total.formatted(language), language.pick("Balance ", "収支 ") + Labels.signed(balance, language),
        ]
        if let rate = income.savingsRate(balance: balance) { parts.append(language.pick("Savings rate ", "貯蓄率 ") + Labels.percent(rate)) }
        return Labels.fold(parts, width: width)
    }

    /// "Savings goal ¥50,000: met" / "貯蓄目標 50,000円: あと 12,000円".
    static func savingsLine(_ status: SavingsStatus, _ language: Language) -> String {
        let head = Budgets.savingsName(language) + " " + status.goal.formatted(language) + ": "
        if status.isMet { return head + language.pick("met", "達成") }
        let gap = status.remaining.formatted(language)
        return head + (status.finished ? language.pick("short by \(gap)", "\(gap) 不足") : language.pick("\(gap) to go", "あと \(gap)"))
    }
}
