import KakeiboReports
import KakeiboValues

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
        var lines = statuses.compactMap { status in problem(status, taxonomy, language) }
        if let savings, savings.isShort {
            lines.append(
                language.pick(
                    "short of the savings goal: balance \(savings.balance.formatted(language)) of \(savings.goal.formatted(language))",
                    "貯蓄目標に未達: 収支 \(savings.balance.formatted(language))（目標 \(savings.goal.formatted(language))）"))
        }
        return lines
    }

    /// A budget over (by how much), a rolled one over what it had with the carry, a yearly fund overspent or
    /// ahead of the year; nil when it holds.
    static func problem(_ status: BudgetStatus, _ taxonomy: Taxonomy, _ language: Language) -> String? {
        let key = status.target.key(taxonomy)
        let name = status.target.label(taxonomy, language)
        let spent = status.spent.formatted(language)
        switch status.standing {
        case .monthly:
            guard status.isOver else { return nil }
            return language.pick(
                "over budget: \(key) \(spent) of \(status.budget.formatted(language))",
                "予算超過: \(name) \(spent)（予算 \(status.budget.formatted(language))）")
        case .rolled(let month):
            guard status.isOver else { return nil }
            let over = (month.spent - month.available).formatted(language)
            return language.pick(
                "over budget: \(key) \(spent) of \(month.available.formatted(language)) with the carry (\(Labels.signed(month.carried, language))), over by \(over)",
                "予算超過: \(name) \(spent)（繰越込みの予算 \(month.available.formatted(language))、繰越 \(Labels.signed(month.carried, language))）、\(over) 超過")
        case .yearly(let fund):
            let months = fund.through
            if fund.isOver {
                let over = (fund.spent - fund.amount).formatted(language)
                return language.pick(
                    "yearly fund overspent: \(key) \(spent) of \(fund.amount.formatted(language)) for \(fund.year), over by \(over)",
                    "年の予算を超過: \(name) \(fund.year)年 \(spent)（年の予算 \(fund.amount.formatted(language))）、\(over) 超過")
            }
            guard fund.isAhead else { return nil }
            let ahead = (fund.spent - fund.limitToDate).formatted(language)
            return language.pick(
                "yearly fund on course to be overspent: \(key) \(spent) in \(months) month\(months == 1 ? "" : "s") of \(fund.year), past the share to date and a quarter of the fund (\(fund.limitToDate.formatted(language))) by \(ahead)",
                "年の予算を超えそう: \(name) \(fund.year)年 \(months)か月で \(spent)、経過月分と 4 分の 1（\(fund.limitToDate.formatted(language))）を \(ahead) 上回っています")
        }
    }
}
