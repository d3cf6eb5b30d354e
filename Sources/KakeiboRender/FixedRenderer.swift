import KakeiboOperations
import KakeiboReports
import KakeiboStore
import KakeiboValues

/// `kakeibo fixed` and the month's planned costs, as a table or JSON.
public enum FixedRenderer {
    /// When a cost falls due: "monthly, day 27" / "毎月 27日", "yearly, Apr 1" / "毎年 4月1日", "Jun, Dec, day 10" /
    /// "毎年 6・12月 10日", "every 2 months, day 20" / "2か月ごと 20日", then ", from 2024-01, until 2025-12" /
    /// "（2024-01から2025-12まで）".
    static func schedule(_ cost: FixedCost, _ language: Language) -> String {
        let when = cadence(cost, language)
        guard let period = period(cost, language) else { return when }
        return when + language.pick(", " + period, "（" + period + "）")
    }

    /// "monthly, day 27" / "毎月 27日": when in a month or year a cost falls due.
    static func cadence(_ cost: FixedCost, _ language: Language) -> String {
        let when: String
        if let month = cost.month {
            when = language.pick("yearly, \(Labels.shortMonth(month, language)) \(cost.day)", "毎年 \(month)月\(cost.day)日")
        } else if !cost.months.isEmpty {
            when = language.pick(
                cost.months.map { Labels.shortMonth($0, language) }.joined(separator: ", ") + ", day \(cost.day)",
                "毎年 " + cost.months.map(String.init).joined(separator: "・") + "月 \(cost.day)日")
        } else if cost.every > 1 {
            when = language.pick("every \(cost.every) months, day \(cost.day)", "\(cost.every)か月ごと \(cost.day)日")
        } else {
            when = language.pick("monthly, day \(cost.day)", "毎月 \(cost.day)日")
        }
        return when
    }

    /// "from 2024-01, until 2025-12" / "2024-01から2025-12まで": the months a cost is posted in, nil for always.
    static func period(_ cost: FixedCost, _ language: Language) -> String? {
        guard cost.from != nil || cost.until != nil else { return nil }
        let from = cost.from.map { language.pick("from \($0.iso)", "\($0.iso)から") }
        let until = cost.until.map { language.pick("until \($0.iso)", "\($0.iso)まで") }
        return [from, until].compactMap { $0 }.joined(separator: language.pick(", ", ""))
    }

    /// What `fixed add` says: "Fixed cost 家賃 (2a10025a): ¥85,000, monthly, day 27, Housing › Rent" — the category
    /// always, since one given no --category goes to the default.
    public static func added(_ cost: FixedCost, taxonomy: Taxonomy, _ language: Language) -> String {
        let category = terminalSafe(taxonomy.label(cost.category, language))
        let paid = [cost.payment, cost.member].compactMap { $0 }.map { terminalSafe($0) }
        let details = paid.isEmpty ? "" : language.pick(", " + paid.joined(separator: ", "), "、" + paid.joined(separator: "、"))
        return language.pick(
            "Fixed cost \(cost.name) (\(cost.id)): \(cost.price.formatted(language)), \(schedule(cost, language)), \(category)\(details)\n",
            "固定費 \(cost.name)（\(cost.id)）: \(cost.price.formatted(language))、\(schedule(cost, language))、\(category)\(details)\n")
    }

    /// What `fixed skip` says: "携帯電話 is skipped in 2024-11: 'fixed post' won't post it", with the posting it
    /// deleted.
    public static func skipped(_ outcome: FixedSkipped, taxonomy: Taxonomy, _ language: Language) -> String {
        let name = terminalSafe(outcome.cost.name)
        var out =
            outcome.already
            ? language.pick("\(name) was skipped in \(outcome.month.iso) already\n", "\(name) は \(outcome.month.iso) はすでに見送りです\n")
            : language.pick(
                "\(name) is skipped in \(outcome.month.iso): 'fixed post' won't post it\n",
                "\(name) は \(outcome.month.iso) は見送ります（fixed post で計上しません）\n")
        if let item = outcome.deleted {
            out += TableRenderer.item(item, verb: language.pick("Deleted", "削除しました:"), taxonomy: taxonomy, style: TextStyle(language: language))
        }
        return out
    }

