import KakeiboValues

/// One of the household's settings files in the store (budgets.json, fixed.json, notes.json, rules.json), declared
/// once: its name, how a refusal describes it, what it holds before it exists, and how its members turn into a value
/// and back. A new settings file is one more declaration (`SettingsFile.budgets` is one); `LedgerStore.read(_:)` and
/// `update(_:_:)` then read and write it as they do the others.
///
/// Every settings file is a JSON object whose `"schema"` says which version wrote it, and is read strictly: bytes
/// that aren't JSON, a member the file doesn't have, a wrong type or a schema newer than this kakeibo's refuse the
/// file, and a refused file is never rewritten. It is written whole, `"schema"` first, ending in a newline.
///
/// `Context` is what a file's bytes depend on besides its value: budgets.json lists categories in the household's
/// order, so its context is a `Taxonomy`; the others depend on nothing (`Void`).
public struct SettingsFile<Value: Equatable & Sendable, Context>: Sendable {
    /// The file's name, the newest schema this kakeibo reads, and what a refusal says about the file.
    public let form: SettingsFileForm
    /// What the file holds before it exists.
    public let empty: Value
    /// The members a file may have besides `"schema"`.
    let members: [String]
    /// The value of a root object already checked (its members known, its schema one this kakeibo reads).
    let read: @Sendable (_ root: JSONValue, _ schema: Int) throws(SettingsFileProblem.Reason) -> Value
    /// The schema a value is written as (the lowest that holds it, so an older kakeibo reads what it can), and the
    /// members after `"schema"`.
    let write: @Sendable (Value, Context) -> (schema: Int, members: [(String, JSONValue)])

    /// `shape` and `duplicate` are what a refusal says (see `SettingsFileForm`).
    public init(
        name: String, schema: Int, shape: LocalizedText, duplicate: LocalizedText = SettingsFileForm.secondEntry, empty: Value,
        members: [String], read: @escaping @Sendable (_ root: JSONValue, _ schema: Int) throws(SettingsFileProblem.Reason) -> Value,
        write: @escaping @Sendable (Value, Context) -> (schema: Int, members: [(String, JSONValue)])
    ) {
        self.form = SettingsFileForm(name: name, schema: schema, shape: shape, duplicate: duplicate)
        self.empty = empty
        self.members = members
        self.read = read
        self.write = write
    }

    /// The file's name in the store.
    public var name: String { form.name }

    /// The value a file's bytes hold, or why they can't be used.
    public func decode(_ bytes: [UInt8]) throws(SettingsFileProblem) -> Value {
        do throws(SettingsFileProblem.Reason) {
            let root: JSONValue
            do { root = try JSONValue.parse(bytes) } catch { throw .syntax(error) }
            guard let fields = root.objectValue, fields.allSatisfy({ $0.0 == "schema" || members.contains($0.0) }) else {
                throw .shape(form.root)
            }
            guard let schema = root["schema"]?.intValue, schema >= 1 else { throw .shape("schema") }
            guard schema <= form.schema else { throw .schemaNewer(found: schema) }
            return try read(root, schema)
        } catch {
            throw SettingsFileProblem(form, error)
        }
    }

    /// The file's bytes for a value.
    public func encode(_ value: Value, _ context: Context) -> [UInt8] {
        let (schema, members) = write(value, context)
        var writer = JSONWriter()
        JSONValue.object([("schema", .integer(schema))] + members).write(to: &writer)
        writer.raw("\n")
        return writer.bytes
    }
}

extension SettingsFile where Context == Void {
    /// A file whose bytes depend on its value alone.
    public init(
        name: String, schema: Int, shape: LocalizedText, duplicate: LocalizedText = SettingsFileForm.secondEntry, empty: Value,
        members: [String], read: @escaping @Sendable (_ root: JSONValue, _ schema: Int) throws(SettingsFileProblem.Reason) -> Value,
        write: @escaping @Sendable (Value) -> (schema: Int, members: [(String, JSONValue)])
    ) {
        self.init(
            name: name, schema: schema, shape: shape, duplicate: duplicate, empty: empty, members: members, read: read,
            write: { value, _ in write(value) })
    }

    public func encode(_ value: Value) -> [UInt8] { encode(value, ()) }
}

/// How a refusal describes a settings file: the newest schema this kakeibo reads, the shape the file must have,
/// and what a second entry for one thing is.
public struct SettingsFileForm: Hashable, Sendable {
    /// The file's name in the store.
    public let name: String
    /// The newest schema this kakeibo reads.
    public let schema: Int
    /// The shape, as a refusal says it: "expected {…}".
    public let shape: LocalizedText
    /// A second entry for what an earlier one set: "a second budget for the same category".
    public let duplicate: LocalizedText

    public init(name: String, schema: Int, shape: LocalizedText, duplicate: LocalizedText = Self.secondEntry) {
        self.name = name
        self.schema = schema
        self.shape = shape
        self.duplicate = duplicate
    }

    public static let secondEntry = LocalizedText(en: "a second entry for the same thing", ja: "同じものが 2 つあります")

    /// Where a refusal of the file as a whole points, and the kind of problem `check` names: its name without
    /// `.json` ("budgets").
    public var root: String { name.hasSuffix(".json") ? String(name.dropLast(5)) : name }
}

/// Why a settings file was refused: what is wrong and where in the file, said in the terms of the file it is.
public struct SettingsFileProblem: Error, Equatable, Sendable {
    /// What is wrong, as a file's reader finds it; `SettingsFile.decode` puts it in the file's terms.
    public enum Reason: Error, Equatable, Sendable {
        /// The bytes aren't JSON.
        case syntax(JSONError)
        /// Not the file's shape at this place in it (`categories[2]`, `schema`, or the file's own name for the whole).
        case shape(String)
        /// Written by a newer kakeibo.
        case schemaNewer(found: Int)
        /// An amount that isn't whole yen from 1 to the limit.
        case amount(String)
        /// A second entry for what an earlier one set.
        case duplicate(String)
    }

    public let form: SettingsFileForm
    public let reason: Reason

    public init(_ form: SettingsFileForm, _ reason: Reason) {
        self.form = form
        self.reason = reason
    }

    public init<Value, Context>(_ file: SettingsFile<Value, Context>, _ reason: Reason) { self.init(file.form, reason) }

    public func message(in language: Language) -> String {
        switch reason {
        case .syntax(let error): return language.pick("not valid JSON: ", "JSON として読めません: ") + error.message(in: language)
        case .shape(let path): return "\(path): " + form.shape(language)
        case .schemaNewer(let found): return SchemaText.newer(found: found, understood: form.schema, language)
        case .amount(let path):
            return language.pick("\(path): an amount must be whole yen from 1 to \(Yen.limitText)", "\(path): 金額は 1〜\(Yen.limitText) の整数です")
        case .duplicate(let path): return "\(path): " + form.duplicate(language)
        }
    }
}
