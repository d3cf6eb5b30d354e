import KakeiboReports
import KakeiboStore
import KakeiboValues

/// The monthly review (振り返り) for people (a table per question) and for programs (JSON).
extension TableRenderer {
    public static func review(_ report: ReviewReport, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        var out = style.bold(language.pick("Review of ", "振り返り ") + Labels.month(report.month, language) + Labels.range(report.period)) + "\n\n"
        out += style.bold(language.pick("1. How much came in", "1. 収入はいくらだったか")) + "\n"
        out += language.pick("Income ", "収入 ") + report.income.total.formatted(language) + "\n"
        for row in report.income.breakdown {
            out += "  " + taxonomy.label(row.code, language) + " " + row.total.formatted(language) + "\n"
        }
        out += "\n" + style.bold(language.pick("2. How much we wanted to save", "2. いくら貯めたかったか")) + "\n"
        out += balanceLine(report.income, balance: report.balance, language, width: style.width) + "\n"
        out +=
            report.savings.map { savingsLine($0, language) }
            ?? language.pick(
                "No savings goal; set one with 'kakeibo budget set savings AMOUNT'", "貯蓄目標はありません（'kakeibo budget set savings AMOUNT' で設定）")
        out += "\n\n" + style.bold(language.pick("3. How much we spent", "3. いくら使ったか")) + "\n"
        var table = TextTable([
            .left(language.pick("Category", "項目")).shrinking(), .right(language.pick("Spent", "支出")), .right(language.pick("Budget", "予算")),
            .right(language.pick("Previous", "前月")).dropping(), .right(language.pick("Change", "増減")),
        ])
        for row in report.categories + [report.total] {
            table.add([
                .init(row.category.map { taxonomy.label(category: $0, language) } ?? Labels.total(language)),
                .init(row.spent.formatted(language), row.isOver ? .negative : nil),
                .init(row.budget.map { $0.formatted(language) } ?? "-"),
                .init(row.previous.formatted(language)),
                .init(Labels.signed(row.change, language), row.change > .zero ? .negative : nil),
            ])
        }
        out += table.render(style)
        out += "\n" + style.bold(language.pick("4. How we can do better", "4. どうすれば改善できるか")) + "\n"
        out +=
            report.note.map { terminalSafe($0, keepingNewlines: true) }
            ?? language.pick(
                "No note yet; write one with 'kakeibo review \(report.month.iso) --note TEXT'",
                "メモはまだありません（'kakeibo review \(report.month.iso) --note TEXT' で書きます）")
        return out + "\n"
    }
}

extension JSONRenderer {
    /// `{"year","month","first","last","income","incomeBreakdown","spending","count","balance","savingsRate","savings",
    /// "categories":[{"category","label","spent","budget","previous","change","over"}],"total":{…},"note"}`.
    public static func review(_ report: ReviewReport, taxonomy: Taxonomy, language: Language) -> String {
        func row(_ row: ReviewReport.Row) -> JSONValue {
            .object([
                ("category", row.category.map { .string(taxonomy.key(category: $0)) } ?? .string("total")),
                ("label", .string(row.category.map { taxonomy.label(category: $0, language) } ?? Labels.total(language))),
                ("spent", .integer(row.spent.amount)), ("budget", row.budget.map { .integer($0.amount) } ?? .null),
                ("previous", .integer(row.previous.amount)), ("change", .integer(row.change.amount)), ("over", .bool(row.isOver)),
            ])
        }
        return render(
            .object([
                ("year", .integer(report.month.year)),
                ("month", .integer(report.month.month)),
                ("first", .string(report.period.first.iso)),
                ("last", .string(report.period.last.iso)),
                ("income", .integer(report.income.total.amount)),
                ("incomeBreakdown", .array(report.income.breakdown.map { self.row($0, .subcategory(of: $0.category), taxonomy, language) })),
                ("spending", .integer(report.spending.amount)),
                ("count", .integer(report.count)),
                ("balance", .integer(report.balance.amount)),
                ("savingsRate", report.savingsRate.map { .number(shareValue($0)) } ?? .null),
                ("savings", report.savings.map(savingsValue) ?? .null),
                ("categories", .array(report.categories.map(row))),
                ("total", row(report.total)),
                ("note", report.note.map { .string($0) } ?? .null),
            ]))
    }
}
