import KakeiboValues

/// Everything `kakeibo export` writes for the whole store, and `import` reads back: the items in the household
/// server's wire format, with the household's budgets, fixed costs and month notes beside them.
///
///     {"items": [{"id":"…","date":"20241203","name":"コーヒー","price":178,"category":0,"categorySub":1}],
///      "budgets": {"schema":1,"total":null,"categories":[…]},
///      "fixed": {"schema":1,"fixed":[…]},
///      "notes": {"schema":1,"notes":{"2024-12":"…"}}}
///
/// `items` is exactly the array an export of a year or a month is (and an older kakeibo imports); the other three
/// are the store's own files, as `budgets.json`, `fixed.json` and `notes.json` hold them. Reading accepts that array
/// alone too, and skips keys it doesn't know, so a later kakeibo can add some.
public struct ExportDocument: Hashable, Sendable {
    public var items: [WireItem]
    /// nil when the document has none (a bare array of items).
    public var budgets: Budgets?
    public var fixed: FixedCosts?
    public var notes: [YearMonth: String]?

    public init(items: [WireItem], budgets: Budgets? = nil, fixed: FixedCosts? = nil, notes: [YearMonth: String]? = nil) {
        self.items = items
        self.budgets = budgets
        self.fixed = fixed
        self.notes = notes
    }

    /// Whether it carries settings as well as items.
    public var hasSettings: Bool { budgets != nil || fixed != nil || notes != nil }

    /// The whole document: items, then budgets, fixed costs and notes (each written, empty or not).
    public func encode(taxonomy: Taxonomy) -> [UInt8] {
        var bytes = Array("{\"items\": ".utf8)
        var items = WireFormat.encode(self.items)
        if items.last == UInt8(ascii: "\n") { items.removeLast() }
        bytes += items
        func part(_ key: String, _ encoded: [UInt8]) {
            var encoded = encoded
            if encoded.last == UInt8(ascii: "\n") { encoded.removeLast() }
            bytes += Array(",\n\"\(key)\": ".utf8) + encoded
        }
        part("budgets", SettingsFile.budgets.encode(budgets ?? Budgets(), taxonomy))
        part("fixed", SettingsFile.fixedCosts.encode(fixed ?? FixedCosts()))
        part("notes", SettingsFile.notes.encode(notes ?? [:]))
        return bytes + Array("}\n".utf8)
    }

    /// A document, or a bare array of items (what `export` of a period, an older kakeibo and the server write).
    public static func decode(_ bytes: [UInt8]) throws(WireProblem) -> ExportDocument {
        if bytes.first(where: { !whitespace.contains($0) }) != UInt8(ascii: "{") {
            return ExportDocument(items: try WireFormat.decode(bytes))
        }
        return try WireFormat.readDocument(bytes) { scanner in
            var document = ExportDocument(items: [])
            var sawItems = false
            try scanner.beginObject()
            while let key = try scanner.nextKey() {
                switch key {
                case "items":
                    guard try scanner.peekKind() == .array else { throw WireProblem.notAnArray }
                    try scanner.beginArray()
                    document.items = try WireFormat.decodeArray(&scanner)
                    sawItems = true
                case "budgets": document.budgets = try settings(key, .budgets, &scanner)
                case "fixed": document.fixed = try settings(key, .fixedCosts, &scanner)
                case "notes": document.notes = try settings(key, .notes, &scanner)
                default: try scanner.skipValue()
                }
            }
            guard sawItems else { throw WireProblem.notAnArray }
            return document
        }
    }

    /// One settings part, read as its own file would be: its bytes, and the file's reader.
    private static func settings<Value, Context>(
        _ key: String, _ file: SettingsFile<Value, Context>, _ scanner: inout JSONScanner
    ) throws(WireProblem) -> Value {
        var writer = JSONWriter()
        do throws(JSONError) { try JSONValue.read(&scanner).write(to: &writer) } catch { throw .syntax(error) }
        do throws(SettingsFileProblem) { return try file.decode(writer.bytes) } catch {
            throw .settings(key, LocalizedText(en: error.message(in: .en), ja: error.message(in: .ja)))
        }
    }

    private static let whitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
}
