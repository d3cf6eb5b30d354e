import KakeiboReports
import KakeiboValues

/// Budgets as text: the month's budgets against what was spent, and the list of budgets.
extension TableRenderer {
    /// Budget, spent, what is left and how much is used, marked "over" past the budget, with a bar that fills as
    /// the budget is used (red when over).
    static func budgetsTable(_ statuses: [BudgetStatus], taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        let chart = BarTable(
            columns: [
                .left(language.pick("Budget", "予算")),
                .right(statuses.allSatisfy { $0.standing == .monthly } ? language.pick("Monthly", "月額") : language.pick("Amount", "金額"))
                    .dropping(1),
                .right(language.pick("Spent", "支出")).dropping(2), .right(language.pick("Left", "残り")),
                .right(language.pick("Used", "消化率")).dropping(0),
                .left("").inked(.negative),
            ],
            rows: statuses.map { status in
                [
                    .init(BudgetRenderer.label(status, taxonomy, language)), .init(status.available.formatted(language)),
                    money(status.spent, language), money(status.remaining, language),
                    .init(
                        status.available > .zero ? Labels.percent(Double(status.spent.amount) / Double(status.available.amount)) : "-",
                        status.isOver ? .negative : nil),
                    .init(status.isOver ? language.pick("over", "超過") : status.isAhead ? language.pick("ahead", "注意") : ""),
                ]
            })
        // Narrow terminals keep the name, what is left and the "over" mark longest.
        let steps: [BarTable.Step] = [
            .drop(turn: 0, ifBarBelow: 10), .shortenLabels(atLeast: 6, ifBarBelow: 10), .drop(turn: 1, ifBarBelow: 6),
            .drop(turn: 2, ifBarBelow: 6), .shortenLabels(atLeast: 3, ifBarBelow: 1),
        ]
        let notes = BudgetRenderer.notes(statuses, taxonomy, language).map { truncate($0, to: style.width) + "\n" }.joined()
        return chart.render(style, steps: steps) { width in
            statuses.map { status in
                if status.isOver { return .init(repeated("█", count: width), .negative) }
                let used = status.spent.amount <= 0 ? 0 : cells(Double(status.spent.amount) / Double(status.available.amount), of: width)
                return .init(parts: [(repeated("█", count: used), .positive), (repeated("░", count: width - used), .dim)])
            }
        } + notes
    }

    /// `kakeibo budget list`: each budget with its key, name and monthly amount.
    public static func budgetList(_ budgets: Budgets, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        guard !budgets.isEmpty else {
            return language.pick("No budgets. Set one with 'kakeibo budget set food 30000'.\n", "予算はありません。'kakeibo budget set food 30000' で設定します。\n")
        }
        // A yearly fund or a rolled budget adds a column saying so; the amount is then a month's or the year's.
        let kinds = budgets.entries.contains { $0.cadence != .monthly }
        // Narrow terminals keep the key people type and the kind; the name goes first.
        let name = TextTable.Column.left(language.pick("Budget", "予算")).shrinking()
        var table = TextTable(
            [
                .left(language.pick("Key", "キー")), kinds ? name.dropping() : name,
                .right(kinds ? language.pick("Amount", "金額") : language.pick("Monthly", "月額")),
            ] + (kinds ? [.left(language.pick("Kind", "種類")).shrinking()] : []))
        for budget in budgets.sorted(taxonomy) {
            let kind = budget.cadence == .monthly ? language.pick("monthly", "月") : BudgetRenderer.kind(budget.cadence, language)
            table.add(
                [budget.target.key(taxonomy), budget.target.label(taxonomy, language), budget.amount.formatted(language)].map { TextTable.Cell($0) }
                    + (kinds ? [TextTable.Cell(kind)] : []))
        }
        if let savings = budgets.savings {
            table.add(
                [Budgets.savingsKey, Budgets.savingsName(language), savings.formatted(language)].map { TextTable.Cell($0) }
                    + (kinds ? [TextTable.Cell(language.pick("monthly", "月"))] : []))
        }
        return table.render(style)
    }
}
