/// Why a fixed costs file was refused.
public enum FixedCostFileProblem: Error, Equatable, Sendable {
    case syntax(JSONError)
    case shape(String)
    case schemaNewer(found: Int)
    case duplicate(String)

    public func message(in language: Language) -> String {
        switch self {
        case .syntax(let error): return language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .shape(let path):
            return language.pick(
                "\(path): expected {\"schema\":1,\"fixed\":[{\"id\",\"name\",\"price\",\"day\":1-31,\"month\":1-12|null,\"category\",\"subcategory\"}]} with a valid name and price",
                "\(path): {\"schema\":1,\"fixed\":[{\"id\",\"name\",\"price\",\"day\":1-31,\"month\":1-12|null,\"category\",\"subcategory\"}]} の形（正しい名前と金額）が必要です"
            )
        case .schemaNewer(let found): return SchemaText.newer(found: found, understood: FixedCostCodec.schemaVersion, language)
        case .duplicate(let path):
            return language.pick("\(path): a second fixed cost of the same name", "\(path): 同じ名前の固定費が 2 つあります")
        }
    }
}

/// The household's fixed costs file (`fixed.json` in the store), categories by code as in the month files:
///
///     {"schema": 1, "fixed": [{"id": "1b2c3d4e", "name": "家賃", "price": 85000, "day": 27, "month": null,
///                              "category": 6, "subcategory": null}]}
///
/// Reading is strict: an unknown field, a wrong type, a bad value or a newer schema refuses the file.
public enum FixedCostCodec {
    public static let schemaVersion = 1
    private static let fields = ["id", "name", "price", "day", "month", "category", "subcategory"]

    public static func decode(_ bytes: [UInt8]) throws(FixedCostFileProblem) -> FixedCosts {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw .syntax(error) }
        guard let members = root.objectValue, members.allSatisfy({ ["schema", "fixed"].contains($0.0) }) else { throw .shape("fixed") }
        guard let schema = root["schema"]?.intValue, schema >= 1 else { throw .shape("schema") }
        guard schema <= schemaVersion else { throw .schemaNewer(found: schema) }
        guard let list = root["fixed"]?.arrayValue else { throw .shape("fixed") }
        var costs = FixedCosts()
        for (index, entry) in list.enumerated() {
            let path = "fixed[\(index)]"
            guard let members = entry.objectValue, members.allSatisfy({ fields.contains($0.0) }),
                let name = entry["name"]?.stringValue, (try? ItemName.validate(name)) == name,
                let price = entry["price"]?.intValue, Yen(price).isValidPrice,
                let day = entry["day"]?.intValue, (1...31).contains(day),
                let category = entry["category"]?.intValue
            else { throw .shape(path) }
            let month = entry["month"]?.intValue
            guard month.map({ (1...12).contains($0) }) ?? (entry["month"] == nil || entry["month"] == .null) else { throw .shape(path) }
            let subcategory = entry["subcategory"]?.intValue
            guard subcategory != nil || entry["subcategory"] == nil || entry["subcategory"] == .null else { throw .shape(path) }
            let cost = FixedCost(name: name, price: Yen(price), day: day, month: month, category: CategoryCode(category, subcategory))
            guard !costs.all.contains(where: { $0.id == cost.id }) else { throw .duplicate(path) }
            costs.add(cost)
        }
        return costs
    }

    public static func encode(_ costs: FixedCosts) -> [UInt8] {
        let list: [JSONValue] = costs.all.map { cost in
            .object([
                ("id", .string(cost.id)), ("name", .string(cost.name)), ("price", .integer(cost.price.amount)), ("day", .integer(cost.day)),
                ("month", cost.month.map { .integer($0) } ?? .null), ("category", .integer(cost.category.category)),
                ("subcategory", cost.category.subcategory.map { .integer($0) } ?? .null),
            ])
        }
        var writer = JSONWriter()
        JSONValue.object([("schema", .integer(schemaVersion)), ("fixed", .array(list))]).write(to: &writer)
        writer.raw("\n")
        return writer.bytes
    }
}
