import KakeiboValues

extension SettingsFile<[String], Void> {
    /// The ids of items deleted here or by a sync (`removed.json` in the store), oldest first, so that importing their
    /// file again brings none of them back:
    ///
    ///     {"schema": 1, "ids": ["z:83d32572", "mf:mfNov24E20"]}
    ///
    /// Written in the same change as the months it deletes from; the newest `RemovedLines.kept` are kept.
    public static var removedLines: Self {
        SettingsFile(
            name: "removed.json", schema: 1,
            shape: LocalizedText(en: "expected {\"schema\":1,\"ids\":[\"id\"]}", ja: "{\"schema\":1,\"ids\":[\"id\"]} の形が必要です"),
            empty: [], members: ["ids"], read: RemovedLinesFile.read, write: RemovedLinesFile.write)
    }
}

/// removed.json's members, read and written.
enum RemovedLinesFile {
    static func read(_ root: JSONValue, schema: Int) throws(SettingsFileProblem.Reason) -> [String] {
        guard let values = root["ids"]?.arrayValue else { throw .shape("ids") }
        let ids = values.compactMap(\.stringValue)
        guard ids.count == values.count, ids.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 200 }) else { throw .shape("ids") }
        return ids
    }

    static func write(_ ids: [String]) -> (schema: Int, members: [(String, JSONValue)]) {
        (1, [("ids", .array(ids.map(JSONValue.string)))])
    }
}
