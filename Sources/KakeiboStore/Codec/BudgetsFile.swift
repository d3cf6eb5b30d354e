import KakeiboValues

extension SettingsFile<Budgets, Taxonomy> {
    /// The household's budgets (`budgets.json` in the store), by codes as the month files are, so renaming a
    /// category's key or name keeps its budget:
    ///
    ///     {"schema": 1, "total": 120000,
    ///      "categories": [{"category": 0, "subcategory": null, "amount": 50000}]}
    ///
    /// Schema 2 adds `"savings": N`, the savings goal; a file without one is still written as schema 1, so an older
    /// kakeibo keeps reading it. Schema 3 adds `"allowances": [{"member": "ayumi", "amount": 30000}]` (お小遣い),
    /// written only when there is one, so an older kakeibo refuses such a file as newer rather than dropping the
    /// allowances. Schema 4, written only when a budget is a yearly fund or rolls over, adds to a category's entry
    /// `"yearly": true` (the amount is the year's) or `"rollover": [{"from": "2025-01", "amount": 30000}]` (the steps,
    /// the last one's amount the entry's), and the rollover to an allowance's: an older kakeibo refuses it rather than
    /// reading a year's fund as a month's budget. Categories are listed in the household's order (the context).
    public static var budgets: Self {
        SettingsFile(
            name: "budgets.json", schema: 4,
            shape: LocalizedText(
                en: "expected {\"schema\":1,\"total\":N|null,\"categories\":[{\"category\":N,\"subcategory\":N|null,\"amount\":N}]}",
                ja: "{\"schema\":1,\"total\":N|null,\"categories\":[{\"category\":N,\"subcategory\":N|null,\"amount\":N}]} の形が必要です"),
            duplicate: LocalizedText(en: "a second budget for the same category", ja: "同じ項目の予算が 2 つあります"),
            empty: Budgets(), members: ["total", "categories", "savings", "allowances"], read: BudgetsFile.read, write: BudgetsFile.write)
    }
}

/// budgets.json's members, read and written.
enum BudgetsFile {
    static func read(_ root: JSONValue, schema: Int) throws(SettingsFileProblem.Reason) -> Budgets {
        var budgets = Budgets()
        switch root["total"] {
        case .none, .some(.null): break
        case .some(let value): budgets.set(.total, try amount(value, path: "total"))
        }
        switch root["savings"] {
        case .none, .some(.null): break
        case .some(let value): budgets.savings = try amount(value, path: "savings")
        }
        if let allowances = root["allowances"] {
            guard schema >= 3, let list = allowances.arrayValue else { throw .shape("allowances") }
            for (index, entry) in list.enumerated() {
                let path = "allowances[\(index)]"
                guard let fields = entry.objectValue, fields.allSatisfy({ ["member", "amount", "rollover"].contains($0.0) }),
                    let member = entry["member"]?.stringValue, (try? DetailField.member.validate(member, entry: false)) == member,
                    let value = entry["amount"]
                else { throw .shape(path) }
                guard budgets.amount(for: .allowance(member)) == nil else { throw .duplicate(path) }
                let allowed = try amount(value, path: path)
                budgets.set(Budget(target: .allowance(member), amount: allowed, cadence: try cadence(entry, allowed, schema: schema, path: path)))
            }
        }
        guard let list = root["categories"]?.arrayValue else { throw .shape("categories") }
        for (index, entry) in list.enumerated() {
            let path = "categories[\(index)]"
            guard let fields = entry.objectValue, fields.allSatisfy({ ["category", "subcategory", "amount", "yearly", "rollover"].contains($0.0) }),
                let category = entry["category"]?.intValue
            else { throw .shape(path) }
            let subcategory: Int?
            switch entry["subcategory"] {
            case .none, .some(.null): subcategory = nil
            case .some(.integer(let code)): subcategory = code
            default: throw .shape(path)
            }
            guard let value = entry["amount"] else { throw .shape(path) }
            let target = BudgetTarget.category(CategoryCode(category, subcategory))
            guard budgets.amount(for: target) == nil else { throw .duplicate(path) }
            let allowed = try amount(value, path: path)
            budgets.set(Budget(target: target, amount: allowed, cadence: try cadence(entry, allowed, schema: schema, path: path)))
        }
        return budgets
    }

    static func write(_ budgets: Budgets, taxonomy: Taxonomy) -> (schema: Int, members: [(String, JSONValue)]) {
        var categories: [JSONValue] = []
        var allowances: [JSONValue] = []
        for budget in budgets.sorted(taxonomy) {
            if case .allowance(let member) = budget.target {
                allowances.append(.object([("member", .string(member)), ("amount", .integer(budget.amount.amount))] + cadence(budget.cadence)))
            }
            guard case .category(let code) = budget.target else { continue }
            categories.append(
                .object(
                    [
                        ("category", .integer(code.category)), ("subcategory", code.subcategory.map { .integer($0) } ?? .null),
                        ("amount", .integer(budget.amount.amount)),
                    ] + cadence(budget.cadence)))
        }
        let schema = budgets.entries.contains { !$0.isPlain } ? 4 : !allowances.isEmpty ? 3 : budgets.savings == nil ? 1 : 2
        let savings: [(String, JSONValue)] = budgets.savings.map { [("savings", .integer($0.amount))] } ?? []
        return (
            schema,
            [
                ("total", budgets.amount(for: .total).map { .integer($0.amount) } ?? .null),
                ("categories", .array(categories)),
            ] + savings + (allowances.isEmpty ? [] : [("allowances", .array(allowances))])
        )
    }

    /// A schema-4 entry's `yearly` or `rollover` (neither: monthly); the steps ascend and the last is the entry's amount.
    private static func cadence(_ entry: JSONValue, _ amount: Yen, schema: Int, path: String) throws(SettingsFileProblem.Reason) -> BudgetCadence {
        switch (entry["yearly"], entry["rollover"]) {
        case (.none, .none): return .monthly
        case (.some(.bool(true)), .none):
            guard schema >= 4 else { throw .shape(path) }
            return .yearly
        case (.none, .some(let list)):
            guard schema >= 4, let list = list.arrayValue, !list.isEmpty else { throw .shape(path) }
            var steps: [RolloverStep] = []
            for (index, step) in list.enumerated() {
                let at = "\(path).rollover[\(index)]"
                guard let fields = step.objectValue, fields.allSatisfy({ ["from", "amount"].contains($0.0) }),
                    let month = step["from"]?.stringValue.flatMap(YearMonth.parseISO), let value = step["amount"],
                    steps.last.map({ $0.from < month }) ?? true
                else { throw .shape(at) }
                steps.append(RolloverStep(from: month, amount: try Self.amount(value, path: at)))
            }
            guard steps.last?.amount == amount else { throw .shape(path) }
            return .rollover(steps)
        default: throw .shape(path)
        }
    }

    private static func cadence(_ cadence: BudgetCadence) -> [(String, JSONValue)] {
        switch cadence {
        case .monthly: return []
        case .yearly: return [("yearly", .bool(true))]
        case .rollover(let steps):
            return [("rollover", .array(steps.map { .object([("from", .string($0.from.iso)), ("amount", .integer($0.amount.amount))]) }))]
        }
    }

    private static func amount(_ value: JSONValue, path: String) throws(SettingsFileProblem.Reason) -> Yen {
        guard let amount = value.intValue, amount > 0, amount <= Yen.limit else { throw .amount(path) }
        return Yen(amount)
    }
}
