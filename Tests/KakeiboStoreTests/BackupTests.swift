import Foundation
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboStore

/// Backups and undo against real files: what a change keeps, what undo puts back, and when it refuses.
@Suite final class BackupTests {
    let store: LedgerStore
    var backups: Backups { Backups(store: store) }
    let november = YearMonth(year: 2024, month: 11)!

    init() {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-backups-\(UUID().uuidString)").path
        store = LedgerStore(root: directory, operation: StoreOperation(name: "test", time: Timestamp(milliseconds: 1_734_253_200_000)))
    }

    deinit { try? FileManager.default.removeItem(atPath: store.root) }

    func bytes(_ month: YearMonth) -> Data? { FileManager.default.contents(atPath: store.path(month)) }

    func add(_ items: [Item], as name: String = "add") throws {
        var store = self.store
        store.operation?.name = name
        try store.append(items)
    }

    func undo(_ number: Int? = nil) throws -> UndoOutcome { try backups.undo(number, time: Timestamp(milliseconds: 0)) }

    @Test func aChangeKeepsTheExactBytesItReplacesAndWhichFilesDidNotExist() throws {
        try add([item("a", 1, "2024-12-03")])
        let before = try #require(bytes(december))
        try add([item("b", 2, "2024-12-04"), item("c", 3, "2024-11-30")], as: "import")
        let entry = try #require(try backups.entries().last)
        #expect(entry.operation.name == "import")
        #expect(entry.months.map(\.month) == [november, december])
        #expect(entry.months[0].before == nil) // November had no file
        #expect(entry.months[1].before?.items == 1 && entry.months[1].after?.items == 2)
        let kept = FileManager.default.contents(atPath: backups.entryDirectory(entry.number) + "/2024-12.json")
        #expect(kept == before)
        #expect(!FileManager.default.fileExists(atPath: backups.entryDirectory(entry.number) + "/2024-11.json"))
        let mode = try FileManager.default.attributesOfItem(atPath: backups.entryDirectory(entry.number))[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let fileMode =
            try FileManager.default.attributesOfItem(atPath: backups.entryDirectory(entry.number) + "/2024-12.json")[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
    }

    @Test func aMonthWhoseBytesWouldNotChangeIsNeitherWrittenNorBackedUp() throws {
        try add([item("a", 1, "2024-12-03")])
        let count = try backups.entries().count
        try store.write { transaction in try transaction.setItems(try transaction.items(in: december), in: december) }
        #expect(try backups.entries().count == count)
    }

    @Test func onlyTheLastTwentyAreKeptOldestGoingFirst() throws {
        for index in 1...23 { try add([item("i\(index)", index, "2024-12-03", id: "id\(index)")]) }
        let numbers = try backups.entries().map(\.number)
        #expect(numbers == Array(4...23))
    }

    @Test func undoPutsBackEveryMonthOfTheChangeExactly() throws {
        try add([item("a", 1, "2024-12-03")])
        let december1 = try #require(bytes(december))
        try add([item("b", 2, "2024-12-04"), item("c", 3, "2024-11-30")], as: "import")
        let outcome = try undo()
        #expect(outcome.entry.operation.name == "import")
        #expect(bytes(december) == december1)
        #expect(bytes(november) == nil)
        #expect(try store.items(in: december).map(\.name) == ["a"])
    }

    @Test func undoLeavesEverySummaryAgreeingWithItsMonth() throws {
        try add([item("a", 1, "2024-12-03")])
        try add([item("b", 2, "2024-12-04"), item("c", 3, "2024-11-30")], as: "import")
        _ = try undo()
        #expect(!FileManager.default.fileExists(atPath: store.summaryPath(november)))
        let bytes = try #require(try FileSystem.read(store.path(december)))
        let stored = try #require(try FileSystem.read(store.summaryPath(december)))
        let (summary, source) = try #require(SummaryFileCodec.decode(stored, month: december))
        #expect(source == Fingerprint(of: bytes))
        #expect(summary == MonthSummary(month: december, items: [item("a", 1, "2024-12-03")]))
        #expect(try StoreCheck.run(store, categoriesPath: nil).problems.isEmpty)
    }

    @Test func undoAfterALaterAddUndoesTheAddFirstAndNeverDropsIt() throws {
        try add([item("b", 2, "2024-12-04")], as: "import")
        let imported = try #require(bytes(december))
        try add([item("later", 3, "2024-12-05")])
        // Undoing the import directly would drop the later add: refused, naming it.
        let refusal = #expect(throws: UndoError.self) { try undo(1) }
        #expect(refusal?.message(in: .en).contains("by #2 (add)") == true)
        #expect(try store.items(in: december).map(\.name) == ["b", "later"])
        // Plain undo goes newest first: the add, then the import.
        #expect(try undo().entry.number == 2)
        #expect(bytes(december) == imported)
        #expect(try undo().entry.number == 1)
        #expect(bytes(december) == nil)
    }

    @Test func anUndoCanItselfBeUndone() throws {
        try add([item("a", 1, "2024-12-03")])
        let after = try #require(bytes(december))
        let first = try undo()
        #expect(bytes(december) == nil)
        let history = try backups.history()
        #expect(history.states[1] == .undone(by: first.backup))
        #expect(history.next == nil)
        let redo = try undo(first.backup)
        #expect(redo.entry.number == first.backup)
        #expect(bytes(december) == after)
        #expect(try backups.history().next?.number == 1)
    }

    @Test func aMonthChangedByHandIsRefusedAndLeftAlone() throws {
        try add([item("a", 1, "2024-12-03")])
        var edited = try #require(bytes(december))
        edited.append(contentsOf: Array("\n".utf8))
        try edited.write(to: URL(fileURLWithPath: store.path(december)))
        let refusal = #expect(throws: UndoError.self) { try undo() }
        #expect(refusal?.message(in: .en).contains("edited by hand") == true)
        #expect(bytes(december) == edited)
    }

    @Test func aDamagedBackupIsRefusedAndReportedByCheck() throws {
        try add([item("a", 1, "2024-12-03")])
        try add([item("b", 2, "2024-12-04")])
        let kept = backups.entryDirectory(2) + "/2024-12.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: kept))
        let current = bytes(december)
        #expect(throws: UndoError.self) { try undo() }
        #expect(bytes(december) == current)
        #expect(try backups.check().map(\.kind) == [.backup(.damaged(number: 2))])
    }

    @Test func aBackupOfAChangeThatNeverCommittedIsPassedOver() throws {
        try add([item("a", 1, "2024-12-03")])
        // As if a command was killed between writing its backup and its commit point.
        let current = try FileSystem.read(store.path(december))
        let change = Backups.Change(month: december, before: current, after: nil, beforeItems: 1, afterItems: 0)
        _ = try backups.keep([change], operation: StoreOperation(name: "delete", time: .now()))
        let history = try backups.history()
        #expect(history.states[2] == .interrupted)
        #expect(history.next?.number == 1)
        let outcome = try undo()
        #expect(outcome.entry.number == 1)
        #expect(outcome.passedOver.map(\.number) == [2])
        #expect(throws: UndoError.interrupted(number: 2)) { try undo(2) }
    }

    @Test func aChangeThatFailsBeforeItsCommitPointLeavesNoBackup() throws {
        try add([item("a", 1, "2024-12-03")])
        let before = try backups.entries()
        // The temporary file the month is written through can't be made: the write fails before its rename.
        let blocker = store.root + "/.2024-12.json.tmp-\(getpid())"
        try FileManager.default.createDirectory(atPath: blocker + "/inside", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        #expect(throws: StoreError.self) { try add([item("b", 2, "2024-12-04")]) }
        #expect(try backups.entries() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: backups.directory).count == before.count)
    }

    @Test func nothingToUndoIsSaidSo() throws {
        #expect(throws: UndoError.nothingToUndo) { try undo() }
        try add([item("a", 1, "2024-12-03")])
        _ = try undo()
        #expect(throws: UndoError.nothingToUndo) { try undo() }
        #expect(throws: UndoError.noSuchBackup(99)) { try undo(99) }
    }

    @Test func aManifestReadsBackAsItWasWritten() throws {
        let entry = Backups.Entry(
            number: 7, operation: StoreOperation(name: "pull", time: Timestamp(milliseconds: 1_734_253_200_123), undoes: 3),
            months: [
                Backups.MonthRecord(month: december, before: nil, after: .init(fingerprint: Fingerprint(of: [1, 2, 3]), items: 4)),
                Backups.MonthRecord(month: november, before: .init(fingerprint: Fingerprint(of: []), items: 0), after: nil),
            ])
        #expect(BackupManifest.decode(BackupManifest.encode(entry)) == entry)
        #expect(BackupManifest.decode(Array("{\"schema\":2}".utf8)) == nil)
    }

    @Test func aSchemaOneManifestWhoseHashesWereCalledXXH64IsReadAndUndone() throws {
        try add([item("a", 1, "2024-12-03")])
        try add([item("b", 2, "2024-12-04")])
        let entry = try #require(try backups.entries().last)
        let path = backups.entryDirectory(entry.number) + "/manifest.json"
        let written = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        #expect(written.contains("\"schema\": 3,") && written.contains("\"hash\": ") && !written.contains("xxh64"))
        // Schema 1 had no "files": its reader passes the key over.
        let schemaOne = written.replacingOccurrences(of: "\"schema\": 3,", with: "\"schema\": 1,")
            .replacingOccurrences(of: "\"hash\": ", with: "\"xxh64\": ")
        try Data(schemaOne.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try backups.entries().last == entry)
        #expect(try undo().entry == entry)
        #expect(try store.items(in: december).map(\.name) == ["a"])
    }

    // MARK: The store's other files

    var budgetsPath: String { store.root + "/budgets.json" }

    /// Sets `budgets.json` to `text` the way `budget set` does: through `updateFile`, as operation `name`.
    func setFile(_ text: String, as name: String = "budget set") throws {
        var store = self.store
        store.operation?.name = name
        let path = budgetsPath
        let read = { (try FileSystem.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? "" }
        let encode = { (text: String) in Array(text.utf8) }
        try store.updateFile(path, read: read, encode: encode) { $0 = text }
    }

    func fileText() -> String? { FileManager.default.contents(atPath: budgetsPath).map { String(decoding: $0, as: UTF8.self) } }

    @Test func aStoreFileUpdateIsBackedUpAndUndoneLikeAMonth() throws {
        try add([item("a", 1, "2024-12-03")])
        let month = bytes(december)
        try setFile("1000")
        try setFile("2000")
        let entry = try #require(try backups.entries().last)
        #expect(entry.operation.name == "budget set" && entry.months.isEmpty)
        #expect(entry.files.map(\.name) == ["budgets.json"])
        #expect(entry.files[0].before == Fingerprint(of: Array("1000".utf8)) && entry.files[0].after == Fingerprint(of: Array("2000".utf8)))
        let outcome = try undo()
        #expect(outcome.entry == entry)
        #expect(fileText() == "1000")
        #expect(bytes(december) == month)
        // Next the first set (the file didn't exist), then the add.
        #expect(try undo().entry.operation.name == "budget set")
        #expect(fileText() == nil)
        #expect(try undo().entry.operation.name == "add")
        #expect(bytes(december) == nil)
        #expect(try backups.check().isEmpty)
    }

    @Test func anUndoOfAStoreFileCanItselfBeUndoneByNumber() throws {
        try setFile("1000")
        try setFile("2000")
        let outcome = try undo()
        #expect(fileText() == "1000")
        _ = try undo(outcome.backup)
        #expect(fileText() == "2000")
    }

    @Test func aStoreFileChangedByHandSinceIsRefusedAndLeftAlone() throws {
        try setFile("1000")
        try setFile("2000")
        let number = try #require(try backups.entries().last?.number)
        try Data("3000".utf8).write(to: URL(fileURLWithPath: budgetsPath))
        #expect(throws: UndoError.changedSince(number: number, path: budgetsPath, by: nil)) { try undo() }
        #expect(fileText() == "3000")
    }

    @Test func anUnchangedStoreFileIsNeitherWrittenNorBackedUp() throws {
        try setFile("1000")
        let count = try backups.entries().count
        try setFile("1000")
        #expect(try backups.entries().count == count)
    }

    @Test func aDamagedStoreFileBackupIsRefusedAndReportedByCheck() throws {
        try setFile("1000")
        try setFile("2000")
        let entry = try #require(try backups.entries().last)
        let kept = backups.entryDirectory(entry.number) + "/budgets.json"
        try FileManager.default.removeItem(atPath: kept)
        try Data("1001".utf8).write(to: URL(fileURLWithPath: kept))
        #expect(throws: UndoError.damaged(number: entry.number, path: kept)) { try undo() }
        #expect(try backups.check().map(\.kind) == [.backup(.damaged(number: entry.number))])
    }

    @Test func aSchemaThreeManifestWithFilesReadsBackAndNamesOnlyStoreFiles() throws {
        let entry = Backups.Entry(
            number: 8, operation: StoreOperation(name: "fixed add", time: Timestamp(milliseconds: 1_734_253_200_123)), months: [],
            files: [Backups.StoreFileRecord(name: "fixed.json", before: nil, after: Fingerprint(of: [1, 2]))])
        let encoded = BackupManifest.encode(entry)
        #expect(BackupManifest.decode(encoded) == entry)
        let escaping = String(decoding: encoded, as: UTF8.self).replacingOccurrences(of: "\"fixed.json\"", with: "\"../fixed.json\"")
        #expect(BackupManifest.decode(Array(escaping.utf8)) == nil)
        let noFiles = String(decoding: encoded, as: UTF8.self).replacingOccurrences(of: "\"files\"", with: "\"other\"")
        #expect(BackupManifest.decode(Array(noFiles.utf8)) == nil)
    }
}
