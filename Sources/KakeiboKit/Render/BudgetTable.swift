/// Budgets as text: the month's budgets against what was spent, and the list of budgets.
extension TableRenderer {
    /// Budget, spent, what is left and how much is used, marked "over" past the budget, with a bar that fills as
    /// the budget is used (red when over).
    static func budgetsTable(_ statuses: [BudgetStatus], taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        let chart = BarTable(
            header: [
                language.pick("Budget", "予算"), language.pick("Monthly", "月額"), language.pick("Spent", "支出"),
                language.pick("Left", "残り"), language.pick("Used", "消化率"), "",
            ],
            aligns: [.left, .right, .right, .right, .right, .left],
            rows: statuses.map { status in
                [
                    .init(status.target.label(taxonomy, language)), .init(status.budget.formatted(language)),
                    money(status.spent, language), money(status.remaining, language),
                    .init(Labels.percent(Double(status.spent.amount) / Double(status.budget.amount)), status.isOver ? "31" : nil),
                    .init(status.isOver ? language.pick("over", "超過") : "", "31"),
                ]
            })
        // Narrow terminals keep the name, what is left and the "over" mark longest.
        let steps: [BarTable.Step] = [
            .drop([4], ifBarBelow: 10), .shortenLabels(atLeast: 6, ifBarBelow: 10), .drop([1], ifBarBelow: 6),
            .drop([2], ifBarBelow: 6), .shortenLabels(atLeast: 3, ifBarBelow: 1),
        ]
        return chart.render(style, steps: steps) { width in
            statuses.map { status in
                if status.isOver { return .init(repeated("█", count: width), "31") }
                let used = status.spent.amount <= 0 ? 0 : cells(Double(status.spent.amount) / Double(status.budget.amount), of: width)
                return .init(parts: [(repeated("█", count: used), "32"), (repeated("░", count: width - used), "2")])
            }
        }
    }

    /// `kakeibo budget list`: each budget with its key, name and monthly amount.
    public static func budgetList(_ budgets: Budgets, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        guard !budgets.isEmpty else {
            return language.pick("No budgets. Set one with 'kakeibo budget set food 30000'.\n", "予算はありません。'kakeibo budget set food 30000' で設定します。\n")
        }
        var table = TextTable(
            [.left, .left, .right],
            header: [language.pick("Key", "キー"), language.pick("Budget", "予算"), language.pick("Monthly", "月額")])
        table.shrinkable = [1]
        for budget in budgets.sorted(taxonomy) {
            table.add(budget.target.key(taxonomy), budget.target.label(taxonomy, language), budget.amount.formatted(language))
        }
        if let savings = budgets.savings { table.add(Budgets.savingsKey, Budgets.savingsName(language), savings.formatted(language)) }
        return table.render(style)
    }
}
