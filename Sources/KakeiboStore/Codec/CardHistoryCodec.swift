import KakeiboValues

/// Why the IC card file was refused.
public enum CardHistoryProblem: Error, Equatable, Sendable {
    case syntax(JSONError)
    case shape(String)
    case schemaNewer(found: Int)

    public func message(in language: Language) -> String {
        switch self {
        case .syntax(let error): return language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .shape(let path):
            return language.pick(
                "\(path): expected {\"schema\":1,\"cards\":[{\"idm\",\"account\",\"records\":[[\"32 hex digits\",amount or null]]}]}",
                "\(path): {\"schema\":1,\"cards\":[{\"idm\",\"account\",\"records\":[[\"16 進 32 桁\",金額か null]]}]} の形が必要です")
        case .schemaNewer(let found): return SchemaText.newer(found: found, understood: CardHistoryCodec.schemaVersion, language)
        }
    }
}

/// The IC cards kakeibo has read (`ic-cards.json` in the store), each record as the card holds it (32 hex digits)
/// with what it cost, or null while that is unknown:
///
///     {"schema": 1, "cards": [{"idm": "0114A1B2C3D4E5F6", "account": "交通系IC",
///       "records": [["16010002322E01E601D8100600041A00", null], ["16010002322E01D80000C81100041B00", -3000]]}]}
public enum CardHistoryCodec {
    public static let schemaVersion = 1
    public static let fileName = "ic-cards.json"

    public static func decode(_ bytes: [UInt8]) throws(CardHistoryProblem) -> CardHistory {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw .syntax(error) }
        guard let members = root.objectValue, members.allSatisfy({ ["schema", "cards"].contains($0.0) }) else { throw .shape("IC card file") }
        guard let schema = root["schema"]?.intValue, schema >= 1 else { throw .shape("schema") }
        guard schema <= schemaVersion else { throw .schemaNewer(found: schema) }
        guard let cards = root["cards"]?.arrayValue else { throw .shape("cards") }
        var history = CardHistory()
        for (index, value) in cards.enumerated() {
            let path = "cards[\(index)]"
            guard let fields = value.objectValue, fields.allSatisfy({ ["idm", "account", "records"].contains($0.0) }),
                let account = value["account"]?.stringValue, !account.isEmpty,
                let records = value["records"]?.arrayValue
            else { throw .shape(path) }
            let idm: String?
            switch value["idm"] {
            case nil, .null?: idm = nil
            case .string(let text)? where text.utf8.count == 16 && text.utf8.allSatisfy(CardDump.isHexDigit): idm = text
            default: throw .shape(path + ".idm")
            }
            // One card an account, and an IDm one card.
            guard !history.cards.contains(where: { $0.account == account || (idm != nil && $0.idm == idm) }) else { throw .shape(path) }
            var entries: [CardHistory.Entry] = []
            for (number, pair) in records.enumerated() {
                let at = "\(path).records[\(number)]"
                guard let parts = pair.arrayValue, parts.count == 2, let hex = parts[0].stringValue else { throw .shape(at) }
                let amount: Int?
                switch parts[1] {
                case .null: amount = nil
                case .integer(let value) where abs(value) <= 0xFFFF: amount = value
                default: throw .shape(at)
                }
                guard let bytes = try? CardDump.hexBytes(hex.utf8[...], line: 0), bytes.count == 16, let record = try? TransitRecord(bytes) else {
                    throw .shape(at)
                }
                entries.append(CardHistory.Entry(record: record, amount: amount))
            }
            history.cards.append(CardHistory.Card(idm: idm, account: account, entries: entries))
        }
        return history
    }

    /// One card to an object, one record to a line.
    public static func encode(_ history: CardHistory) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw("{\"schema\": \(schemaVersion), \"cards\": [")
        for (index, card) in history.cards.enumerated() {
            writer.raw(index == 0 ? "\n" : ",\n")
            writer.raw("{\"idm\": ")
            writer.optionalString(card.idm)
            writer.raw(", \"account\": ")
            writer.string(card.account)
            writer.raw(", \"records\": [")
            for (number, entry) in card.entries.enumerated() {
                writer.raw(number == 0 ? "\n  [" : ",\n  [")
                writer.string(entry.record.hex)
                writer.raw(", ")
                if let amount = entry.amount { writer.integer(amount) } else { writer.raw("null") }
                writer.raw("]")
            }
            writer.raw(card.entries.isEmpty ? "]}" : "\n]}")
        }
        writer.raw(history.cards.isEmpty ? "]}\n" : "\n]}\n")
        return writer.bytes
    }
}
