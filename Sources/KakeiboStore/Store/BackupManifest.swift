import KakeiboValues

/// A backup's `manifest.json`:
///
///     {"schema":3,"number":42,"operation":"import","time":"2024-12-15T09:00:00.000Z","undoes":null,"months":[
///     {"month":"2024-12","before":{"bytes":745,"hash":"…","items":3},"after":{"bytes":1210,"hash":"…","items":5}}
///     ],"files":[]}
///
/// Schema 3 added `"files"`: the store's own other files a change touched (`budgets.json`, `fixed.json`,
/// `notes.json`), each `{"file":"budgets.json","before":{"bytes":…,"hash":"…"},"after":…}`. Schemas 1 and 2 have
/// none, and are read as changes of months only.
///
/// Schema 1 differed only in calling each file's hash `"xxh64"` (see `Fingerprint`): backups made before the rename
/// are read, and undone, as they are.
enum BackupManifest {
    /// The schemas read, and the key each stores a file's hash under.
    static let hashKeys = [1: Fingerprint.schema1Key, 2: Fingerprint.key, 3: Fingerprint.key]

    static func encode(_ entry: Backups.Entry) -> [UInt8] {
        func fingerprint(_ fingerprint: Fingerprint?) -> JSONValue {
            guard let fingerprint else { return .null }
            return .object([("bytes", .integer(fingerprint.byteCount)), (Fingerprint.key, .string(fingerprint.hex))])
        }
        func file(_ record: Backups.FileRecord?) -> JSONValue {
            guard let record else { return .null }
            return .object([
                ("bytes", .integer(record.fingerprint.byteCount)), (Fingerprint.key, .string(record.fingerprint.hex)),
                ("items", .integer(record.items)),
            ])
        }
        let value = JSONValue.object([
            ("schema", .integer(Backups.schemaVersion)), ("number", .integer(entry.number)),
            ("operation", .string(entry.operation.name)), ("time", .string(entry.operation.time.iso)),
            ("undoes", entry.operation.undoes.map { .integer($0) } ?? .null),
            (
                "months",
                .array(entry.months.map { .object([("month", .string($0.month.iso)), ("before", file($0.before)), ("after", file($0.after))]) })
            ),
            (
                "files",
                .array(
                    entry.files.map { .object([("file", .string($0.name)), ("before", fingerprint($0.before)), ("after", fingerprint($0.after))]) })
            ),
        ])
        var writer = JSONWriter()
        value.write(to: &writer)
        writer.raw("\n")
        return writer.bytes
    }

    /// The entry, or nil for anything that isn't exactly a manifest this kakeibo writes.
    static func decode(_ bytes: [UInt8]) -> Backups.Entry? {
        guard let root = try? JSONValue.parse(bytes), let schema = root["schema"]?.intValue, let hashKey = hashKeys[schema],
            let number = root["number"]?.intValue, let name = root["operation"]?.stringValue,
            let time = root["time"]?.stringValue.flatMap(Timestamp.parse), let list = root["months"]?.arrayValue
        else { return nil }
        let undoes: Int?
        switch root["undoes"] {
        case .integer(let value): undoes = value
        case .null: undoes = nil
        default: return nil
        }
        func file(_ value: JSONValue?) -> Backups.FileRecord?? {
            if value == .null { return .some(nil) }
            guard let value, let count = value["bytes"]?.intValue,
                let fingerprint = value[hashKey]?.stringValue.flatMap({ Fingerprint(byteCount: count, hex: $0) }),
                let items = value["items"]?.intValue
            else { return nil }
            return .some(Backups.FileRecord(fingerprint: fingerprint, items: items))
        }
        var months: [Backups.MonthRecord] = []
        for value in list {
            guard let text = value["month"]?.stringValue, let month = YearMonth.parseISO(text),
                case .some(let before) = file(value["before"]), case .some(let after) = file(value["after"])
            else { return nil }
            months.append(Backups.MonthRecord(month: month, before: before, after: after))
        }
        var files: [Backups.StoreFileRecord] = []
        if schema >= 3 {
            func fingerprint(_ value: JSONValue?) -> Fingerprint?? {
                if value == .null { return .some(nil) }
                guard let value, let count = value["bytes"]?.intValue,
                    let fingerprint = value[hashKey]?.stringValue.flatMap({ Fingerprint(byteCount: count, hex: $0) })
                else { return nil }
                return .some(fingerprint)
            }
            guard let list = root["files"]?.arrayValue else { return nil }
            for value in list {
                guard let name = value["file"]?.stringValue, Backups.isStoreFileName(name),
                    case .some(let before) = fingerprint(value["before"]), case .some(let after) = fingerprint(value["after"])
                else { return nil }
                files.append(Backups.StoreFileRecord(name: name, before: before, after: after))
            }
        }
        return Backups.Entry(
            number: number, operation: StoreOperation(name: name, time: time, undoes: undoes), months: months, files: files)
    }
}
