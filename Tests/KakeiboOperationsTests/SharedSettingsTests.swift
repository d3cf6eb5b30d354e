import Foundation
import KakeiboStore
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// The household's settings on one machine: what a sync sends, what it takes, and what it leaves alone.
@Suite struct SharedSettingsTests {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-settings-\(UUID().uuidString)").path
    var store: LedgerStore { LedgerStore(root: base + "/store") }
    var files: SharedSettingFiles { SharedSettingFiles(store: store, configDirectory: base + "/config") }
    var household: Household { Household(store: store, now: Timestamp(milliseconds: 1_800_000_000_000)) }

    func budgets(_ amount: Int) -> String {
        var budgets = Budgets()
        budgets.set(.total, Yen(amount))
        return String(decoding: SettingsFile.budgets.encode(budgets, .standard), as: UTF8.self)
    }

    func writeBudgets(_ text: String) throws {
        try FileSystem.makeDirectories(store.root)
        try FileSystem.replaceAtomically(store.root + "/" + SettingsFile.budgets.name, Array(text.utf8))
    }

    func answer(_ settings: [String: SyncedSetting], results: [SettingsAnswer.Result] = []) -> SettingsAnswer {
        SettingsAnswer(results: results, settings: settings)
    }

    @Test func aValueTheServerHasAlreadyIsRecordedNotWrittenAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        // As a sync stopped after writing the file and before the sync state: the next one only records it.
        try writeBudgets(budgets(100_000))
        let outcome = try household.applySettings(answer(["budgets": SyncedSetting(revision: 3, value: budgets(100_000))]), sent: [], files)
        #expect(outcome == SettingsOutcome())
        #expect(try household.journal().settings["budgets"] == SyncedSetting(revision: 3, value: budgets(100_000)))
        #expect(try household.settingsToSend(files).isEmpty)
    }

    @Test func anotherMembersChangeReplacesOnlyWhatWasNotChangedHere() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        try writeBudgets(budgets(100_000))
        _ = try household.applySettings(answer(["budgets": SyncedSetting(revision: 3, value: budgets(100_000))]), sent: [], files)
        // Not changed here: the server's newer value is taken.
        let took = try household.applySettings(answer(["budgets": SyncedSetting(revision: 5, value: budgets(90_000))]), sent: [], files)
        #expect(took.received == [.budgets])
        #expect(try files.read()[.budgets] == budgets(90_000))
        // Changed here since, to another amount: left as it is, a conflict on that budget (budgets merge by entry).
        try writeBudgets(budgets(80_000))
        let left = try household.applySettings(answer(["budgets": SyncedSetting(revision: 7, value: budgets(70_000))]), sent: [], files)
        #expect(left.received.isEmpty && left.conflicts == [.budgets])
        #expect(try files.read()[.budgets] == budgets(80_000))
        #expect(try household.settingConflicts(files).first?.entries.map(\.key) == ["total"])
    }

    @Test func aValueKakeiboCannotReadIsNeitherTakenNorSent() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        let outcome = try household.applySettings(
            answer(["budgets": SyncedSetting(revision: 2, value: "{\"schema\": 99}"), "split": SyncedSetting(revision: 3, value: "a=70,b=70")]),
            sent: [], files)
        #expect(Set(outcome.unusable.keys) == [.budgets, .split])
        #expect(outcome.unusable[.budgets]?.hasPrefix("schema version 99 is newer than this kakeibo understands (4)") == true)
        #expect(try files.read().isEmpty, "nothing was written")
        try writeBudgets("not json")
        #expect(try household.settingsToSend(files).isEmpty)
    }

    @Test func aRefusedChangeIsAConflictUntilResolved() throws {
        defer { try? FileManager.default.removeItem(atPath: base) }
        try writeBudgets(budgets(50_000))
        let sent = try household.settingsToSend(files)
        #expect(sent == [SettingChange(setting: .budgets, base: 0, value: budgets(50_000))])
        let theirs = SyncedSetting(revision: 4, value: budgets(60_000))
        let outcome = try household.applySettings(
            answer(["budgets": theirs], results: [.init(key: "budgets", status: .conflict, revision: 4)]), sent: sent, files)
        #expect(outcome.conflicts == [.budgets])
        let views = try household.settingConflicts(files)
        #expect(views.map(\.setting) == [.budgets] && views.first?.mine == budgets(50_000) && views.first?.theirs == theirs)
        #expect(views.first?.entries.map(\.key) == ["total"], "the one budget both set")
        #expect(try household.settingsToSend(files).isEmpty, "a setting in conflict waits for resolve")
        #expect(try household.resolveSetting(.budgets, keep: .mine, files))
        #expect(try household.settingsToSend(files) == [SettingChange(setting: .budgets, base: 4, value: budgets(50_000))])
        #expect(try !household.resolveSetting(.budgets, keep: .theirs, files), "no conflict left")
    }
}
