import KakeiboValues

extension SettingsFile<CardHistory, Void> {
    /// The transit IC cards read (`ic-cards.json` in the store): each card's IDm (null until a dump gives it), its
    /// account, and every record as the card holds it (32 hex digits) with what it cost, null while that is unknown:
    ///
    ///     {"schema": 1, "cards": [{"idm": "0114A1B2C3D4E5F6", "account": "交通系IC",
    ///       "records": [["16010002322E01E601D8100600041A00", 420], ["1F020000322E01D80000C81100041B00", -3000]]}]}
    ///
    /// Unlike the other files it is this machine's record of what it read, not a setting the household shares: it is
    /// written by an import in the same commit as the items (`StoreTransaction.setFile`) and does not sync.
    public static var icCards: Self {
        SettingsFile(
            name: "ic-cards.json", schema: 1,
            shape: LocalizedText(
                en: "expected {\"schema\":1,\"cards\":[{\"idm\",\"account\",\"records\":[[\"32 hex digits\",yen or null]]}]}",
                ja: "{\"schema\":1,\"cards\":[{\"idm\",\"account\",\"records\":[[\"16 進 32 桁\",金額か null]]}]} の形が必要です"),
            duplicate: LocalizedText(en: "a second card with the same account or IDm", ja: "同じ口座か IDm のカードが 2 つあります"),
            empty: CardHistory(), members: ["cards"], read: CardsFile.read, write: CardsFile.write)
    }
}

/// ic-cards.json's members, read and written.
enum CardsFile {
    static func read(_ root: JSONValue, schema: Int) throws(SettingsFileProblem.Reason) -> CardHistory {
        guard let list = root["cards"]?.arrayValue else { throw .shape("cards") }
        var history = CardHistory()
        for (index, value) in list.enumerated() {
            let path = "cards[\(index)]"
            guard let fields = value.objectValue, fields.allSatisfy({ ["idm", "account", "records"].contains($0.0) }),
                let account = value["account"]?.stringValue, (try? DetailField.payment.validate(account)) == account,
                let records = value["records"]?.arrayValue
            else { throw .shape(path) }
            let idm: String?
            switch value["idm"] {
            case nil, .null?: idm = nil
            case .string(let text)? where text.utf8.count == 16 && text.utf8.allSatisfy(CardDump.isHexDigit): idm = text.uppercased()
            default: throw .shape(path + ".idm")
            }
            // An account is one card, and a card one account.
            guard !history.cards.contains(where: { $0.account == account || (idm != nil && $0.idm == idm) }) else { throw .duplicate(path) }
            var entries: [CardHistory.Entry] = []
            for (number, pair) in records.enumerated() {
                let at = "\(path).records[\(number)]"
                guard let parts = pair.arrayValue, parts.count == 2, let hex = parts[0].stringValue,
                    let bytes = try? CardDump.hexBytes(hex.utf8[...], line: 0), bytes.count == 16, let record = try? TransitRecord(bytes)
                else { throw .shape(at) }
                switch parts[1] {
                case .null: entries.append(CardHistory.Entry(record: record, amount: nil))
                case .integer(let amount) where abs(amount) <= 0xFFFF: entries.append(CardHistory.Entry(record: record, amount: amount))
                default: throw .shape(at)
                }
            }
            history.cards.append(CardHistory.Card(idm: idm, account: account, entries: entries))
        }
        return history
    }

    static func write(_ history: CardHistory) -> (schema: Int, members: [(String, JSONValue)]) {
        let cards = history.cards.map { card -> JSONValue in
            let records = card.entries.map { entry -> JSONValue in
                .array([.string(entry.record.hex), entry.amount.map { JSONValue.integer($0) } ?? .null])
            }
            return .object([("idm", card.idm.map(JSONValue.string) ?? .null), ("account", .string(card.account)), ("records", .array(records))])
        }
        return (1, [("cards", .array(cards))])
    }
}
