import KakeiboValues

extension SettingsFile<[YearMonth: String], Void> {
    /// The household's month notes (`notes.json` in the store), oldest month first:
    ///
    ///     {"schema": 1, "notes": {"2024-12": "Eating out less worked."}}
    public static var notes: Self {
        SettingsFile(
            name: "notes.json", schema: 1,
            shape: LocalizedText(
                en: "expected {\"schema\":1,\"notes\":{\"YYYY-MM\":\"text\"}}", ja: "{\"schema\":1,\"notes\":{\"YYYY-MM\":\"text\"}} の形が必要です"),
            empty: [:], members: ["notes"], read: NotesFile.read, write: NotesFile.write)
    }
}

/// notes.json's members, read and written.
enum NotesFile {
    static func read(_ root: JSONValue, schema: Int) throws(SettingsFileProblem.Reason) -> [YearMonth: String] {
        guard let entries = root["notes"]?.objectValue else { throw .shape("notes") }
        var notes: [YearMonth: String] = [:]
        for (key, value) in entries {
            guard let month = YearMonth.parseISO(key), let text = value.stringValue else { throw .shape("notes." + key) }
            notes[month] = text
        }
        return notes
    }

    static func write(_ notes: [YearMonth: String]) -> (schema: Int, members: [(String, JSONValue)]) {
        (1, [("notes", .object(notes.sorted { $0.key < $1.key }.map { ($0.key.iso, JSONValue.string($0.value)) }))])
    }
}
