import KakeiboReports
import KakeiboStore
import KakeiboValues

/// What `budget set` says, and how a yearly fund or a rolled budget is named in tables and JSON.
public enum BudgetRenderer {
    /// "Budget for Food: ¥30,000 a month", "… ¥240,000 a year (a yearly fund)", "… ¥30,000 a month, rolling over
    /// since 2025-01".
    public static func set(_ budget: Budget, taxonomy: Taxonomy, _ language: Language) -> String {
        let name = budget.target.label(taxonomy, language)
        let amount = budget.amount.formatted(language)
        switch budget.cadence {
        case .monthly: return language.pick("Budget for \(name): \(amount) a month\n", "\(name)の予算: 月 \(amount)\n")
        case .yearly: return language.pick("Budget for \(name): \(amount) a year (a yearly fund)\n", "\(name)の予算: 年 \(amount)（年の予算）\n")
        case .rollover(let steps):
            let since = steps.first?.from.iso ?? ""
            let from = steps.count > 1 ? steps.last.map { language.pick(" from \($0.from.iso)", "（\($0.from.iso) から）") } ?? "" : ""
            return language.pick(
                "Budget for \(name): \(amount) a month\(from), rolling over since \(since)\n",
                "\(name)の予算: 月 \(amount)\(from)、\(since) から繰越\n")
        }
    }

    /// The kind column of `budget list`: "yearly" / "年", "rollover 2025-01" / "繰越 2025-01" (since when), else "".
    static func kind(_ cadence: BudgetCadence, _ language: Language) -> String {
        switch cadence {
        case .monthly: return ""
        case .yearly: return language.pick("yearly", "年")
        case .rollover(let steps): return language.pick("rollover ", "繰越 ") + (steps.first?.from.iso ?? "")
        }
    }

    /// A budget's name in the month's table: "Special (year)" / "特別費（年）", "Food (rolled)" / "食費（繰越）".
    static func label(_ status: BudgetStatus, _ taxonomy: Taxonomy, _ language: Language) -> String {
        let name = status.target.label(taxonomy, language)
        switch status.standing {
        case .monthly: return name
        case .rolled: return name + language.pick(" (rolled)", "（繰越）")
        case .yearly: return name + language.pick(" (year)", "（年）")
        }
    }

    /// Under the month's budgets, a line for each that isn't a plain month's: "Food: ¥30,000, carried +¥4,500" /
    /// "食費: 月 ¥30,000、繰越 +¥4,500", "Special: Jan–Mar ¥95,000, share ¥60,000" / "特別費: 1〜3月 ¥95,000（目安 ¥60,000）".
    static func notes(_ statuses: [BudgetStatus], _ taxonomy: Taxonomy, _ language: Language) -> [String] {
        statuses.compactMap { status in
            let name = terminalSafe(status.target.label(taxonomy, language))
            switch status.standing {
            case .monthly: return nil
            case .rolled(let month):
                return language.pick(
                    "\(name): \(month.budget.formatted(language)), carried \(Labels.signed(month.carried, language))",
                    "\(name): 月 \(month.budget.formatted(language))、繰越 \(Labels.signed(month.carried, language))")
            case .yearly(let fund):
                let months = language.pick(
                    fund.through <= 1 ? Labels.shortMonth(1, language) : "Jan–" + Labels.shortMonth(fund.through, language),
                    fund.through <= 1 ? "1月" : "1〜\(fund.through)月")
                return language.pick(
                    "\(name): \(months) \(fund.spent.formatted(language)), share \(fund.shareToDate.formatted(language))",
                    "\(name): \(months) \(fund.spent.formatted(language))、目安 \(fund.shareToDate.formatted(language))")
            }
        }
    }

    /// The JSON of how a budget counts, added to each budget: `"yearly"` and `"rollover"` (its steps, or null).
    static func cadence(_ cadence: BudgetCadence) -> [(String, JSONValue)] {
        let steps = cadence.steps
        return [
            ("yearly", .bool(cadence == .yearly)),
            (
                "rollover",
                steps.isEmpty ? .null : .array(steps.map { .object([("from", .string($0.from.iso)), ("amount", .integer($0.amount.amount))]) })
            ),
        ]
    }

    /// A month's standing in JSON: `carried` and `available` for every budget, and for a yearly fund `yearToDate`
    /// (`{"through","share","margin","limit","ahead"}`).
    static func standing(_ status: BudgetStatus) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("carried", .integer(status.carried.amount)), ("available", .integer(status.available.amount)),
        ]
        if case .yearly(let fund) = status.standing { members.append(("yearToDate", self.fund(fund))) }
        return members
    }

    static func fund(_ fund: YearlyFund) -> JSONValue {
        .object([
            ("through", .integer(fund.through)), ("spent", .integer(fund.spent.amount)), ("left", .integer(fund.left.amount)),
            ("share", .integer(fund.shareToDate.amount)), ("margin", .integer(fund.margin.amount)), ("limit", .integer(fund.limitToDate.amount)),
            ("over", .bool(fund.isOver)), ("ahead", .bool(fund.isAhead)),
        ])
    }
}
