import KakeiboStore
import KakeiboValues

/// The item a card's fare, bus ride or purchase becomes: named from the station table or the kind of record, the
/// card's account as its payment, filed by the household's rules, then by history, then as transport (a fare) or
/// unfiled (a purchase).
enum CardItems {
    static func item(_ record: TransitRecord, id: String, price: Int, account: String, filing: CardFiling) throws -> WireItem {
        let (name, shop, memo) = describe(record)
        let taxonomy = filing.filer.taxonomy
        let filed = try filing.filer.file([name], unfiled: true)
        var category = filed.category
        if filed.reason == .unfiled {
            switch record.kind {
            case .fare: category = taxonomy.transitCategory(bus: false)
            case .bus: category = taxonomy.transitCategory(bus: true)
            default: break
            }
        }
        var details = ItemDetails(payment: account, shop: shop, memo: memo, member: filed.member ?? filing.member)
        // The card knows how it was paid: a rule's payment doesn't apply.
        details.tags = Tags.adding(filing.tags, to: filed.tags)
        guard details.tags.count <= Tags.maximumCount else { throw TagError.tooMany(count: details.tags.count) }
        return WireItem(
            id: id, date: record.date, name: ItemName.shortened(filed.name ?? name), price: Yen(price), category: category, details: details)
    }

    /// The item's name, shop and memo: a fare "高槻 → 京都" (a station the table doesn't know shown as its code,
    /// "001-222") at its railway; a bus ride "バス"; a purchase "物販 1A2B" or "自販機 0C31" (the terminal's id, so
    /// that filing one teaches the next), its time in the memo.
    static func describe(_ record: TransitRecord) -> (name: String, shop: String?, memo: String?) {
        switch record.kind {
        case .bus:
            return ("バス", nil, "事業者 \(record.busOperator) 停留所 \(record.busStop)")
        case .purchase:
            let time = record.purchaseTime
            let word = record.terminal == 0xC8 ? "自販機" : record.process & 0x7F == 0x4A ? "物販取消" : "物販"
            return ("\(word) \(record.terminalID)", nil, "\(twoDigits(time.hour)):\(twoDigits(time.minute)):\(twoDigits(time.second))")
        default:
            let entry = StationTable.station(record.entry)
            let exit = record.exit.isNone ? nil : StationTable.station(record.exit)
            let entryName = entry?.shortName ?? record.entry.code
            let railway = [exit, entry].compactMap { $0 }.first { !$0.isSharedGate }?.company
            guard !record.exit.isNone else {
                let word: String =
                    switch record.process & 0x7F {
                    case 0x03: "きっぷ"
                    case 0x04, 0x05: "精算"
                    default: "運賃"
                    }
                return ("\(word) \(entryName)", railway, nil)
            }
            return ("\(entryName) → \(exit?.shortName ?? record.exit.code)", railway, nil)
        }
    }

    private static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
}

extension ItemName {
    /// A made-up name cut to the most an item's name holds.
    static func shortened(_ name: String) -> String {
        name.count <= maximumLength ? name : trimWhitespace(String(name.prefix(maximumLength)))
    }
}

extension Taxonomy {
    /// Where a card's fare goes when nothing has filed it: the category or subcategory called 電車 (バス for a bus),
    /// else 交通費, else the unfiled category (any taxonomy: the household's, the app's 娯楽費/交通費, one's own).
    package func transitCategory(bus: Bool) -> CategoryCode {
        for word in bus ? ["バス", "bus", "交通費", "transport"] : ["電車", "train", "交通費", "transport"] {
            if let code = try? resolve(word), !isIncome(code) { return code }
        }
        return unfiled
    }
}
