import KakeiboValues

/// The on-disk form of a month's summary (`.summary/2024-12.json` in the store), made from a month file's items:
///
///     {"schema":2,"month":"2024-12","source":{"schema":1,"bytes":745968,"hash":"…"},"sums":[
///     {"category":0,"subcategory":1,"total":6982,"count":22}
///     ],"days":[
///     [3,0,1,1280,4]
///     ]}
///
/// `source` is the fingerprint of the month file it was made from. `days` (schema 3) are the same sums day by day,
/// `[day, category, subcategory or null, total, count]`, for periods that cover part of the month (a month from
/// payday); they must add up to exactly `sums`. A summary is only ever a shortcut: anything
/// unexpected in it — a version, a field, a value, totals its month file can't add up to — makes `decode` return nil and the store reads the month itself.
public enum SummaryFileCodec {
    /// Bump it when what a summary counts changes (say, a sync state whose items reports leave out): summaries
    /// written before then are passed over, and their months read, until each month is written again.
    /// Schema 2 only renamed the source's `"xxh64"` to `"hash"` (see `Fingerprint`), so schema 1 is still read;
    /// schema 3 added `days`, so a summary of schema 1 or 2 still gives its month's sums, and only a part of its month
    /// is read from the month file.
    public static let schemaVersion = 3

    /// The schemas read, and the key each stores the source's hash under.
    /// The source fingerprint's key in each schema (a switch, not a dictionary: a dictionary's first use costs start-up).
    static func hashKey(schema: Int) -> String? {
        switch schema {
        case 1: Fingerprint.schema1Key
        case 2, 3: Fingerprint.key
        default: nil
        }
    }

    /// The summary file; with `days`, of the current schema, else of schema 2 (which has none).
    public static func encode(_ summary: MonthSummary, source: Fingerprint, days: DaySums? = nil) -> [UInt8] {
        var writer = JSONWriter(capacity: 160 + summary.sums.count * 64 + (days?.rows.count ?? 0) * 32)
        writer.raw("{\"schema\":")
        writer.integer(days == nil ? 2 : schemaVersion)
        writer.raw(",\"month\":")
        writer.string(summary.month.iso)
        writer.raw(",\"source\":{\"schema\":")
        writer.integer(MonthFileCodec.schemaVersion)
        writer.raw(",\"bytes\":")
        writer.integer(source.byteCount)
        writer.raw(",\"\(Fingerprint.key)\":")
        writer.string(source.hex)
        writer.raw("},\"sums\":[")
        for (index, (code, sum)) in summary.sums.sorted(by: { $0.key < $1.key }).enumerated() {
            writer.raw(index == 0 ? "\n{\"category\":" : ",\n{\"category\":")
            writer.integer(code.category)
            writer.raw(",\"subcategory\":")
            if let sub = code.subcategory { writer.integer(sub) } else { writer.raw("null") }
            writer.raw(",\"total\":")
            writer.integer(sum.total.amount)
            writer.raw(",\"count\":")
            writer.integer(sum.count)
            writer.raw("}")
        }
        if let days {
            writer.raw("\n],\"days\":[")
            var first = true
            for row in days.rows {
                writer.raw(first ? "\n[" : ",\n[")
                first = false
                writer.integer(row.day)
                writer.raw(",")
                writer.integer(row.code.category)
                writer.raw(",")
                if let sub = row.code.subcategory { writer.integer(sub) } else { writer.raw("null") }
                writer.raw(",")
                writer.integer(row.sum.total.amount)
                writer.raw(",")
                writer.integer(row.sum.count)
                writer.raw("]")
            }
        }
        writer.raw("\n]}\n")
        return writer.bytes
    }

    /// The summary and the fingerprint of the month file it describes, or nil if the bytes are not exactly a summary
    /// of `month` in the form this kakeibo writes. Read with the scanner, not as a `JSONValue` tree: a report reads
    /// two or three summaries, and building their trees (dictionaries of strings) is a measurable part of `kakeibo
    /// month` (docs/performance.md).
    /// (Its `days` are passed over, unread: a year reads twelve summaries and needs none of them.)
    public static func decode(_ bytes: [UInt8], month: YearMonth) -> (summary: MonthSummary, source: Fingerprint)? {
        decode(bytes, month: month, readingDays: false).map { ($0.summary, $0.source) }
    }

    /// The summary, the fingerprint and the day-by-day sums, or nil if the bytes are not exactly a summary of `month`
    /// with days (schema 3) that add up to its sums.
    public static func decodeWithDays(_ bytes: [UInt8], month: YearMonth) -> (summary: MonthSummary, source: Fingerprint, days: DaySums)? {
        guard let decoded = decode(bytes, month: month, readingDays: true), let days = decoded.days else { return nil }
        return (decoded.summary, decoded.source, days)
    }

