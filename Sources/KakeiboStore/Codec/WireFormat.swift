import KakeiboValues

/// Why a file or body of items in the household server's wire format was refused.
public enum WireProblem: Error, Equatable, Sendable {
    case syntax(JSONError)
    case notAnArray
    case item(ItemProblem)
    case duplicateID(index: Int, firstIndex: Int, id: String)
    /// An export's budgets, fixed costs or notes (the key) that its own file's reader refuses (why).
    case settings(String, LocalizedText)

    public func message(in language: Language) -> String {
        switch self {
        case .syntax(let error): return language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .notAnArray: return language.pick("expected a JSON array of items", "データの JSON 配列が必要です")
        case .item(let problem): return problem.message(in: language)
        case .settings(let key, let why): return "\(key): " + why(language)
        case .duplicateID(let index, let firstIndex, let id):
            return language.pick(
                "item [\(index)] repeats the id \(id) of item [\(firstIndex)]",
                "[\(index)] 番のデータの ID \(id) が [\(firstIndex)] 番と重複しています")
        }
    }
}

/// One item as the household server sends and receives it:
/// `{"id":"…","date":"20241203","name":"コーヒー","price":178,"category":0,"categorySub":1}`.
public struct WireItem: Hashable, Sendable {
    public var id: String
    public var date: CalendarDate
    public var name: String
    public var price: Yen
    public var category: CategoryCode
    /// Optional keys `payment`, `shop`, `memo`, `member` (strings) and `personal` (a boolean): sent only when set.
    public var details: ItemDetails

    public init(id: String, date: CalendarDate, name: String, price: Yen, category: CategoryCode, details: ItemDetails = .none) {
        self.id = id
        self.date = date
        self.name = name
        self.price = price
        self.category = category
        self.details = details
    }

    /// The item as the server has it: without what only this store keeps (where its member came from, the
    /// statement's 利用者), so a copy
    /// from the server and the item here compare equal when the server has it.
    public init(_ item: Item) {
        var details = item.details
        if details.memberFrom != nil { details.memberFrom = nil }
        if details.user != nil { details.user = nil }
        self.init(id: item.id, date: item.date, name: item.name, price: item.price, category: item.category, details: details)
    }

    /// This copy with the details of the item here that it doesn't carry: what a pull keeps of an item (the app's
    /// server has six fields, so a memo, a member or tags exist only here) and what a confirmation compares.
    public func keeping(_ local: Item?) -> WireItem {
        guard let local else { return self }
        var copy = self
        copy.details = details.over(local.details)
        // Legs kept from here that the copy's price no longer fits (the app changed it): the whole price on its payment.
        if details.legs.isEmpty, (try? PaymentLeg.validate(copy.details.legs, price: price, entry: false)) == nil { copy.details.legs = [] }
        return copy
    }

    /// The item as stored here, recorded at `added` with the given sync state.
    public func item(added: Timestamp, sync: SyncState) -> Item {
        Item(id: id, date: date, name: name, price: price, category: category, added: added, sync: sync, details: details)
    }
}

/// Reads and writes the household server's wire format: a JSON array of items.
///
/// Lenient where a spreadsheet is: `categorySub` may be a number, null, missing or "" (all but a number mean none);
/// an id may be a string or a number; the date may be "20241203" or "2024-12-03"; fields it doesn't know are ignored.
/// Strict everywhere else: every item is validated, and one bad item refuses the whole array.
public enum WireFormat {
    public static func decode(_ bytes: [UInt8]) throws(WireProblem) -> [WireItem] {
        try readArray(bytes, decodeArray)
    }

    /// Reads a JSON array of items with `body`, which starts at the array and reads every element: a JSON error
    /// becomes `.syntax`, anything that isn't an array `.notAnArray`.
    static func readArray<T>(_ bytes: [UInt8], _ body: (inout JSONScanner) throws -> T) throws(WireProblem) -> T {
        try readDocument(bytes) { scanner in
            guard try scanner.peekKind() == .array else { throw WireProblem.notAnArray }
            try scanner.beginArray()
            return try body(&scanner)
        }
    }

    /// Reads one JSON document with `body`, which must read all of it: a JSON error becomes `.syntax`, any error
    /// that is no `WireProblem` `.notAnArray`.
    static func readDocument<T>(_ bytes: [UInt8], _ body: (inout JSONScanner) throws -> T) throws(WireProblem) -> T {
        var result: Result<T, WireProblem>?
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do {
                let value = try body(&scanner)
                try scanner.end()
                result = .success(value)
            } catch let error as WireProblem {
                result = .failure(error)
            } catch let error as JSONError {
                result = .failure(.syntax(error))
            } catch {
                result = .failure(.notAnArray)
            }
        }
        return try (result ?? .failure(.notAnArray)).get()
    }

    public static func encode(_ items: [WireItem]) -> [UInt8] {
        var writer = JSONWriter(capacity: 2 + items.count * 120)
        writer.raw("[")
        for (index, item) in items.enumerated() {
            writer.raw(index == 0 ? "\n" : ",\n")
            writer.itemFields(item.id, date: item.date.compact, item.name, item.price, item.category, subcategoryKey: "categorySub")
            writer.details(item.details)
            writer.raw("}")
        }
        writer.raw(items.isEmpty ? "]\n" : "\n]\n")
        return writer.bytes
    }

    static func decodeArray(_ scanner: inout JSONScanner) throws -> [WireItem] {
        var items: [WireItem] = []
        var firstIndex: [String: Int] = [:]
        while try scanner.nextElement() {
            let index = items.count
            let item = try decodeItem(&scanner, index: index)
            if let first = firstIndex[item.id] {
                throw WireProblem.duplicateID(index: index, firstIndex: first, id: item.id)
            }
            firstIndex[item.id] = index
            items.append(item)
        }
        return items
    }

    private static func decodeItem(_ scanner: inout JSONScanner, index: Int) throws(WireProblem) -> WireItem {
        do {
            let fields = try ItemReader.wire.read(&scanner)
            return WireItem(
                id: fields.id, date: fields.date, name: fields.name, price: fields.price, category: fields.category, details: fields.details)
        } catch {
            switch error {
            case .json(let error, _, _): throw .syntax(error)
            case .field(let problem, let id, let field): throw .item(ItemProblem(index: index, id: id, field: field, problem: problem))
            }
        }
    }
}
