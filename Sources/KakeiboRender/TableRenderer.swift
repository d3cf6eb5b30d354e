import KakeiboReports
import KakeiboValues

/// Reports drawn as text tables for people: a heading, the total, the breakdown with bars, then the items.
public enum TableRenderer {
    /// The month; `budgets` adds a section of how each budget stands, before the items. Income items are listed
    /// under the income, as spending items are under the spending; a filter that keeps only income
    /// (`--category income`) shows them as the month of any other category.
    public static func month(
        _ report: MonthReport, taxonomy: Taxonomy, style: TextStyle, budgets: [BudgetStatus] = [], savings: SavingsStatus? = nil
    ) -> String {
        let language = style.language
        let period = Labels.month(report.month, language) + Labels.range(report.period)
        let ids = shownIDs(report)
        let shown = report.items + report.income.items
        let legend =
            style.syncMarks
            ? syncLegend(
                Set(shown.filter { !style.stays($0) }.map(\.sync)), changeProtocol: style.changeProtocol, stays: shown.contains(where: style.stays),
                language) : ""
        let plannedSection = report.plan.map { FixedRenderer.plannedSection($0, taxonomy: taxonomy, style: style) } ?? ""
        if report.filter != nil, report.count == 0, report.income.count > 0,
            let out = overview(
                period, report.filter, report.income.total, report.income.count, report.income.breakdown, report.grouping, taxonomy, style)
        {
            return out + itemsTable(report.income.items, report.filter, ids: ids, taxonomy: taxonomy, style: style) + legend + plannedSection
        }
        let income =
            incomeSection(report, ids: ids, savings: savings, taxonomy: taxonomy, style: style)
            + transfersLine(report.transfers, language)
        let budgetSection = income + (budgets.isEmpty ? "" : budgetsTable(budgets, taxonomy: taxonomy, style: style) + "\n")
        guard let out = overview(period, report.filter, report.total, report.count, report.breakdown, report.grouping, taxonomy, style)
        else {
            return noData(period, report.filter, taxonomy, style) + (income.isEmpty ? "" : "\n" + income)
                + (budgets.isEmpty ? "" : "\n" + budgetsTable(budgets, taxonomy: taxonomy, style: style)) + legend
                + plannedSection + monthContext(report, ids: ids, taxonomy: taxonomy, style: style)
        }
        return out + budgetSection + itemsTable(report.items, report.filter, ids: ids, taxonomy: taxonomy, style: style) + legend
            + plannedSection + monthContext(report, ids: ids, taxonomy: taxonomy, style: style)
    }

    /// The short id of every item the month shows (spending, income, the largest three), told apart among them all,
    /// so one item has one short id in every section.
    static func shownIDs(_ report: MonthReport) -> [String: String] {
        let ids = report.items.map(\.id) + report.income.items.map(\.id)
        return Dictionary(zip(ids, shortIDs(ids)), uniquingKeysWith: { first, _ in first })
    }

    /// The year; `outlook` adds its yearly funds, rolled budgets and planned fixed costs after the months.
    public static func year(_ report: YearReport, taxonomy: Taxonomy, style: TextStyle, outlook: YearOutlook? = nil) -> String {
        let language = style.language
        let period = Labels.year(report.year, language)
        let extra = outlook.map { yearOutlook($0, taxonomy: taxonomy, style: style) } ?? ""
        guard let out = overview(period, report.filter, report.total, report.count, report.breakdown, report.grouping, taxonomy, style)
        else {
            return noData(period, report.filter, taxonomy, style)
                + (report.income.count > 0 ? "\n" + balanceLine(report.income, balance: report.balance, language, width: style.width) + "\n" : "")
                + extra
        }
        let balance = report.income.count > 0 ? balanceLine(report.income, balance: report.balance, language, width: style.width) + "\n\n" : ""
        return out + balance + monthsTable(report, taxonomy: taxonomy, style: style) + extra
    }

    public static func categories(_ taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        // Names give way, never the keys people type.
        var table = TextTable([
            .left(language.pick("Key", "キー")), .right(language.pick("Code", "コード")), .left("日本語").shrinking(1), .left("English").shrinking(0),
        ])
        for category in taxonomy.categories {
            table.add([.init(category.key, .heading), .init(String(category.code)), .init(category.name.ja), .init(category.name.en)])
            for sub in category.subcategories {
                table.add("  " + sub.key, String(sub.code), sub.name.ja, sub.name.en)
            }
        }
        return table.render(style)
    }