    /// Every cost; under one that is skipped in some months, those months.
    public static func table(_ costs: FixedCosts, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        guard !costs.all.isEmpty else { return language.pick("No fixed costs\n", "固定費はありません\n") }
        var table = TextTable([
            .left(language.pick("ID", "ID")), .left(language.pick("Name", "名前")).shrinking(0), .right(language.pick("Price", "金額")),
            .left(language.pick("When", "時期")).shrinking(2), .left(language.pick("Category", "項目")).shrinking(1),
        ])
        var folded = table
        for cost in costs.all {
            let cells = [cost.id, cost.name, cost.price.formatted(language), schedule(cost, language), taxonomy.label(cost.category, language)]
            table.add(cells.map { TextTable.Cell($0) })
            folded.add(cells.enumerated().map { TextTable.Cell($0.offset == 3 ? cadence(cost, language) : $0.element) })
        }
        // Where the schedule would be cut ("monthly, day 24, from 20…"), its months go to the line under the cost.
        let fold = table.cuts(3, style)
        let notes = costs.all.map { cost -> String? in
            let months = costs.skipped(cost)
            let skipped = months.isEmpty ? nil : language.pick("skipped in ", "見送り: ") + months.map(\.iso).joined(separator: ", ")
            let parts = [fold ? period(cost, language) : nil, skipped].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: " · ")
        }
        return DetailLines.interleave((fold ? folded : table).render(style), lines: notes, style: style)
    }

    /// `{"fixed":[{"id","name","price","day","month","months","every","from","until","category","subcategory","income",
    /// "skipped"}]}`; `month` is the one month of a yearly cost, else null (read `months`, empty for every month, and
    /// `every`); `skipped` the months it is not posted in ("2024-11").
    public static func json(_ costs: FixedCosts, taxonomy: Taxonomy) -> String {
        JSONRenderer.render(.object([("fixed", .array(costs.all.map { cost($0, skipped: costs.skipped($0), taxonomy) }))]))
    }

    static func cost(_ cost: FixedCost, skipped: [YearMonth] = [], _ taxonomy: Taxonomy) -> JSONValue {
        .object([
            ("id", .string(cost.id)), ("name", .string(cost.name)), ("price", .integer(cost.price.amount)), ("day", .integer(cost.day)),
            ("month", cost.month.map { .integer($0) } ?? .null),
            ("category", .string(taxonomy.key(category: cost.category.category))),
            ("subcategory", cost.category.subcategory.map { .string(taxonomy.key(category: cost.category.category, subcategory: $0)) } ?? .null),
            ("months", .array(cost.months.map { .integer($0) })), ("every", .integer(cost.every)),
            ("from", cost.from.map { .string($0.iso) } ?? .null), ("until", cost.until.map { .string($0.iso) } ?? .null),
            ("income", .bool(taxonomy.isIncome(cost.category))), ("skipped", .array(skipped.map { .string($0.iso) })),
            ("payment", cost.payment.map(JSONValue.string) ?? .null), ("member", cost.member.map(JSONValue.string) ?? .null),
        ])
    }

    /// The month's planned costs for the month JSON: `[{"date","name","price","category","subcategory","id"}]`.
    static func planned(_ costs: [PlannedCost], _ taxonomy: Taxonomy) -> JSONValue {
        .array(
            costs.map { planned in
                .object([
                    ("date", .string(planned.date.iso)), ("name", .string(planned.cost.name)), ("price", .integer(planned.cost.price.amount)),
                    ("category", .string(taxonomy.key(category: planned.cost.category.category))),
                    (
                        "subcategory",
                        planned.cost.category.subcategory.map { .string(taxonomy.key(category: planned.cost.category.category, subcategory: $0)) }
                            ?? .null
                    ),
                    ("fixed", .string(planned.cost.id)),
                ])
            })
    }

    /// The month table's section: each planned cost, their total and the forecast.
    static func plannedSection(_ plan: MonthPlan, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        guard !plan.planned.isEmpty || !plan.plannedIncome.isEmpty || plan.forecast != nil else { return "" }
        var out = ""
        for (costs, total, title) in [
            (plan.planned, plan.plannedTotal, language.pick("Planned", "予定")),
            (plan.plannedIncome, plan.plannedIncomeTotal, language.pick("Planned income", "収入の予定")),
        ] where !costs.isEmpty {
            var table = TextTable([.left(title), .left("").shrinking(), .right(""), .left("").shrinking()])
            for planned in costs {
                table.add(
                    Labels.day(planned.date, language), planned.cost.name, planned.cost.price.formatted(language),
                    taxonomy.label(planned.cost.category, language))
            }
            table.add("", Labels.total(language), total.formatted(language), "")
            out += "\n" + table.render(style)
        }
        if let forecast = plan.forecast {
            out += "\n" + language.pick("Forecast for the month's end: ", "月末の見込み: ") + forecast.formatted(language) + "\n"
        }
        return out
    }
}
