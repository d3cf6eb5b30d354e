import KakeiboReports
import KakeiboStore
import KakeiboValues

/// The month's context in every format: the comparison with the months either side and the largest items.
extension TableRenderer {
    /// The sections that follow the month's items: the comparison with the months either side, then the three
    /// largest items (when the month has more than three: otherwise the list above already is the top three).
    /// Empty when there is nothing to compare or list.
    static func monthContext(_ report: MonthReport, ids: [String: String], taxonomy: Taxonomy, style: TextStyle) -> String {
        var out = ""
        let comparison = neighbourTable(report, taxonomy: taxonomy, style: style)
        if !comparison.isEmpty {
            out += "\n" + style.bold(style.language.pick("Previous and next month", "前月・翌月との比較")) + "\n" + comparison
        }
        let top = report.largestItems()
        if !top.isEmpty && report.count > top.count {
            out += "\n" + style.bold(style.language.pick("Top \(top.count)", "金額の大きい \(top.count) 件")) + "\n"
            out += topTable(top, report, ids: ids, taxonomy: taxonomy, style: style)
        }
        return out
    }

    /// Each slice and the total in the previous month, this one and the next, and the change from the previous.
    static func neighbourTable(_ report: MonthReport, taxonomy: Taxonomy, style: TextStyle) -> String {
        let rows = report.neighbourRows(taxonomy: taxonomy)
        guard let neighbours = report.neighbours, !rows.isEmpty else { return "" }
        let language = style.language
        func title(_ month: YearMonth?) -> String { month.map { Labels.shortMonthYear($0, language) } ?? "-" }
        // A narrow terminal keeps the previous month and the change.
        var table = TextTable([
            .left(report.grouping == .category ? language.pick("Category", "項目") : language.pick("Subcategory", "内訳")).shrinking(),
            .right(title(neighbours.previous?.month ?? report.month.previous)), .right(Labels.shortMonthYear(report.month, language)),
            .right(title(neighbours.next?.month ?? report.month.next)).dropping(1), .right(language.pick("Change", "前月比")), .right("").dropping(0),
        ])
        func amount(_ value: Yen?, bold: Bool = false) -> TextTable.Cell {
            guard let value, value != .zero else { return .init("-", .dim) }
            return .init(value.formatted(language), bold ? .heading : nil)
        }
        for row in rows {
            let label =
                row.code.map { code in
                    Labels.rowLabel(
                        BreakdownRow(category: code.category, subcategory: code.subcategory, total: .zero, count: 0, share: 0), report.grouping,
                        taxonomy, language)
                } ?? Labels.total(language)
            let trend: Ink? = row.change.flatMap { $0 > .zero ? .negative : $0 < .zero ? .positive : nil }
            table.add([
                .init(label, row.code == nil ? .heading : nil), amount(row.previous), amount(row.current, bold: true), amount(row.next),
                .init(row.change.map { Labels.signed($0, language) } ?? "-", row.change == nil ? .dim : trend),
                .init(row.ratio.map(Labels.signedPercent) ?? "-", row.ratio == nil ? .dim : trend),
            ])
        }
        return table.render(style)
    }

    static func topTable(_ items: [Item], _ report: MonthReport, ids: [String: String], taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        // A fixed cost's whole id is the last to go.
        var table = TextTable([.right().dropping(0), .right(), .left().shrinking(), .right(), .left().shrinking(), .left().dropping(1).inked(.dim)])
        for (index, item) in items.enumerated() {
            table.add([
                .init("\(index + 1)"), .init(Labels.day(item.date, language)), .init(terminalSafe(item.name)),
                .init(item.price.formatted(language)), .init(Labels.categoryLabel(item, report.filter, taxonomy, language)),
                .init(terminalSafe(ids[item.id] ?? item.id)),
            ])
        }
        return table.render(style)
    }
}

extension JSONRenderer {
    /// Added to the month's document: `"previous"` and `"next"` (`{"year","month","total","count","breakdown"}`, or
    /// null where there is no such month) when the neighbours were read, and `"top"`: the largest items.
    static func monthContext(_ report: MonthReport, _ taxonomy: Taxonomy, _ language: Language) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let neighbours = report.neighbours {
            func month(_ totals: MonthTotals?) -> JSONValue {
                guard let totals else { return .null }
                return .object([
                    ("year", .integer(totals.month.year)), ("month", .integer(totals.month.month)),
                    ("total", .integer(totals.total.amount)), ("count", .integer(totals.count)),
                    ("breakdown", .array(totals.breakdown.map { row($0, report.grouping, taxonomy, language) })),
                ])
            }
            fields += [("previous", month(neighbours.previous)), ("next", month(neighbours.next))]
        }
        fields.append(("top", .array(report.largestItems().map { item($0, taxonomy) })))
        return fields
    }
}