    /// "Added" lines for add/edit/delete: the item with its full id.
    public static func item(_ item: Item, verb: String, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        return "\(verb) \(item.date.iso) \(terminalSafe(item.name)) \(item.price.formatted(language)) "
            + "\(terminalSafe(taxonomy.label(item.category, language))) (id \(item.id))\n"
    }

    // MARK: Pieces

    /// The month's list, as the app shows it: day and weekday, name, price, category, short id (from `ids`).
    static func itemsTable(_ list: [Item], _ filter: CategoryFilter?, ids: [String: String], taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        // Names and categories give way so the list fits the terminal. A fixed cost's whole id (22 characters) can't
        // fit beside the rest at 40 columns: the ids go, not the categories (`recent` and `--format json` still show them).
        var items = TextTable([
            .right(language.pick("Date", "日付")), .left(language.pick("Name", "品名")).shrinking(), .right(language.pick("Price", "金額")),
            .left(filter == nil ? language.pick("Category", "項目") : language.pick("Subcategory", "内訳")).shrinking(),
            .left("ID").dropping().inked(.dim),
        ])
        for item in list {
            items.add([
                .init(Labels.day(item.date, language)), .init(item.name),
                .init(item.price.formatted(language), item.price.amount < 0 ? .negative : nil),
                .init(Labels.categoryLabel(item, filter, taxonomy, language)),
                .init((ids[item.id] ?? item.id) + (style.syncMarks ? (style.stays(item) ? " ~" : syncMark(item.sync)) : "")),
            ])
        }
        return DetailLines.interleave(items.render(style), list, style: style)
    }

    /// After the short id: "*" for an item not yet on the server, "!" for one changed here after the server had it.
    static func syncMark(_ state: SyncState) -> String {
        switch state {
        case .synced: ""
        case .pending: " *"
        case .edited: " !"
        }
    }

    /// The marks' legend, for the server this store syncs with: the shipped server takes an edit with the next sync;
    /// a plain app server only appends, so it keeps its older copy.
    /// `stays`: items a plain app server's app can't show are listed, marked "~".
    static func syncLegend(_ states: Set<SyncState>, changeProtocol: Bool, stays: Bool = false, _ language: Language) -> String {
        var out = ""
        if states.contains(.pending) {
            out += language.pick("* not on the household server yet (kakeibo push)\n", "* まだ家計簿サーバーにありません（kakeibo push）\n")
        }
        if stays {
            out += language.pick(
                "~ stays here: the app has no category for it (app-categories, docs/sync.md)\n",
                "~ ここだけに残します: アプリにその項目がありません（app-categories、docs/sync.md）\n")
        }
        if states.contains(.edited) && changeProtocol {
            out += language.pick(
                "! changed here; the next sync sends the change\n", "! ここで変更済み。次の同期で変更を送ります\n")
        } else if states.contains(.edited) {
            out += language.pick(
                "! changed here; the server keeps its older copy (change it there too)\n",
                "! ここで変更済み。サーバーには古い内容が残っています（サーバーでも変更してください）\n")
        }
        return out
    }

    /// The heading, the total and the breakdown table that open both reports; nil when there is nothing to show.
    package static func overview(
        _ period: String, _ filter: CategoryFilter?, _ total: Yen, _ count: Int, _ rows: [BreakdownRow],
        _ grouping: Grouping, _ taxonomy: Taxonomy, _ style: TextStyle
    ) -> String? {
        guard count > 0 else { return nil }
        let language = style.language
        return style.bold(truncate(terminalSafe(Labels.heading(period, filter, taxonomy, language)), to: style.width)) + "\n"
            + summary(total, count, style) + "\n\n" + breakdownTable(rows, grouping: grouping, taxonomy: taxonomy, style: style) + "\n"
    }

    static func noData(_ period: String, _ filter: CategoryFilter?, _ taxonomy: Taxonomy, _ style: TextStyle) -> String {
        style.bold(truncate(terminalSafe(Labels.heading(period, filter, taxonomy, style.language)), to: style.width)) + "\n"
            + Labels.noData(style.language)
            + "\n"
    }

    /// "Total ¥118,519 · 127 items", on two lines when the terminal is narrower than that.
    package static func summary(_ total: Yen, _ count: Int, _ style: TextStyle) -> String {
        let language = style.language
        let amount = "\(Labels.total(language)) \(total.formatted(language))"
        let line = amount + " · " + Labels.count(count, language)
        return displayWidth(line) <= style.width ? line : amount + "\n" + Labels.count(count, language)
    }
}
