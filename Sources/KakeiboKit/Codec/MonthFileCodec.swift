/// Why a month file was refused.
public enum MonthFileProblem: Error, Equatable, Sendable {
    case empty
    case syntax(JSONError)
    case notAnObject
    case schemaMissing
    case schemaNewer(found: Int)
    case schemaInvalid
    case monthMissing
    case monthMismatch(found: String)
    case itemsMissing
    case unknownField(String)
    case item(ItemProblem)
    case duplicateID(String)
    case dateOutsideMonth(index: Int, id: String, date: CalendarDate)

    public func message(in language: Language) -> String {
        switch self {
        case .empty: return language.pick("the file is empty", "ファイルが空です")
        case .syntax(let error): return language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .notAnObject: return language.pick("not a kakeibo month file (expected a JSON object)", "kakeibo の月ファイルではありません（JSON オブジェクトが必要です）")
        case .schemaMissing: return language.pick("no schema version", "スキーマのバージョンがありません")
        case .schemaNewer(let found):
            return language.pick(
                "schema version \(found) is newer than this kakeibo understands (\(MonthFileCodec.schemaVersion)); upgrade kakeibo",
                "スキーマのバージョン \(found) はこの kakeibo（\(MonthFileCodec.schemaVersion)）より新しいです。kakeibo を更新してください")
        case .schemaInvalid: return language.pick("schema version is not a positive whole number", "スキーマのバージョンが正の整数ではありません")
        case .monthMissing: return language.pick("no \"month\" field", "\"month\" フィールドがありません")
        case .monthMismatch(let found):
            return language.pick("says it holds month '\(found)', not the month its name says", "ファイル名と違う月 '\(found)' のデータです")
        case .itemsMissing: return language.pick("no \"items\" array", "\"items\" 配列がありません")
        case .unknownField(let name): return language.pick("unknown field '\(name)'", "不明なフィールド '\(name)'")
        case .item(let problem): return problem.message(in: language)
        case .duplicateID(let id): return language.pick("id \(id) appears twice", "ID \(id) が 2 回あります")
        case .dateOutsideMonth(let index, let id, let date):
            return language.pick(
                "item [\(index)] (id \(id)) is dated \(date.iso), outside this file's month",
                "[\(index)] 番のデータ（ID \(id)）の日付 \(date.iso) がこのファイルの月の外です")
        }
    }
}

/// The on-disk form of one month: `{"schema":1,"month":"2024-12","items":[…]}`, one item per line.
public enum MonthFileCodec {
    /// The version this kakeibo writes; files with a newer one are refused, never rewritten.
    public static let schemaVersion = 1

