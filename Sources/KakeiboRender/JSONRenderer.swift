import KakeiboReports
import KakeiboStore
import KakeiboValues

/// Reports as one JSON document for other programs. Money is integer yen, dates "YYYY-MM-DD", categories keys;
/// only `label` follows the chosen language.
/// Published keys are never renamed; new ones may be added.
public enum JSONRenderer {
    /// The month; `budgets` adds how each budget stands (`"budgets": []` when none apply).
    public static func month(
        _ report: MonthReport, taxonomy: Taxonomy, language: Language, budgets: [BudgetStatus] = [], savings: SavingsStatus? = nil
    ) -> String {
        render(
            .object(
                [
                    ("year", .integer(report.month.year)),
                    ("month", .integer(report.month.month)),
                    ("category", filterCategory(report.filter, taxonomy)),
                    ("subcategory", filterSubcategory(report.filter, taxonomy)),
                    ("total", .integer(report.total.amount)),
                    ("count", .integer(report.count)),
                    ("breakdown", .array(report.breakdown.map { row($0, report.grouping, taxonomy, language) })),
                    ("budgets", .array(budgets.map { budget($0, taxonomy, language) })),
                    ("items", .array(report.items.map { item($0, taxonomy) })),
                ] + monthContext(report, taxonomy, language) + income(report, taxonomy, language, savings: savings)
                    + monthPeriod(report, taxonomy)))
    }

