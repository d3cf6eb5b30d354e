/// What `--check-budget` says on stderr: that there is nothing to check, or one line per budget that is over and
/// one for a finished month short of its savings goal.
public enum BudgetCheckRenderer {
    /// No budget and no savings goal is set.
    public static func nothingToCheck(_ language: Language) -> String {
        language.pick(
            "no budgets to check; set one with 'kakeibo budget set CAT AMOUNT'", "確認する予算がありません。'kakeibo budget set CAT AMOUNT' で設定します")
    }

    /// One line per problem; empty when every budget holds and the goal (if any) is met.
    public static func problems(_ statuses: [BudgetStatus], savings: SavingsStatus?, taxonomy: Taxonomy, _ language: Language) -> [String] {
        var lines = statuses.filter(\.isOver).map { status in
            language.pick(
                "over budget: \(status.target.key(taxonomy)) \(status.spent.formatted(language)) of \(status.budget.formatted(language))",
                "予算超過: \(status.target.label(taxonomy, language)) \(status.spent.formatted(language))（予算 \(status.budget.formatted(language))）")
        }
        if let savings, savings.isShort {
            lines.append(
                language.pick(
                    "short of the savings goal: balance \(savings.balance.formatted(language)) of \(savings.goal.formatted(language))",
                    "貯蓄目標に未達: 収支 \(savings.balance.formatted(language))（目標 \(savings.goal.formatted(language))）"))
        }
        return lines
    }
}
