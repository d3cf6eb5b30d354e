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
        ]
    }

    static func savingsValue(_ status: SavingsStatus) -> JSONValue {
        .object([
            ("goal", .integer(status.goal.amount)), ("balance", .integer(status.balance.amount)),
            ("remaining", .integer(status.remaining.amount)), ("met", .bool(status.isMet)), ("finished", .bool(status.finished)),
        ])
    }
}

extension TableRenderer {
    /// "Income ¥300,000 · Balance +¥181,481 · Savings rate 60.5%", the income by subcategory, and the goal;
    /// empty when the month has neither income nor a goal.
    static func incomeSection(_ income: IncomeSummary, balance: Yen, savings: SavingsStatus?, taxonomy: Taxonomy, style: TextStyle) -> String {
        guard income.count > 0 || savings != nil else { return "" }
        let language = style.language
        var out = balanceLine(income, balance: balance, language, width: style.width) + "\n"
        if income.breakdown.count > 1 {
            var table = TextTable([.left, .right], header: [language.pick("Income", "収入"), language.pick("Amount", "金額")])
            table.shrinkable = [0]
            for row in income.breakdown {
                table.add(taxonomy.label(CategoryCode(row.category, row.subcategory), language), row.total.formatted(language))
            }
            out += table.render(style)
        }
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