    /// The days the month covers, and (when planned) its fixed costs to come and the forecast for its end.
    static func monthPeriod(_ report: MonthReport, _ taxonomy: Taxonomy) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("first", .string(report.period.first.iso)), ("last", .string(report.period.last.iso))]
        if let plan = report.plan {
            members.append(("planned", FixedRenderer.planned(plan.planned, taxonomy)))
            members.append(("plannedTotal", .integer(plan.plannedTotal.amount)))
            members.append(("plannedIncome", FixedRenderer.planned(plan.plannedIncome, taxonomy)))
            members.append(("plannedIncomeTotal", .integer(plan.plannedIncomeTotal.amount)))
            members.append(("forecast", plan.forecast.map { .integer($0.amount) } ?? .null))
        }
        return members
    }

    /// The year; `outlook` adds its funds, rolled budgets and planned costs (`yearOutlook`), and each month's planned.
    public static func year(_ report: YearReport, taxonomy: Taxonomy, language: Language, outlook: YearOutlook? = nil) -> String {
        let months = report.months.map { month -> JSONValue in
            .object(
                [
                    ("month", .integer(month.month)),
                    ("first", .string(MonthPeriod(YearMonth(uncheckedYear: report.year, month: month.month), start: report.start).first.iso)),
                    ("last", .string(MonthPeriod(YearMonth(uncheckedYear: report.year, month: month.month), start: report.start).last.iso)),
                    ("total", .integer(month.total.amount)),
                    ("count", .integer(month.count)),
                    ("breakdown", .array(month.breakdown.map { row($0, report.grouping, taxonomy, language) })),
                    ("income", .integer(month.income.amount)),
                    ("balance", .integer(month.balance.amount)),
                ] + (outlook.map { yearMonthPlanned($0, month: month.month, taxonomy) } ?? []))
        }
        return render(
            .object(
                [
                    ("year", .integer(report.year)),
                    ("category", filterCategory(report.filter, taxonomy)),
                    ("subcategory", filterSubcategory(report.filter, taxonomy)),
                    ("total", .integer(report.total.amount)),
                    ("count", .integer(report.count)),
                    ("breakdown", .array(report.breakdown.map { row($0, report.grouping, taxonomy, language) })),
                    ("months", .array(months)),
                    ("income", .integer(report.income.total.amount)),
                    ("incomeBreakdown", .array(report.income.breakdown.map { row($0, .subcategory(of: $0.category), taxonomy, language) })),
                    ("balance", .integer(report.balance.amount)),
                    ("savingsRate", report.savingsRate.map { .number(shareValue($0)) } ?? .null),
                    ("first", .string(MonthPeriod(YearMonth(uncheckedYear: report.year, month: 1), start: report.start).first.iso)),
                    ("last", .string(MonthPeriod(YearMonth(uncheckedYear: report.year, month: 12), start: report.start).last.iso)),
                ] + (outlook.map { yearOutlook($0, taxonomy, language) } ?? [])))
    }

    /// The taxonomy in the same shape as a categories file, so it can be saved, edited and used as one.
    public static func categories(_ taxonomy: Taxonomy) -> String {
        String(decoding: TaxonomyCodec.encode(taxonomy), as: UTF8.self)
    }

    public static func render(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        value.write(to: &writer)
        writer.raw("\n")
        return writer.text
    }

    /// One item: `{"id","date","name","price","category","subcategory","synced","payment","shop","memo","member","personal","reimbursed","tags"}`; `synced` is whether the household
    /// server has this very version of it.
    public static func item(_ item: Item, _ taxonomy: Taxonomy) -> JSONValue {
        // Built in one array of the right size: a big month's JSON is thousands of these.
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(12)
        members.append(("id", .string(item.id)))
        members.append(("date", .string(item.date.iso)))
        members.append(("name", .string(item.name)))
        members.append(("price", .integer(item.price.amount)))
        members.append(("category", .string(taxonomy.key(category: item.category.category))))
        members.append(
            ("subcategory", item.category.subcategory.map { .string(taxonomy.key(category: item.category.category, subcategory: $0)) } ?? .null))
        members.append(("synced", .bool(item.sync == .synced)))
        appendDetails(item.details, to: &members)
        return .object(members)
    }

    /// An item's details: `payment`, `shop`, `memo`, `member`, `reimbursed` (null when absent), `personal`,
    /// `tags` (an array, empty for none), and `transfer`: for a transfer, the account the money went to (`payment`
    /// is the one it left), else null; `legs` (`[{"payment","price"}]`) only for a purchase paid in parts.
    static func appendDetails(_ details: ItemDetails, to members: inout [(String, JSONValue)]) {
        members.append(("payment", details.payment.map(JSONValue.string) ?? .null))
        members.append(("shop", details.shop.map(JSONValue.string) ?? .null))
        members.append(("memo", details.memo.map(JSONValue.string) ?? .null))
        members.append(("member", details.member.map(JSONValue.string) ?? .null))
        members.append(("personal", .bool(details.personal)))
        members.append(("reimbursed", details.reimbursed.map { .integer($0.amount) } ?? .null))
        members.append(("tags", .array(details.tags.map(JSONValue.string))))
        members.append(("transfer", details.transfer.map(JSONValue.string) ?? .null))
        // Only for a purchase paid in parts: the parts other accounts paid, `payment` paying the rest of `price`.
        if !details.legs.isEmpty {
            members.append(
                ("legs", .array(details.legs.map { .object([("payment", .string($0.payment)), ("price", .integer($0.price.amount))]) })))
        }
    }

    /// `kakeibo budget list`: `{"budgets":[{"category","subcategory","label","budget","yearly","rollover"}],"savings":N|null}`;
    /// `budget` is the year's for a yearly fund, and `rollover` a rolled budget's steps (`[{"from","amount"}]`) or null.
    public static func budgetList(_ budgets: Budgets, taxonomy: Taxonomy, language: Language) -> String {
        render(
            .object([
                (
                    "budgets",
                    .array(
                        budgets.sorted(taxonomy).map {
                            .object(
                                target($0.target, taxonomy, language) + [("budget", .integer($0.amount.amount))] + BudgetRenderer.cadence($0.cadence))
                        })
                ),
                ("savings", budgets.savings.map { .integer($0.amount) } ?? .null),
            ]))
    }

    /// One budget in a month: `{"category","subcategory","label","budget","spent","remaining","over"}`; the month's
    /// own budget has category "total", an allowance (お小遣い) category "allowance" and its `"member"`. A rolled
    /// budget's `budget` is the month's amount, `available` it and `carried`, and `remaining` what carries on; a
    /// yearly fund's `budget` is the year's, `spent` the year's so far, with `yearToDate` (see `BudgetRenderer`).
    static func budget(_ status: BudgetStatus, _ taxonomy: Taxonomy, _ language: Language) -> JSONValue {
        .object(
            target(status.target, taxonomy, language) + [
                ("budget", .integer(status.budget.amount)), ("spent", .integer(status.spent.amount)),
                ("remaining", .integer(status.remaining.amount)), ("over", .bool(status.isOver)),
                ("yearly", .bool(status.standing.isYearly)), ("rollover", .bool(status.standing.isRolled)),
            ] + BudgetRenderer.standing(status))
    }

    static func target(_ target: BudgetTarget, _ taxonomy: Taxonomy, _ language: Language) -> [(String, JSONValue)] {
        let category: String
        var sub: JSONValue = .null
        var member: [(String, JSONValue)] = []
        switch target {
        case .total: category = "total"
        case .category(let code):
            category = taxonomy.key(category: code.category)
            if let subcode = code.subcategory { sub = .string(taxonomy.key(category: code.category, subcategory: subcode)) }
        case .allowance(let name):
            category = BudgetTarget.allowanceKey
            member = [("member", .string(name))]
        }
        return [("category", .string(category)), ("subcategory", sub), ("label", .string(target.label(taxonomy, language)))] + member
    }

    static func row(_ row: BreakdownRow, _ grouping: Grouping, _ taxonomy: Taxonomy, _ language: Language) -> JSONValue {
        let sub: JSONValue = row.subcategory.map { .string(taxonomy.key(category: row.category, subcategory: $0)) } ?? .null
        return .object([
            ("category", .string(taxonomy.key(category: row.category))),
            ("subcategory", sub),
            ("label", .string(Labels.rowLabel(row, grouping, taxonomy, language))),
            ("total", .integer(row.total.amount)),
            ("count", .integer(row.count)),
            ("share", .number(shareValue(row.share))),
        ])
    }

    static func shareValue(_ share: Double) -> Double { (share * 10_000).rounded() / 10_000 }

    static func filterCategory(_ filter: CategoryFilter?, _ taxonomy: Taxonomy) -> JSONValue {
        filter.map { .string(taxonomy.key(category: $0.category)) } ?? .null
    }

    static func filterSubcategory(_ filter: CategoryFilter?, _ taxonomy: Taxonomy) -> JSONValue {
        guard let filter, case .some(let sub) = filter.subcategory else { return .null }
        return sub.map { .string(taxonomy.key(category: filter.category, subcategory: $0)) } ?? .string("none")
    }
}
