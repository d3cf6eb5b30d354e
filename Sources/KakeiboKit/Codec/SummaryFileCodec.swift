/// The on-disk form of a month's summary (`.summary/2024-12.json` in the store), made from a month file's items:
///
///     {"schema":2,"month":"2024-12","source":{"schema":1,"bytes":745968,"hash":"…"},"sums":[
///     {"category":0,"subcategory":1,"total":6982,"count":22}
///     ]}
///
/// `source` is the fingerprint of the month file it was made from. A summary is only ever a shortcut: anything
/// unexpected in it — a version, a field, a value, totals its month file can't add up to — makes `decode` return nil and the store reads the month itself.
public enum SummaryFileCodec {
    /// Bump it when what a summary counts changes (say, a sync state whose items reports leave out): summaries
    /// written before then are passed over, and their months read, until each month is written again.
    /// Schema 2 only renamed the source's `"xxh64"` to `"hash"` (see `Fingerprint`), so schema 1 is still read.
    public static let schemaVersion = 2

    /// The schemas read, and the key each stores the source's hash under.
    /// The source fingerprint's key in each schema (a switch, not a dictionary: a dictionary's first use costs start-up).
    static func hashKey(schema: Int) -> String? {
        switch schema {
        case 1: Fingerprint.schema1Key
        case 2: Fingerprint.key
        default: nil
        }
    }

    public static func encode(_ summary: MonthSummary, source: Fingerprint) -> [UInt8] {
        var writer = JSONWriter(capacity: 160 + summary.sums.count * 64)
        writer.raw("{\"schema\":")
        writer.integer(schemaVersion)
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
        writer.raw("\n]}\n")
        return writer.bytes
    }

    /// The summary and the fingerprint of the month file it describes, or nil if the bytes are not exactly a summary
    /// of `month` in the form this kakeibo writes.
    public static func decode(_ bytes: [UInt8], month: YearMonth) -> (summary: MonthSummary, source: Fingerprint)? {
        guard let root = try? JSONValue.parse(bytes), has(root, ["schema", "month", "source", "sums"]),
            let hashKey = root["schema"]?.intValue.flatMap(hashKey(schema:)), root["month"]?.stringValue == month.iso,
            let source = root["source"], has(source, ["schema", "bytes", hashKey]),
            source["schema"]?.intValue == MonthFileCodec.schemaVersion,
            let byteCount = source["bytes"]?.intValue, byteCount > 0,
            let fingerprint = source[hashKey]?.stringValue.flatMap({ Fingerprint(byteCount: byteCount, hex: $0) }),
            let rows = root["sums"]?.arrayValue
        else { return nil }
        var sums: [CategoryCode: MonthSummary.Sum] = [:]
        for row in rows {
            guard has(row, ["category", "subcategory", "total", "count"]), let category = row["category"]?.intValue,
                let total = row["total"]?.intValue, let count = row["count"]?.intValue, count > 0
            else { return nil }
            let subcategory: Int?
            switch row["subcategory"] {
            case .integer(let value): subcategory = value
            case .null: subcategory = nil
            default: return nil
            }
            let code = CategoryCode(category, subcategory)
            guard sums[code] == nil else { return nil }
            sums[code] = MonthSummary.Sum(total: Yen(total), count: count)
        }
        let summary = MonthSummary(month: month, sums: sums)
        // Totals its month file can't add up to (a summary edited, or built to break a report) are not a summary.
        guard summary.isPossible(fromBytes: byteCount) else { return nil }
        return (summary, fingerprint)
    }

    /// Whether the value is an object with exactly these keys.
    private static func has(_ value: JSONValue, _ keys: Set<String>) -> Bool {
        guard let members = value.objectValue else { return false }
        return Set(members.map(\.0)) == keys && members.count == keys.count
    }
}
