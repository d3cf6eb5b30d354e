import Foundation
import KakeiboValues
import Testing

@testable import KakeiboStore

/// The four settings files through the one settings store, against real files: each reads, writes and refuses
/// damage as it did when each had its own store. The files in Tests/Fixtures/settings were written by kakeibo before
/// the stores were one (make-settings.sh there), at every schema each file has.
@Suite struct SettingsFileTests {
    let store = LedgerStore(root: FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-settings-\(UUID().uuidString)").path)

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/settings")

    func fixture(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name))) }

    func place<Value, Context>(_ file: SettingsFile<Value, Context>, _ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(atPath: store.root, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: store.path(of: file)))
    }

    func stored<Value, Context>(_ file: SettingsFile<Value, Context>) -> [UInt8]? {
        FileManager.default.contents(atPath: store.path(of: file)).map(Array.init)
    }

    /// An earlier kakeibo's file is read, and written back byte for byte; a change made and taken back through
    /// `update` writes it again as it was.
    func readsAndWritesAsBefore<Value, Context>(_ file: SettingsFile<Value, Context>, _ name: String, _ context: Context) throws -> Value {
        let bytes = try fixture(name)
        try place(file, bytes)
        let value = try store.read(file)
        #expect(value != file.empty, "\(name)")
        #expect(file.encode(value, context) == bytes, "\(name)")
        try store.update(file, context) { $0 = file.empty }
        #expect(stored(file) == file.encode(file.empty, context))
        try store.update(file, context) { $0 = value }
        #expect(stored(file) == bytes, "\(name)")
        return value
    }

    @Test func eachFileAtEachSchemaReadsAndWritesAsBefore() throws {
        for schema in 1...4 {
            _ = try readsAndWritesAsBefore(.budgets, "budgets-\(schema).json", .standard)
        }
        let budgets = try store.read(.budgets)
        #expect(budgets.budget(for: .category(CategoryCode(3)))?.cadence.steps.count == 1)
        #expect(budgets.budget(for: .category(CategoryCode(1)))?.cadence == .yearly)
        #expect(budgets.amount(for: .allowance("ayumi")) == Yen(20_000) && budgets.savings == Yen(30_000))
        #expect(try readsAndWritesAsBefore(.fixedCosts, "fixed-1.json", ()).all.count == 3)
        #expect(try readsAndWritesAsBefore(.fixedCosts, "fixed-2.json", ()).all.map(\.every) == [1, 1, 1, 2])
        let notes = try readsAndWritesAsBefore(.notes, "notes-1.json", ())
        #expect(notes[YearMonth(year: 2024, month: 12)!] == "外食を減らせた。\n来月は光熱費に注意")
        #expect(try readsAndWritesAsBefore(.rules, "rules-1.json", ()).members == ["本人": "taro", "家族": "hanako"])
        #expect(try readsAndWritesAsBefore(.rules, "rules-2.json", ()).rules.last?.tags == ["旅行", "温泉"])
    }

    @Test func eachFileIsWrittenAtTheLowestSchemaThatHoldsIt() throws {
        func schema(_ bytes: [UInt8]) throws -> Int? { try JSONValue.parse(bytes)["schema"]?.intValue }
        #expect(try schema(SettingsFile.budgets.encode(Budgets(), .standard)) == 1)
        #expect(try schema(SettingsFile.fixedCosts.encode(FixedCosts())) == 1)
        #expect(try schema(SettingsFile.notes.encode([:])) == 1)
        #expect(try schema(SettingsFile.rules.encode(FilingRules())) == 1)
        #expect(try schema(SettingsFile.accounts.encode(Accounts())) == 1)
        // A brokerage is a kind schema 2 doesn't know: an older kakeibo refuses the file as newer, not as damaged.
        let brokerage = try Accounts([Account(name: "ゆうちょ銀行", kind: .bank), Account(name: "SBI証券", kind: .brokerage)])
        let written = SettingsFile.accounts.encode(brokerage)
        #expect(try schema(written) == 3)
        #expect(try SettingsFile.accounts.decode(written) == brokerage)
        #expect(try schema(SettingsFile.accounts.encode(try Accounts([Account(name: "ゆうちょ銀行", kind: .bank)]))) == 1)
        #expect(
            [SettingsFile.budgets.name, SettingsFile.fixedCosts.name, SettingsFile.notes.name, SettingsFile.rules.name] == [
                "budgets.json", "fixed.json", "notes.json", "rules.json",
            ])
    }

    /// Damage to a file is refused with the file's path and what is wrong, by reading and by changing, and the file
    /// is left exactly as it is.
    func refuses<Value, Context>(_ file: SettingsFile<Value, Context>, _ text: String, _ reason: SettingsFileProblem.Reason, _ context: Context)
        throws
    {
        let bytes = Array(text.utf8)
        try place(file, bytes)
        let error = SettingsFileError(path: store.path(of: file), problem: SettingsFileProblem(file, reason))
        #expect(throws: error, "\(file.name): \(text)") { try store.read(file) }
        #expect(throws: error, "\(file.name): \(text)") { try store.update(file, context) { $0 = file.empty } }
        #expect(stored(file) == bytes)
        for language in [Language.en, .ja] {
            let message = error.message(in: language)
            #expect(message.hasPrefix(store.path(of: file)) && message.hasSuffix(error.problem.message(in: language)))
        }
        #expect(error.kind == .runtime)
    }

    @Test func eachFileRefusesDamageAndKeepsIt() throws {
        let newer = [("budgets", 5), ("fixed", 4), ("notes", 2), ("rules", 4), ("accounts", 4)]
        for (name, found) in newer {
            let text = #"{"schema":\#(found)}"#
            switch name {
            case "budgets": try refuses(.budgets, text, .schemaNewer(found: found), .standard)
            case "fixed": try refuses(.fixedCosts, text, .schemaNewer(found: found), ())
            case "notes": try refuses(.notes, text, .schemaNewer(found: found), ())
            case "accounts": try refuses(.accounts, text, .schemaNewer(found: found), ())
            default: try refuses(.rules, text, .schemaNewer(found: found), ())
            }
        }
        try refuses(.budgets, #"{"schema":1,"total":100,"categories":[],"extra":1}"#, .shape("budgets"), .standard)
        try refuses(.budgets, #"{"schema":1,"categories":[{"category":0,"amount":"lots"}]}"#, .amount("categories[0]"), .standard)
        try refuses(
            .budgets, #"{"schema":1,"categories":[{"category":0,"amount":1},{"category":0,"amount":2}]}"#, .duplicate("categories[1]"), .standard)
        try refuses(.fixedCosts, #"{"schema":1,"fixed":{}}"#, .shape("fixed"), ())
        try refuses(.fixedCosts, #"{"schema":1,"fixed":[{"name":"x","price":1,"day":32,"category":0}]}"#, .shape("fixed[0]"), ())
        try refuses(
            .accounts, #"{"schema":1,"accounts":[{"name":"楽天カード","aliases":["RC"]},{"name":"rc"}]}"#, .duplicate("accounts[1]"), ())
        try refuses(.accounts, #"{"schema":1,"accounts":[{"name":"x","kind":"wallet"}]}"#, .shape("accounts[0].kind"), ())
        try refuses(.notes, "[]", .shape("notes"), ())
        try refuses(.notes, #"{"schema":1,"notes":{"2024-13":"x"}}"#, .shape("notes.2024-13"), ())
        try refuses(.notes, #"{"notes":{}}"#, .shape("schema"), ())
        try refuses(.rules, #"{"schema":1,"rules":[],"members":{"本人":1}}"#, .shape("members.本人"), ())
        try refuses(.rules, #"{"schema":1,"rules":[{"pattern":"a","category":"food","colour":"red"}]}"#, .shape("rules[0]"), ())
        try place(SettingsFile.rules, Array("{\"schema\":1,".utf8))
        #expect(throws: SettingsFileError.self) { try store.read(.rules) }
    }

    @Test func aRefusalSaysWhatTheFileMustBe() {
        let shape = SettingsFileProblem(.fixedCosts, .shape("fixed[0]"))
        #expect(shape.message(in: .en).hasPrefix(#"fixed[0]: expected {"schema":1,"fixed":[{"id","name""#))
        #expect(shape.message(in: .ja).hasSuffix("の形（正しい名前・金額・周期）が必要です"))
        #expect(SettingsFileProblem(.budgets, .duplicate("categories[1]")).message(in: .en) == "categories[1]: a second budget for the same category")
        #expect(SettingsFileProblem(.fixedCosts, .duplicate("fixed[1]")).message(in: .ja) == "fixed[1]: 同じ名前の固定費が 2 つあります")
        #expect(SettingsFileProblem(.rules, .schemaNewer(found: 4)).message(in: .en).contains("(3)"), "rules.json's newest schema is 3")
        #expect(SettingsFileProblem(.budgets, .schemaNewer(found: 5)).message(in: .en).contains("(4)"))
    }

    @Test func aMissingFileIsEmptyAndAnUnchangedOneIsNotWritten() throws {
        #expect(try store.read(.budgets).isEmpty && store.read(.fixedCosts).all.isEmpty && store.read(.notes).isEmpty)
        #expect(try store.read(.rules) == FilingRules())
        try store.update(.notes) { _ in }
        #expect(stored(SettingsFile.notes) == nil, "an update that changes nothing writes nothing")
    }
}