    private static func decode(_ bytes: [UInt8], month: YearMonth, readingDays: Bool) -> (
        summary: MonthSummary, source: Fingerprint, days: DaySums?
    )? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            return try? decode(&scanner, month: month, readingDays: readingDays)
        }
    }

    /// What a summary file says, member by member: each key once, each value of its kind, nothing else.
    private static func decode(_ scanner: inout JSONScanner, month: YearMonth, readingDays: Bool) throws(JSONError) -> (
        summary: MonthSummary, source: Fingerprint, days: DaySums?
    )? {
        var schema: Int?
        var monthText: String?
        var source: (schema: Int, byteCount: Int, hashKey: String, hex: String)?
        var sums: [CategoryCode: MonthSummary.Sum]?
        var sawDays = false
        var days: DaySums?
        guard try scanner.peekKind() == .object else { return nil }
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "schema": guard try integer(&schema, &scanner) else { return nil }
            case "month": guard try string(&monthText, &scanner) else { return nil }
            case "source":
                guard source == nil, let read = try readSource(&scanner) else { return nil }
                source = read
            case "sums":
                guard sums == nil, let read = try readSums(&scanner) else { return nil }
                sums = read
            case "days":
                guard !sawDays else { return nil }
                sawDays = true
                if readingDays {
                    guard let read = try readDays(&scanner) else { return nil }
                    days = read
                } else {
                    guard try scanner.skipArrayOfNumbers() else { return nil }
                }
            default: return nil
            }
        }
        try scanner.end()
        guard let schema, let hashKey = hashKey(schema: schema), sawDays == (schema >= 3), monthText == month.iso, let source, let sums,
            source.hashKey == hashKey, source.schema == MonthFileCodec.schemaVersion, source.byteCount > 0,
            let fingerprint = Fingerprint(byteCount: source.byteCount, hex: source.hex)
        else { return nil }
        let summary = MonthSummary(month: month, sums: sums)
        // Totals its month file can't add up to (a summary edited, or built to break a report) are not a summary.
        guard summary.isPossible(fromBytes: source.byteCount), days?.addUp(to: summary) ?? true else { return nil }
        return (summary, fingerprint, days)
    }

    /// The `days` rows, each `[3,0,1,1280,4]` (day, category, subcategory or null, total, count), in order by day and
    /// code as they are written; nil when any row is anything else.
    private static func readDays(_ scanner: inout JSONScanner) throws(JSONError) -> DaySums? {
        var rows: [DaySums.Row] = []
        rows.reserveCapacity(scanner.remaining / 20)
        guard try scanner.peekKind() == .array else { return nil }
        try scanner.beginArray()
        var row = [Int?](repeating: nil, count: 5)
        while try scanner.nextElement() {
            guard scanner.readIntegerRow(&row), let day = row[0], let category = row[1], let total = row[3], let count = row[4] else {
                return nil
            }
            let subcategory = row[2]
            let code = CategoryCode(category, subcategory)
            // A day outside 1…31 is refused with the rest when the days are held to the month (`DaySums.addUp`).
            guard (0...31).contains(day) else { return nil }
            rows.append(DaySums.Row(day: day, code: code, sum: MonthSummary.Sum(total: Yen(total), count: count)))
        }
        return DaySums(ordered: rows)
    }

    /// `{"schema":1,"bytes":745968,"hash":"…"}` (`"xxh64"` in schema 1), or nil when it is anything else.
    private static func readSource(_ scanner: inout JSONScanner) throws(JSONError) -> (
        schema: Int, byteCount: Int, hashKey: String, hex: String
    )? {
        var schema: Int?
        var byteCount: Int?
        var hashKey: String?
        var hex: String?
        guard try scanner.peekKind() == .object else { return nil }
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "schema": guard try integer(&schema, &scanner) else { return nil }
            case "bytes": guard try integer(&byteCount, &scanner) else { return nil }
            case Fingerprint.key, Fingerprint.schema1Key:
                guard try string(&hex, &scanner) else { return nil }
                hashKey = key
            default: return nil
            }
        }
        guard let schema, let byteCount, let hashKey, let hex else { return nil }
        return (schema, byteCount, hashKey, hex)
    }

    /// The `sums` rows, each `{"category":0,"subcategory":1,"total":6982,"count":22}` (subcategory may be null), no
    /// code twice; nil when any row is anything else.
    private static func readSums(_ scanner: inout JSONScanner) throws(JSONError) -> [CategoryCode: MonthSummary.Sum]? {
        var sums: [CategoryCode: MonthSummary.Sum] = [:]
        guard try scanner.peekKind() == .array else { return nil }
        try scanner.beginArray()
        while try scanner.nextElement() {
            var category: Int?
            var subcategory: Int??
            var total: Int?
            var count: Int?
            guard try scanner.peekKind() == .object else { return nil }
            try scanner.beginObject()
            while let key = try scanner.nextKey() {
                switch key {
                case "category": guard try integer(&category, &scanner) else { return nil }
                case "subcategory":
                    var code: Int?
                    guard subcategory == nil else { return nil }
                    if !scanner.readNull() {
                        guard try integer(&code, &scanner) else { return nil }
                    }
                    subcategory = .some(code)
                case "total": guard try integer(&total, &scanner) else { return nil }
                case "count": guard try integer(&count, &scanner) else { return nil }
                default: return nil
                }
            }
            guard let category, let subcategory, let total, let count, count > 0 else { return nil }
            let code = CategoryCode(category, subcategory)
            guard sums[code] == nil else { return nil }
            sums[code] = MonthSummary.Sum(total: Yen(total), count: count)
        }
        return sums
    }

    /// Reads a whole number into an empty slot; false when the slot is filled already (a key given twice) or the
    /// value is of another kind (and throws for "1.5").
    private static func integer(_ slot: inout Int?, _ scanner: inout JSONScanner) throws(JSONError) -> Bool {
        guard slot == nil, try scanner.peekKind() == .number else { return false }
        slot = try scanner.readInteger()
        return true
    }

    /// Reads a string into an empty slot; false when the slot is filled already or the value is of another kind.
    private static func string(_ slot: inout String?, _ scanner: inout JSONScanner) throws(JSONError) -> Bool {
        guard slot == nil, try scanner.peekKind() == .string else { return false }
        slot = try scanner.readString()
        return true
    }
}
