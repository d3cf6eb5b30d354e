import Foundation
import Testing

@testable import KakeiboCLI
@testable import KakeiboValues

/// Every kind of import — a statement, a lone file of kakeibo's JSON, an IC card's dump — is worded from one report:
/// its dry run, its summary and its JSON say the same counts, a real import adds what its dry run said it would, and a
/// dry run (a dump's too) writes nothing.
@Suite struct ImportReportAgreementTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let statement = fixtures.appendingPathComponent("downloads/rakuten-enavi-202412-11col.csv").path
    static let items = fixtures.appendingPathComponent("imports/household-server-2024-12.json").path
    static let dump = fixtures.appendingPathComponent("ic-card/card-a-read1.plain.txt").path
    static let laterDump = fixtures.appendingPathComponent("ic-card/card-a-read2.plain.txt").path

    /// A store and a configuration directory of their own, the command run in-process.
    final class Home: @unchecked Sendable {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-report-\(UUID().uuidString)").path
        var store: String { root + "/store" }

        init() throws { try FileManager.default.createDirectory(atPath: root + "/config/kakeibo", withIntermediateDirectories: true) }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func run(_ arguments: [String]) -> Kakeibo.Outcome {
            let environment = [
                "KAKEIBO_HOME": store, "HOME": root, "XDG_CONFIG_HOME": root + "/config", "KAKEIBO_NOW": "2025-02-01T09:00:00Z", "TZ": "UTC",
                "LANG": "C.UTF-8",
            ]
            return Kakeibo.run(
                arguments + ["--lang", "en"],
                terminal: Terminal(environment: Environment(environment), stdoutIsTerminal: false, stderrIsTerminal: false))
        }

        /// The command's JSON answer, as an object.
        func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let outcome = run(arguments + ["--format", "json"])
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)", sourceLocation: sourceLocation)
            return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], sourceLocation: sourceLocation)
        }

        /// Every file under the store and its bytes (empty when there is no store).
        func snapshot() throws -> [String: Data] {
            guard let walker = FileManager.default.enumerator(atPath: store) else { return [:] }
            var files: [String: Data] = [:]
            while let name = walker.nextObject() as? String {
                var directory: ObjCBool = false
                if FileManager.default.fileExists(atPath: store + "/" + name, isDirectory: &directory), !directory.boolValue {
                    files[name] = try Data(contentsOf: URL(fileURLWithPath: store + "/" + name))
                }
            }
            return files
        }
    }

    /// The one file's part of a report's JSON.
    static func file(_ json: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let files = try #require(json["files"] as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(files.count == 1, sourceLocation: sourceLocation)
        return try #require(files.first, sourceLocation: sourceLocation)
    }

    /// What the dry run says of `path`, in words and as JSON, against what the import then does and says: the same
    /// file's part, the same counts, the same items added; the dry run wrote nothing.
    static func agree(_ path: String, format: String, summary: (Int) -> String, summaryJSON: String) throws {
        let home = try Home()
        let dry = try home.json(["import", "--dry-run", path])
        #expect(try home.snapshot().isEmpty, "a dry run writes nothing")
        #expect(dry["dryRun"] as? Bool == true)
        let planned = try file(dry)
        #expect(planned["format"] as? String == format)
        let added = try #require(planned["added"] as? Int)
        #expect(added > 0)
        let dryText = home.run(["import", "--dry-run", path])
        #expect(dryText.status == 0)
        #expect(dryText.stdout.contains("\(added) would be added"), "\(dryText.stdout)")
        #expect(dryText.stdout.contains("Nothing was written (--dry-run)."))
        #expect(try home.snapshot().isEmpty, "a dry run writes nothing")

        let done = try home.json(["import", path])
        #expect(done[summaryJSON] as? Int == added, "the summary's own count")
        let imported = try file(done)
        for key in ["format", "rows", "lines", "added", "alreadyThere"] {
            #expect("\(imported[key] ?? "nil")" == "\(planned[key] ?? "nil")", "\(key): the real import's report is the dry run's")
        }
        #expect(try !home.snapshot().isEmpty)

        let other = try Home()
        let text = other.run(["import", path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(summary(added)), "\(text.stdout)")
    }

    @Test func aStatementsDryRunSummaryAndJSONAgree() throws {
        try Self.agree(Self.statement, format: "rakuten-card", summary: { ": \($0) new, 0 already there" }, summaryJSON: "added")
    }

    @Test func aLoneFileOfKakeibosJSONHasOneReportLikeAnyOther() throws {
        try Self.agree(Self.items, format: "kakeibo", summary: { ": \($0) new, 0 updated" }, summaryJSON: "added")
    }

    @Test func anICCardDumpsDryRunSummaryAndJSONAgree() throws {
        try Self.agree(Self.dump, format: "felica", summary: { ": \($0) items added" }, summaryJSON: "added")
    }

    /// A card already read: the dry run of a later dump says what it would add (the records read before already
    /// there) and leaves every file of the store, ic-cards.json included, byte for byte as it was; the import then
    /// adds exactly that.
    @Test func aDumpsDryRunOverAStoreWritesNothingAndForetellsTheImport() throws {
        let home = try Home()
        #expect(home.run(["import", Self.dump]).status == 0)
        let before = try home.snapshot()
        #expect(before.keys.contains("ic-cards.json"))
        let dry = try Self.file(try home.json(["import", "--dry-run", Self.laterDump]))
        #expect(try home.snapshot() == before)
        #expect(try #require(dry["alreadyThere"] as? Int) > 0, "records read before are already there")
        let card = try #require(dry["card"] as? [String: Any])
        #expect(card["balance"] is Int)
        let done = try home.json(["import", Self.laterDump])
        #expect(done["added"] as? Int == dry["added"] as? Int)
        #expect(done["read"] as? Int == card["read"] as? Int)
        #expect(try home.snapshot() != before)
    }

    /// A dump read together with a statement is one import: one report with both files, its dry run writing
    /// nothing, the import one change that one undo takes back (the card's history too).
    @Test func aDumpWithAStatementIsOneImport() throws {
        let home = try Home()
        let dry = try home.json(["import", "--dry-run", Self.statement, Self.dump])
        #expect(try home.snapshot().isEmpty)
        let planned = try #require(dry["files"] as? [[String: Any]])
        #expect(planned.map { $0["format"] as? String } == ["rakuten-card", "felica"])
        let done = try home.json(["import", Self.statement, Self.dump])
        let imported = try #require(done["files"] as? [[String: Any]])
        #expect(imported.map { $0["added"] as? Int } == planned.map { $0["added"] as? Int })
        #expect(done["added"] as? Int == planned[0]["added"] as? Int, "the summary's members are the statements'")
        #expect(imported[1]["card"] is [String: Any])
        #expect(home.run(["undo"]).status == 0)
        #expect(try home.snapshot()["ic-cards.json"] == nil, "one change: the card's history went with the statement's lines")
        let again = home.run(["import", Self.statement, Self.dump])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains(": \(planned[0]["added"] as? Int ?? -1) new, 0 already there"), "\(again.stdout)")
        #expect(again.stdout.contains("Imported 20 records of the card"), "\(again.stdout)")
    }

    /// A dump among files that is not the card its --account says refuses the whole import, naming the dump; nothing
    /// of the other file is written either.
    @Test func aDumpOfAnotherCardAmongFilesRefusesThemAll() throws {
        let home = try Home()
        #expect(home.run(["import", Self.dump, "--account", "Suica"]).status == 0)
        let before = try home.snapshot()
        let outcome = home.run(["import", Self.statement, Self.laterDump, "--account", "PASMO"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains(Self.laterDump + ": nothing imported"), "\(outcome.stderr)")
        #expect(try home.snapshot() == before)
    }

    /// --account names a card's account: with no dump among the files it is refused, not dropped.
    @Test func anAccountWithoutADumpIsRefused() throws {
        let home = try Home()
        let outcome = home.run(["import", Self.statement, "--account", "Suica"])
        #expect(outcome.status == 2)
        #expect(try home.snapshot().isEmpty)
    }
}
