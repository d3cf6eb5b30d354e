import KakeiboValues

extension SettingsFile<FixedCosts, Void> {
    /// The household's fixed costs (`fixed.json` in the store), categories by code as in the month files:
    ///
    ///     {"schema": 1, "fixed": [{"id": "1b2c3d4e", "name": "家賃", "price": 85000, "day": 27, "month": null,
    ///                              "category": 6, "subcategory": null}]}
    ///
    /// Schema 2 adds the irregular schedules, in place of `month`: `"months": [6, 12]` (empty for every month),
    /// `"every": 2`, `"from": "2024-01"` and `"until": null`. A file is written as schema 1 while every cost is plain
    /// (monthly, or yearly in one month), so a household whose members run an older kakeibo syncs as before; one with
    /// an irregular cost is schema 2, which an older kakeibo refuses as newer instead of reading water every two months
    /// as monthly. A name, price or schedule that isn't valid refuses the file.
    ///
    /// Schema 3 adds a cost's `"payment"` and `"member"` (either may be null), written only when a cost has one, and
    /// the months a cost is skipped in, `"skipped": [{"id": "1b2c3d4e", "month": "2024-11"}]`, written only when there
    /// are some: an older kakeibo refuses the file rather than post the rent without them, or post again a posting the
    /// household deleted.
    public static var fixedCosts: Self {
        SettingsFile(
            name: "fixed.json", schema: 3,
            shape: LocalizedText(
                en:
                    "expected {\"schema\":1,\"fixed\":[{\"id\",\"name\",\"price\",\"day\":1-31,\"month\":1-12|null,\"category\",\"subcategory\"}]} (schema 2: \"months\",\"every\",\"from\",\"until\" for \"month\"; schema 3 also \"payment\",\"member\",\"skipped\":[{\"id\",\"month\":\"YYYY-MM\"}]) with a valid name, price and schedule",
                ja:
                    "{\"schema\":1,\"fixed\":[{\"id\",\"name\",\"price\",\"day\":1-31,\"month\":1-12|null,\"category\",\"subcategory\"}]}（schema 2 は \"month\" の代わりに \"months\",\"every\",\"from\",\"until\"、schema 3 は \"payment\",\"member\",\"skipped\":[{\"id\",\"month\":\"YYYY-MM\"}] も）の形（正しい名前・金額・周期）が必要です"
            ),
            duplicate: LocalizedText(en: "a second fixed cost of the same name", ja: "同じ名前の固定費が 2 つあります"),
            empty: FixedCosts(), members: ["fixed", "skipped"], read: FixedCostsFile.read, write: FixedCostsFile.write)
    }
}

/// fixed.json's members, read and written.
enum FixedCostsFile {
    private static let fields = ["id", "name", "price", "day", "month", "category", "subcategory"]
    private static let scheduleFields = ["id", "name", "price", "day", "months", "every", "from", "until", "category", "subcategory"]
    private static let detailFields = scheduleFields + ["payment", "member"]

    static func read(_ root: JSONValue, schema: Int) throws(SettingsFileProblem.Reason) -> FixedCosts {
        guard let list = root["fixed"]?.arrayValue else { throw .shape("fixed") }
        var costs = FixedCosts()
        for (index, entry) in list.enumerated() {
            let path = "fixed[\(index)]"
            guard let members = entry.objectValue,
                members.allSatisfy({ (schema == 1 ? fields : schema == 2 ? scheduleFields : detailFields).contains($0.0) }),
                let name = entry["name"]?.stringValue, (try? ItemName.validate(name, entry: false)) == name,
                let price = entry["price"]?.intValue, Yen(price).isValidPrice,
                let day = entry["day"]?.intValue, (1...31).contains(day),
                let category = entry["category"]?.intValue
            else { throw .shape(path) }
            let subcategory = entry["subcategory"]?.intValue
            guard subcategory != nil || entry["subcategory"] == nil || entry["subcategory"] == .null else { throw .shape(path) }
            let code = CategoryCode(category, subcategory)
            let cost: FixedCost
            if schema == 1 {
                let month = entry["month"]?.intValue
                guard month.map({ (1...12).contains($0) }) ?? (entry["month"] == nil || entry["month"] == .null) else { throw .shape(path) }
                cost = FixedCost(name: name, price: Yen(price), day: day, month: month, category: code)
            } else {
                cost = try schedule(entry, path: path) { months, every, from, until throws(FixedScheduleError) in
                    try FixedCost(name: name, price: Yen(price), day: day, months: months, every: every, from: from, until: until, category: code)
                }
            }
            var detailed = cost
            for (key, field) in [("payment", DetailField.payment), ("member", .member)] {
                switch entry[key] {
                case .none, .some(.null): break
                case .some(.string(let text)):
                    guard let valid = try? field.validate(text) else { throw .shape(path + "." + key) }
                    if field == .payment { detailed.payment = valid } else { detailed.member = valid }
                default: throw .shape(path + "." + key)
                }
            }
            guard !costs.all.contains(where: { $0.id == cost.id }) else { throw .duplicate(path) }
            costs.add(detailed)
        }
        if let skipped = root["skipped"] {
            guard schema >= 3, let list = skipped.arrayValue else { throw .shape("skipped") }
            for (index, entry) in list.enumerated() {
                guard let members = entry.objectValue, members.allSatisfy({ ["id", "month"].contains($0.0) }),
                    let id = entry["id"]?.stringValue, id.utf8.count == 8,
                    id.utf8.allSatisfy({ $0 < 0x80 && Character(UnicodeScalar($0)).isHexDigit }),
                    let month = entry["month"]?.stringValue.flatMap(YearMonth.parseISO)
                else { throw .shape("skipped[\(index)]") }
                guard costs.skip(FixedSkip(cost: id, month: month)) else { throw .duplicate("skipped[\(index)]") }
            }
        }
        return costs
    }

