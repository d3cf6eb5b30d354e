import Foundation
import KakeiboStore
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// The household's own layouts (`layouts/NAME.json` in the configuration directory) travel as the `layouts` setting,
/// a layout to an entry: two members' layouts are both kept, one layout both changed is a conflict on it alone, and
/// a layout this machine's import would refuse is never written.
@Suite struct LayoutsSyncTests {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-layouts-\(UUID().uuidString)").path
    var store: LedgerStore { LedgerStore(root: base + "/store") }
    var folder: String { base + "/config/layouts" }
    /// As the command line checks a layout: here, a text that says "broken" is one the import refuses.
    var files: SharedSettingFiles {
        SharedSettingFiles(store: store, configDirectory: base + "/config") { text in text.contains("broken") ? "not a layout" : nil }
    }
    var household: Household { Household(store: store, now: Timestamp(milliseconds: 1_800_000_000_000)) }

    static let bank = "{\n  \"schema\": 1,\n  \"name\": \"地元銀行\",\n  \"date\": \"取引日\"\n}\n"
    static let card = "{\n  \"schema\": 1,\n  \"name\": \"地元カード\",\n  \"date\": \"利用日\"\n}\n"

    func write(_ name: String, _ text: String) throws {
        try FileSystem.makeDirectories(folder)
        try FileSystem.replaceAtomically(folder + "/" + name + ".json", Array(text.utf8))
    }

    func read(_ name: String) throws -> String? {
        try FileSystem.read(folder + "/" + name + ".json", access: .configuration).map { String(decoding: $0, as: UTF8.self) }
    }

    func refused(theirs: SyncedSetting) throws -> SettingsOutcome {
        let sent = try household.settingsToSend(files).filter { $0.setting == .layouts }
        #expect(sent.count == 1)
        let answer = SettingsAnswer(results: [.init(key: "layouts", status: .conflict, revision: theirs.revision)], settings: ["layouts": theirs])
        return try household.applySettings(answer, sent: sent, files)
    }

    @Test func layoutsAddedByTwoMembersAreBothKeptByteForByte() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileSystem.makeDirectories(store.root)
        try write("local-bank", Self.bank)
        #expect(try files.read()[.layouts] == LayoutsSetting.encode([("local-bank", Self.bank)]))
        let outcome = try refused(theirs: SyncedSetting(revision: 2, value: LayoutsSetting.encode([("地元カード", Self.card)])))
        #expect(outcome.conflicts.isEmpty && outcome.received == [.layouts])
        #expect(try read("local-bank") == Self.bank && read("地元カード") == Self.card)
        // The two go back to the server on its revision.
        let next = try household.settingsToSend(files)
        #expect(next == [SettingChange(setting: .layouts, base: 2, value: LayoutsSetting.encode([("local-bank", Self.bank), ("地元カード", Self.card)]))])
    }

    @Test func oneLayoutChangedByBothIsAConflictOnThatLayoutAloneShownByKey() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileSystem.makeDirectories(store.root)
        try write("local-bank", Self.bank)
        let both = LayoutsSetting.encode([("local-bank", Self.bank)])
        _ = try household.applySettings(SettingsAnswer(results: [], settings: ["layouts": SyncedSetting(revision: 3, value: both)]), sent: [], files)
        try write("local-bank", Self.bank.replacingOccurrences(of: "取引日", with: "日付"))
        let theirs = LayoutsSetting.encode([("local-bank", Self.bank.replacingOccurrences(of: "取引日", with: "お取引日")), ("地元カード", Self.card)])
        let outcome = try refused(theirs: SyncedSetting(revision: 5, value: theirs))
        #expect(outcome.conflicts == [.layouts])
        #expect(try read("地元カード") == Self.card, "the layout only they added is merged all the same")
        #expect(try read("local-bank")?.contains("\"日付\"") == true, "this machine keeps its version until resolve")
        let entries = try #require(try household.settingConflicts(files).first?.entries)
        #expect(entries.map(\.key) == ["local-bank"] && entries.first?.kind == .layout)
        #expect(entries.first.map { $0.differences.map(\.name) } == ["date"])
        #expect(entries.first?.differences.first?.theirs == "\"お取引日\"")
        // `resolve layouts:local-bank theirs` takes their version of that layout; the merge of the rest stays.
        #expect(try household.resolveSettingEntry(.layouts, entry: "local-bank", keep: .theirs, files) == "local-bank")
        #expect(try read("local-bank")?.contains("\"お取引日\"") == true && read("地元カード") == Self.card)
        #expect(try household.settingConflicts(files).isEmpty)
    }

    @Test func aLayoutTheImportWouldRefuseIsNeverWritten() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileSystem.makeDirectories(store.root)
        let value = LayoutsSetting.encode([("good", Self.card), ("bad", "{\"broken\": true}")])
        let outcome = try household.applySettings(
            SettingsAnswer(results: [], settings: ["layouts": SyncedSetting(revision: 2, value: value)]), sent: [], files)
        #expect(outcome.unusable[.layouts] == "layout bad: not a layout")
        #expect(try FileSystem.list(folder) == nil, "not even the good one: the setting is taken whole or not at all")
    }

    @Test func aNameThatWouldLeaveTheFolderIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileSystem.makeDirectories(store.root)
        for name in ["../escape", ".hidden", "", "a/b", String(repeating: "x", count: 101)] {
            let value = "{\"\(name)\": \"{}\"}"
            let outcome = try household.applySettings(
                SettingsAnswer(results: [], settings: ["layouts": SyncedSetting(revision: 2, value: value)]), sent: [], files)
            #expect(outcome.unusable[.layouts] != nil, "\(name)")
        }
        #expect(try FileSystem.list(base + "/config") == nil && FileSystem.list(base) == ["store"])
    }

    @Test func aLayoutRemovedByAnotherMemberIsRemovedHereAndAFileThatNeverTravelsStays() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileSystem.makeDirectories(store.root)
        try write("local-bank", Self.bank)
        try write("地元カード", Self.card)
        let long = String(repeating: "x", count: 101)
        try write(long, Self.card)
        let both = LayoutsSetting.encode([("local-bank", Self.bank), ("地元カード", Self.card)])
        #expect(try files.read()[.layouts] == both, "a name too long to travel is left out")
        _ = try household.applySettings(SettingsAnswer(results: [], settings: ["layouts": SyncedSetting(revision: 3, value: both)]), sent: [], files)
        let one = LayoutsSetting.encode([("地元カード", Self.card)])
        let outcome = try household.applySettings(
            SettingsAnswer(results: [], settings: ["layouts": SyncedSetting(revision: 4, value: one)]), sent: [], files)
        #expect(outcome.received == [.layouts])
        #expect(try read("local-bank") == nil && read("地元カード") == Self.card && read(long) == Self.card)
        #expect(try household.settingsToSend(files).isEmpty)
    }
}
