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
        part("budgets", BudgetCodec.encode(budgets ?? Budgets(), taxonomy: taxonomy))
        part("fixed", FixedCostCodec.encode(fixed ?? FixedCosts()))
        part("notes", NoteCodec.encode(notes ?? [:]))
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
                case "budgets":
                    let bytes = try part(&scanner)
                    do throws(BudgetFileProblem) { document.budgets = try BudgetCodec.decode(bytes) } catch {
                        throw settings(key, error.message(in:))
                    }
                case "fixed":
                    let bytes = try part(&scanner)
                    do throws(FixedCostFileProblem) { document.fixed = try FixedCostCodec.decode(bytes) } catch {
                        throw settings(key, error.message(in:))
                    }
                case "notes":
                    let bytes = try part(&scanner)
                    do throws(NoteFileProblem) { document.notes = try NoteCodec.decode(bytes) } catch {
                        throw settings(key, error.message(in:))
                    }
                default: try scanner.skipValue()
                }
            }
            guard sawItems else { throw WireProblem.notAnArray }
            return document
        }
    }

    private static func settings(_ key: String, _ message: (Language) -> String) -> WireProblem {
        .settings(key, LocalizedText(en: message(.en), ja: message(.ja)))
    }

    /// One settings part's bytes, as its own file would hold them.
    private static func part(_ scanner: inout JSONScanner) throws(JSONError) -> [UInt8] {
        var writer = JSONWriter()
        try JSONValue.read(&scanner).write(to: &writer)
        return writer.bytes
    }

    private static let whitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
}