    public static func decode(_ bytes: [UInt8], month: YearMonth) throws(MonthFileProblem) -> [Item] {
        guard !bytes.isEmpty else { throw .empty }
        var result: Result<[Item], MonthFileProblem> = .success([])
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do throws(MonthFileProblem) { result = .success(try decodeDocument(&scanner, month: month)) } catch { result = .failure(error) }
        }
        return try result.get()
    }

    public static func encode(_ items: [Item], month: YearMonth) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + items.count * 200)
        writer.raw("{\"schema\":")
        writer.integer(schemaVersion)
        writer.raw(",\"month\":")
        writer.string(month.iso)
        writer.raw(",\"items\":[")
        for (index, item) in items.enumerated() {
            writer.raw(index == 0 ? "\n" : ",\n")
            writer.itemFields(item.id, date: item.date.iso, item.name, item.price, item.category, subcategoryKey: "subcategory")
            writer.raw(",\"sync\":\"")
            writer.raw(item.sync.rawValue)
            writer.raw("\",\"added\":\"")
            writer.raw(item.added.iso)
            writer.raw("\"}")
        }
        writer.raw("\n]}\n")
        return writer.bytes
    }

    private static func decodeDocument(_ scanner: inout JSONScanner, month: YearMonth) throws(MonthFileProblem) -> [Item] {
        var schema: Int?
        var monthText: String?
        var items: [Item]?
        do {
            guard try scanner.peekKind() == .object else { throw MonthFileProblem.notAnObject }
            try scanner.beginObject()
            while let key = try scanner.nextKey() {
                switch key {
                case "schema":
                    guard try scanner.peekKind() == .number, let value = try? scanner.readInteger(), value > 0 else {
                        throw MonthFileProblem.schemaInvalid
                    }
                    // Refuse a newer file before reading anything else: its items may mean something we don't know.
                    guard value <= schemaVersion else { throw MonthFileProblem.schemaNewer(found: value) }
                    schema = value
                case "month":
                    guard try scanner.peekKind() == .string else { throw MonthFileProblem.monthMissing }
                    monthText = try scanner.readString()
                case "items":
                    // An item takes about 180 bytes in the file: reserving room for them saves regrowing as they come.
                    items = try decodeItems(&scanner, month: month, expectedCount: scanner.remaining / 180)
                default:
                    throw MonthFileProblem.unknownField(key)
                }
            }
            try scanner.end()
        } catch let error as JSONError {
            throw .syntax(error)
        } catch let error as MonthFileProblem {
            throw error
        } catch {
            throw .notAnObject
        }
        guard schema != nil else { throw .schemaMissing }
        guard let monthText else { throw .monthMissing }
        guard monthText == month.iso else { throw .monthMismatch(found: monthText) }
        guard let items else { throw .itemsMissing }
        return items
    }

    private static func decodeItems(_ scanner: inout JSONScanner, month: YearMonth, expectedCount: Int) throws -> [Item] {
        guard try scanner.peekKind() == .array else { throw MonthFileProblem.itemsMissing }
        try scanner.beginArray()
        var items: [Item] = []
        var seen = Set<String>(minimumCapacity: expectedCount)
        items.reserveCapacity(expectedCount)
        while try scanner.nextElement() {
            let index = items.count
            let item: Item
            do { item = try decodeItem(&scanner) } catch {
                throw MonthFileProblem.item(ItemProblem(index: index, id: error.id, field: error.field, problem: error.problem))
            }
            guard month.contains(item.date) else {
                throw MonthFileProblem.dateOutsideMonth(index: index, id: item.id, date: item.date)
            }
            guard seen.insert(item.id).inserted else { throw MonthFileProblem.duplicateID(item.id) }
            items.append(item)
        }
        return items
    }

    private struct ItemFailure: Error {
        var id: String?
        var field: String?
        var problem: FieldProblem
    }

    /// An item's fields in a month file.
    private enum ItemKey: String, CaseIterable {
        case id, date, name, price, category, subcategory, sync, added
    }

    private static let itemKeys = JSONKeys<ItemKey>()

    private static func decodeItem(_ scanner: inout JSONScanner) throws(ItemFailure) -> Item {
        var id: String?, date: CalendarDate?, name: String?, price: Yen?, category: Int?
        var subcategory: Int?? = .none
        var sync: SyncState?, added: Timestamp?
        var field: String?
        do {
            guard try scanner.peekKind() == .object else {
                throw ItemFailure(field: nil, problem: .wrongType(expected: .object))
            }
            try scanner.beginObject()
            while let match = try scanner.nextKey(itemKeys) {
                guard case .known(let key) = match else {
                    if case .other(let name) = match { field = name }
                    throw FieldProblem.unknownField
                }
                field = key.rawValue
                let reader = FieldReader(field: key.rawValue)
                switch key {
                case .id:
                    guard id == nil else { throw FieldProblem.duplicateField }
                    id = try ItemID.validate(try reader.string(&scanner))
                case .date:
                    guard date == nil else { throw FieldProblem.duplicateField }
                    date = try reader.date(&scanner)
                case .name:
                    guard name == nil else { throw FieldProblem.duplicateField }
                    name = try ItemName.validate(try reader.string(&scanner))
                case .price:
                    guard price == nil else { throw FieldProblem.duplicateField }
                    let value = Yen(try reader.integer(&scanner))
                    guard value.isValidPrice else {
                        throw FieldProblem.invalid(.price(String(value.amount), reason: value.amount == 0 ? .zero : .tooLarge))
                    }
                    price = value
                case .category:
                    guard category == nil else { throw FieldProblem.duplicateField }
                    category = try reader.integer(&scanner)
                case .subcategory:
                    guard subcategory == .none else { throw FieldProblem.duplicateField }
                    subcategory = .some(try reader.optionalInteger(&scanner))
                case .sync:
                    guard sync == nil else { throw FieldProblem.duplicateField }
                    let text = try reader.string(&scanner)
                    guard let state = SyncState(rawValue: text) else { throw FieldProblem.unknownSyncState(text) }
                    sync = state
                case .added:
                    guard added == nil else { throw FieldProblem.duplicateField }
                    added = try reader.timestamp(&scanner)
                }
            }
        } catch let problem as FieldProblem {
            throw ItemFailure(id: id, field: field, problem: problem)
        } catch let error as ValueError {
            throw ItemFailure(id: id, field: field, problem: .invalid(error))
        } catch let error as JSONError {
            throw ItemFailure(id: id, field: field, problem: .syntax(error))
        } catch let failure as ItemFailure {
            throw failure
        } catch {
            throw ItemFailure(id: id, field: field, problem: .missing)
        }
        func missing(_ name: String) -> ItemFailure { ItemFailure(id: id, field: name, problem: .missing) }
        guard let id else { throw missing("id") }
        guard let date else { throw missing("date") }
        guard let name else { throw missing("name") }
        guard let price else { throw missing("price") }
        guard let category else { throw missing("category") }
        guard case .some(let sub) = subcategory else { throw missing("subcategory") }
        guard let sync else { throw missing("sync") }
        guard let added else { throw missing("added") }
        return Item(
            id: id, date: date, name: name, price: price, category: CategoryCode(category, sub), added: added,
            sync: sync)
    }
}
