import KakeiboValues

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
        case .schemaNewer(let found): return SchemaText.newer(found: found, understood: MonthFileCodec.newestSchemaVersion, language)
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
    /// The version this kakeibo writes for a month whose items carry no details (payment, shop, memo, member,
    /// personal); files with a version newer than `newestSchemaVersion` are refused, never rewritten.
    public static let schemaVersion = 1
    /// The version written when any item carries details: kakeibo before details refuses such a file with
    /// "schema version 2 is newer … upgrade kakeibo" rather than an unknown field.
    public static let detailsSchemaVersion = 2
    /// The version written when any item records a reimbursed amount: kakeibo before it refuses such a file as newer.
    public static let reimbursedSchemaVersion = 3
    /// The version written when any item carries tags: kakeibo before tags refuses such a file as newer (and so
    /// never rewrites it without them).
    public static let tagsSchemaVersion = 4
    /// The version written when any item is a transfer, a line merged into another item, or one split apart: kakeibo
    /// before accounts refuses such a file as newer (it would count those lines as spending).
    public static let ledgerSchemaVersion = 5
    /// The version written when any item says where its member came from (`memberFrom`): kakeibo before it refuses
    /// such a file as newer rather than as having an unknown field.
    public static let memberOriginSchemaVersion = 6
    /// The version written when any item is a purchase paid in parts (`legs`): kakeibo before it refuses such a file
    /// as newer rather than dropping the legs (and counting every part on one account).
    public static let legsSchemaVersion = 7
    /// The version written when any item keeps its statement's 利用者 (`user`) or has its member from a member rule
    /// (`memberFrom` "rule"): kakeibo before it refuses such a file as newer rather than dropping them.
    public static let statementUserSchemaVersion = 8
    /// The newest version this kakeibo reads.
    public static let newestSchemaVersion = 8

    /// The version a month of these items is written with: the oldest that holds everything they carry, so a store
    /// without the newer fields stays readable by an older kakeibo, byte for byte as it wrote it.
    static func version(of items: [Item]) -> Int {
        var version = schemaVersion
        if items.contains(where: { $0.details.user != nil || $0.details.memberFrom == .rule }) { return statementUserSchemaVersion }
        if items.contains(where: { !$0.details.legs.isEmpty }) { return legsSchemaVersion }
        if items.contains(where: { $0.details.memberFrom != nil }) { return memberOriginSchemaVersion }
        for item in items where !item.details.isEmpty {
            if item.details.transfer != nil || item.details.merged != nil || item.details.apart { return ledgerSchemaVersion }
            if !item.details.tags.isEmpty { version = tagsSchemaVersion }
            version = max(version, item.details.reimbursed != nil ? reimbursedSchemaVersion : detailsSchemaVersion)
        }
        return version
    }

    /// The month's items; with `days`, only those dated on those days of the month, the others stepped over as JSON
    /// without being built or checked — for a file whose items are known sound (see `LedgerStore.items(in:days:)`).
    public static func decode(_ bytes: [UInt8], month: YearMonth, days: ClosedRange<Int>? = nil) throws(MonthFileProblem) -> [Item] {
        guard !bytes.isEmpty else { throw .empty }
        var result: Result<[Item], MonthFileProblem> = .success([])
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            var items: [Item] = []
            var strict: [MonthFileProblem]? = nil
            do throws(MonthFileProblem) {
                try decodeDocument(&scanner, month: month, days: days, into: &items, log: &strict)
                result = .success(items)
            } catch { result = .failure(error) }
        }
        return try result.get()
    }

    /// Every problem in a month file rather than the first (for `kakeibo check`), and the items that are sound.
    /// A problem that leaves the rest unreadable (broken JSON, a newer schema) ends the reading.
    public static func inspect(_ bytes: [UInt8], month: YearMonth) -> (items: [Item], problems: [MonthFileProblem]) {
        guard !bytes.isEmpty else { return ([], [.empty]) }
        var items: [Item] = []
        var log: [MonthFileProblem]? = []
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do throws(MonthFileProblem) { try decodeDocument(&scanner, month: month, into: &items, log: &log) } catch {
                log?.append(error)
            }
        }
        return (items, log ?? [])
    }

    /// Records a problem when inspecting (`log` is non-nil); throws it when decoding, where the first one refuses the file.
    private static func note(_ problem: MonthFileProblem, _ log: inout [MonthFileProblem]?) throws(MonthFileProblem) {
        guard log != nil else { throw problem }
        log?.append(problem)
    }

    public static func encode(_ items: [Item], month: YearMonth) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + items.count * 200)
        writer.raw("{\"schema\":")
        writer.integer(version(of: items))
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
            writer.raw("\"")
            writer.details(item.details, stored: true)
            writer.raw("}")
        }
        writer.raw("\n]}\n")
        return writer.bytes
    }

    private static func decodeDocument(
        _ scanner: inout JSONScanner, month: YearMonth, days: ClosedRange<Int>? = nil, into items: inout [Item],
        log: inout [MonthFileProblem]?
    ) throws(MonthFileProblem) {
        var schema: Int?
        var monthText: String?
        var sawItems = false
        do {
            guard try scanner.peekKind() == .object else { throw MonthFileProblem.notAnObject }
            try scanner.beginObject()
            while let key = try scanner.nextKey() {
                switch key {
                case "schema":
                    guard try scanner.peekKind() == .number, let value = try? scanner.readInteger(), value > 0 else {
                        try note(.schemaInvalid, &log)
                        try scanner.skipValue()
                        continue
                    }
                    // Refuse a newer file before reading anything else: its items may mean something we don't know.
                    guard value <= newestSchemaVersion else { throw MonthFileProblem.schemaNewer(found: value) }
                    schema = value
                case "month":
                    guard try scanner.peekKind() == .string else {
                        try note(.monthMissing, &log)
                        try scanner.skipValue()
                        continue
                    }
                    monthText = try scanner.readString()
                case "items":
                    sawItems = true
                    // An item takes about 180 bytes in the file: reserving room for them saves regrowing as they come.
                    try decodeItems(
                        &scanner, month: month, days: days, into: &items, expectedCount: scanner.remaining / 180, log: &log)
                default:
                    try note(.unknownField(key), &log)
                    try scanner.skipValue()
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
        if schema == nil { try note(.schemaMissing, &log) }
        if let monthText {
            if monthText != month.iso { try note(.monthMismatch(found: monthText), &log) }
        } else if !(log?.contains(.monthMissing) ?? false) {
            try note(.monthMissing, &log)
        }
        if !sawItems { try note(.itemsMissing, &log) }
    }

    private static func decodeItems(
        _ scanner: inout JSONScanner, month: YearMonth, days: ClosedRange<Int>?, into items: inout [Item], expectedCount: Int,
        log: inout [MonthFileProblem]?
    ) throws {
        guard try scanner.peekKind() == .array else {
            try note(.itemsMissing, &log)
            return try scanner.skipValue()
        }
        try scanner.beginArray()
        var seen = Set<String>(minimumCapacity: expectedCount)
        items.reserveCapacity(expectedCount)
        var index = -1
        while try scanner.nextElement() {
            index += 1
            let start = log == nil ? nil : scanner // where to come back to, to step over an item that can't be used
            if let days, !dated(in: days, &scanner) { continue }
            let item: Item
            do { item = try decodeItem(&scanner) } catch {
                // Broken JSON ends the reading (reported once, as the file's problem); a bad value only this item.
                if log != nil, case .syntax(let broken) = error.problem { throw broken }
                try note(.item(ItemProblem(index: index, id: error.id, field: error.field, problem: error.problem)), &log)
                if let start { scanner = start }
                try scanner.skipValue()
                continue
            }
            guard month.contains(item.date) else {
                try note(.dateOutsideMonth(index: index, id: item.id, date: item.date), &log)
                continue
            }
            if let days, !days.contains(item.date.day) { continue }
            guard seen.insert(item.id).inserted else {
                try note(.duplicateID(item.id), &log)
                continue
            }
            items.append(item)
        }
    }

    /// Whether the item that comes next is dated on one of `days`; when it isn't, the item is passed over. Its date is
    /// found where kakeibo writes it (`{"id":"…","date":"YYYY-MM-DD"`); an item written otherwise counts as in, and
    /// is read whole and checked as usual.
    private static func dated(in days: ClosedRange<Int>, _ scanner: inout JSONScanner) -> Bool {
        guard let day = writtenDay(scanner.upcoming(96)), !days.contains(day) else { return true }
        return !scanner.passObject()
    }

    /// The day of the month of an item that starts `{"id":"…","date":"YYYY-MM-DD"`, from its bytes.
    private static func writtenDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        func matches(_ expected: StaticString, at start: Int) -> Bool {
            let count = expected.utf8CodeUnitCount
            guard start + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[start + offset] != expected.utf8Start[offset] { return false }
            return true
        }
        guard matches(#"{"id":""#, at: 0) else { return nil }
        var index = 7
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        guard matches(#"","date":""#, at: index) else { return nil }
        let day = index + 10 + 8 // past `","date":"` and `YYYY-MM-`
        guard day + 2 < bytes.count, bytes[day + 2] == UInt8(ascii: "\"") else { return nil }
        let (tens, ones) = (Int(bytes[day]) - 48, Int(bytes[day + 1]) - 48)
        guard (0...9).contains(tens), (0...9).contains(ones) else { return nil }
        return tens * 10 + ones
    }

    private struct ItemFailure: Error {
        var id: String?
        var field: String?
        var problem: FieldProblem
    }

    private static func decodeItem(_ scanner: inout JSONScanner) throws(ItemFailure) -> Item {
        let fields: ItemReader.Fields
        do { fields = try ItemReader.monthFile.read(&scanner) } catch {
            switch error {
            case .json(let error, let id, let field): throw ItemFailure(id: id, field: field, problem: .syntax(error))
            case .field(let problem, let id, let field): throw ItemFailure(id: id, field: field, problem: problem)
            }
        }
        guard let item = fields.storedItem else { throw ItemFailure(id: fields.id, field: "sync", problem: .missing) }
        return item
    }
}