    /// A schema-2 entry's schedule: each field optional (every month, each month, always, no end), each checked.
    private static func schedule(
        _ entry: JSONValue, path: String, _ make: ([Int], Int, YearMonth?, YearMonth?) throws(FixedScheduleError) -> FixedCost
    ) throws(SettingsFileProblem.Reason) -> FixedCost {
        func month(_ key: String) throws(SettingsFileProblem.Reason) -> YearMonth? {
            guard let value = entry[key], value != .null else { return nil }
            guard let text = value.stringValue, let month = YearMonth.parseISO(text) else { throw .shape(path) }
            return month
        }
        var months: [Int] = []
        if let value = entry["months"] {
            guard let list = value.arrayValue else { throw .shape(path) }
            for month in list {
                guard let number = month.intValue else { throw .shape(path) }
                months.append(number)
            }
        }
        let every = entry["every"] == nil ? 1 : entry["every"]?.intValue
        guard let every else { throw .shape(path) }
        let from = try month("from")
        let until = try month("until")
        do { return try make(months, every, from, until) } catch { throw .shape(path) }
    }

    static func write(_ costs: FixedCosts) -> (schema: Int, members: [(String, JSONValue)]) {
        let detailed = costs.all.contains { $0.payment != nil || $0.member != nil }
        let plain = !detailed && costs.all.allSatisfy(\.isPlain) && costs.skipped.isEmpty
        let list: [JSONValue] = costs.all.map { cost in
            let schedule: [(String, JSONValue)] =
                plain
                ? [("month", cost.month.map { .integer($0) } ?? .null)]
                : [
                    ("months", .array(cost.months.map { .integer($0) })), ("every", .integer(cost.every)),
                    ("from", cost.from.map { .string($0.iso) } ?? .null), ("until", cost.until.map { .string($0.iso) } ?? .null),
                ]
            return .object(
                [("id", .string(cost.id)), ("name", .string(cost.name)), ("price", .integer(cost.price.amount)), ("day", .integer(cost.day))]
                    + schedule
                    + [
                        ("category", .integer(cost.category.category)),
                        ("subcategory", cost.category.subcategory.map { .integer($0) } ?? .null),
                    ]
                    + (detailed
                        ? [("payment", cost.payment.map(JSONValue.string) ?? .null), ("member", cost.member.map(JSONValue.string) ?? .null)] : []))
        }
        guard !costs.skipped.isEmpty else { return (detailed ? 3 : plain ? 1 : 2, [("fixed", .array(list))]) }
        let skipped: [JSONValue] = costs.skipped.sorted().map { .object([("id", .string($0.cost)), ("month", .string($0.month.iso))]) }
        return (3, [("fixed", .array(list)), ("skipped", .array(skipped))])
    }
}

extension FixedCost {
    /// The item that records it on `date` (its id from `itemID(on:)`).
    public func item(on date: CalendarDate) -> WireItem {
        WireItem(
            id: itemID(on: date), date: date, name: name, price: price, category: category, details: ItemDetails(payment: payment, member: member))
    }
}
