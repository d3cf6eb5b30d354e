import KakeiboValues

/// Why a notes file was refused.
public enum NoteFileProblem: Error, Equatable, Sendable {
    case syntax(JSONError)
    case shape(String)
    case schemaNewer(found: Int)

    public func message(in language: Language) -> String {
        switch self {
        case .syntax(let error): return language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .shape(let path):
            return language.pick(
                "\(path): expected {\"schema\":1,\"notes\":{\"YYYY-MM\":\"text\"}}",
                "\(path): {\"schema\":1,\"notes\":{\"YYYY-MM\":\"text\"}} の形が必要です")
        case .schemaNewer(let found): return SchemaText.newer(found: found, understood: NoteCodec.schemaVersion, language)
        }
    }
}

/// The household's month notes (`notes.json` in the store), oldest month first:
///
///     {"schema": 1, "notes": {"2024-12": "Eating out less worked."}}
public enum NoteCodec {
    public static let schemaVersion = 1

    public static func decode(_ bytes: [UInt8]) throws(NoteFileProblem) -> [YearMonth: String] {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw .syntax(error) }
        guard let members = root.objectValue, members.allSatisfy({ ["schema", "notes"].contains($0.0) }) else { throw .shape("notes file") }
        guard let schema = root["schema"]?.intValue, schema >= 1 else { throw .shape("schema") }
        guard schema <= schemaVersion else { throw .schemaNewer(found: schema) }
        guard let entries = root["notes"]?.objectValue else { throw .shape("notes") }
        var notes: [YearMonth: String] = [:]
        for (key, value) in entries {
            guard let month = YearMonth.parseISO(key), let text = value.stringValue else { throw .shape("notes." + key) }
            notes[month] = text
        }
        return notes
    }

    public static func encode(_ notes: [YearMonth: String]) -> [UInt8] {
        var writer = JSONWriter()
        let entries = notes.sorted { $0.key < $1.key }.map { ($0.key.iso, JSONValue.string($0.value)) }
        JSONValue.object([("schema", .integer(schemaVersion)), ("notes", .object(entries))]).write(to: &writer)
        writer.raw("\n")
        return writer.bytes
    }
}
