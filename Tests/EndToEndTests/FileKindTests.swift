import Foundation
import Testing

/// The store's files are the store's (docs/guarantees.md): each kind of file kakeibo opens, planted as each thing it
/// must not open — a link out of the store, a dangling link, /dev/zero, a FIFO, a directory, a 40 GB sparse file —
/// is refused with one line naming it (exit 1), opens nothing outside, creates nothing, waits for nothing, and
/// `check` names it and exits 1.
@Suite struct FileKindTests {
    enum Plant: String, CaseIterable {
        case linkOut, danglingLink, zero, fifo, directory, sparse
    }

    /// One of the store's files, and a command that must open it (and refuse it; or, for a backup's manifest, pass
    /// the backup over as one it can't use, as it does an unreadable manifest).
    struct StoreFile: Sendable, CustomStringConvertible {
        var path: String
        var command: [String]
        var passedOver = false
        var description: String { path }
    }

    static let storeFiles: [StoreFile] = [
        StoreFile(path: "2024-12.json", command: ["month", "2024", "12"]),
        StoreFile(path: "2024-12.json", command: ["add", "x", "5", "--date", "2024-12-04"]),
        StoreFile(path: "budgets.json", command: ["budget", "list"]),
        StoreFile(path: "fixed.json", command: ["fixed", "list"]),
        StoreFile(path: "notes.json", command: ["review", "2024", "12"]),
        StoreFile(path: "rules.json", command: ["rules", "list"]),
        StoreFile(path: "sync-state.json", command: ["conflicts"]),
        StoreFile(path: "backups/000001/manifest.json", command: ["backups"], passedOver: true),
        StoreFile(path: ".tx/COMMIT", command: ["month", "2024", "12"]),
        StoreFile(path: ".lock", command: ["add", "x", "5", "--date", "2024-12-04"]),
    ]

    /// A store with a month, a budget, a fixed cost, a note, a rule, a sync state and backups.
    static func household() throws -> Sandbox {
        let box = try Sandbox()
        _ = try box.add("牛乳", 198, date: "2024-12-03")
        _ = try box.add("パン", 128, date: "2024-11-03")
        for arguments in [
            ["budget", "set", "food", "30000"], ["fixed", "add", "家賃", "80000", "--day", "27", "--category", "housing"],
            ["review", "2024", "12", "--note", "hi"], ["rules", "add", "コンビニ", "food"],
        ] {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        try Data(#"{"changeProtocol":true,"revision":1,"revisions":{},"deleted":{},"outbox":[],"conflicts":[]}"#.utf8)
            .write(to: box.store.appendingPathComponent("sync-state.json"))
        try FileManager.default.createDirectory(at: box.store.appendingPathComponent(".tx"), withIntermediateDirectories: true)
        return box
    }

    /// Puts `plant` at `path` (what was there goes); returns the file outside the store a link points to, if any.
    @discardableResult
    static func plant(_ plant: Plant, at path: URL, outside: URL) throws -> URL? {
        let manager = FileManager.default
        try? manager.removeItem(at: path)
        try manager.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        switch plant {
        case .linkOut:
            let target = outside.appendingPathComponent("target-\(UUID().uuidString)")
            try Data("outside\n".utf8).write(to: target)
            try manager.createSymbolicLink(at: path, withDestinationURL: target)
            return target
        case .danglingLink:
            let target = outside.appendingPathComponent("nothing-\(UUID().uuidString)")
            try manager.createSymbolicLink(at: path, withDestinationURL: target)
            return target
        case .zero:
            try manager.createSymbolicLink(atPath: path.path, withDestinationPath: "/dev/zero")
        case .fifo:
            #expect(mkfifo(path.path, 0o600) == 0)
        case .directory:
            try manager.createDirectory(at: path, withIntermediateDirectories: false)
        case .sparse:
            #expect(FileManager.default.createFile(atPath: path.path, contents: nil))
            #expect(truncate(path.path, 40 << 30) == 0)
        }
        return nil
    }

    /// Runs kakeibo, killed after a minute (a FIFO that blocks, /dev/zero read for ever): a test that fails, not hangs.
    static func run(_ box: Sandbox, _ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        try Sandbox.launch(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["-s", "KILL", "60", Products.kakeibo.path] + arguments,
            environment: box.baseEnvironment.merging(environment) { $1 })
    }

    static func outsideDirectory(_ box: Sandbox) throws -> URL {
        let outside = box.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        return outside
    }

    @Test(arguments: storeFiles, Plant.allCases)
    func aStoreFileThatIsNoFileIsRefusedByNameAndByCheck(_ file: StoreFile, _ plant: Plant) throws {
        let box = try FileKindTests.household()
        let outside = try FileKindTests.outsideDirectory(box)
        let path = box.store.appendingPathComponent(file.path)
        let target = try FileKindTests.plant(plant, at: path, outside: outside)
        // A lock file is locked, never read: its size is no concern.
        if file.path == ".lock" && plant == .sparse { return }
        let run = try FileKindTests.run(box, file.command)
        if file.passedOver {
            #expect(run.status == 0 && run.stderr.isEmpty, "\(file) \(plant): \(run.status) \(run.stderr)")
        } else {
            #expect(run.status == 1 && !run.signalled, "\(file) \(plant): \(run.status) \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains(file.path), "\(file) \(plant): \(run.stderr)")
        }
        #expect(!run.stderr.contains("Fatal error"))
        if plant == .linkOut, let target { #expect(try String(contentsOf: target, encoding: .utf8) == "outside\n") }
        if plant == .danglingLink, let target { #expect(!FileManager.default.fileExists(atPath: target.path)) }
        let check = try FileKindTests.run(box, ["check", "--format", "json"])
        #expect(check.status == 1, "\(file) \(plant): \(check.stderr)")
        let json = try #require(try check.json() as? [String: Any])
        let problems = try #require(json["problems"] as? [[String: Any]])
        #expect(problems.contains { $0["file"] as? String == file.path && $0["severity"] as? String == "error" }, "\(problems)")
    }

    /// A month's summary is a shortcut: one that is no file is passed over (the month is read instead), never
    /// followed out of the store; a change of the month puts a file in its place; `check` names it.
    @Test(arguments: Plant.allCases)
    func aSummaryThatIsNoFileIsPassedOverAndNamedByCheck(_ plant: Plant) throws {
        let box = try FileKindTests.household()
        let outside = try FileKindTests.outsideDirectory(box)
        let path = box.store.appendingPathComponent(".summary/2024-11.json")
        let target = try FileKindTests.plant(plant, at: path, outside: outside)
        let check = try FileKindTests.run(box, ["check", "--format", "json"])
        #expect(check.status == 1)
        let problems = try #require((try check.json() as? [String: Any])?["problems"] as? [[String: Any]])
        #expect(problems.contains { $0["file"] as? String == ".summary/2024-11.json" }, "\(problems)")
        let year = try FileKindTests.run(box, ["year", "2024", "--format", "json"])
        #expect(year.status == 0, "\(plant): \(year.stderr)")
        #expect(year.stdout.contains("326"), "\(year.stdout)") // 198 + 128
        if plant != .directory {
            let add = try FileKindTests.run(box, ["add", "x", "5", "--date", "2024-11-04"])
            #expect(add.status == 0, "\(plant): \(add.stderr)")
        }
        if plant == .linkOut, let target { #expect(try String(contentsOf: target, encoding: .utf8) == "outside\n") }
        if plant == .danglingLink, let target { #expect(!FileManager.default.fileExists(atPath: target.path)) }
    }

    /// The store's own directories are never links out: nothing is written through one.
    @Test func aStoreDirectoryThatIsALinkIsNeverWrittenThrough() throws {
        let box = try FileKindTests.household()
        let outside = try FileKindTests.outsideDirectory(box)
        for name in [".summary", "backups"] {
            let directory = box.store.appendingPathComponent(name)
            let elsewhere = outside.appendingPathComponent(name)
            try FileManager.default.moveItem(at: directory, to: elsewhere)
            try FileManager.default.createSymbolicLink(at: directory, withDestinationURL: elsewhere)
            let before = try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).sorted()
            _ = try FileKindTests.run(box, ["add", "x", "5", "--date", "2024-10-04"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).sorted() == before, "\(name)")
            let check = try FileKindTests.run(box, ["check"])
            #expect(check.status == 1 && check.stdout.contains(name), "\(check.stdout)")
            try FileManager.default.removeItem(at: directory)
            try FileManager.default.moveItem(at: elsewhere, to: directory)
        }
    }

    /// Configuration files may be read through a link (a dotfiles checkout) but never written through one, and are
    /// regular files only.
    @Test(arguments: Plant.allCases)
    func aConfigurationFileIsReadThroughALinkButNeverWrittenThroughOne(_ plant: Plant) throws {
        let box = try Sandbox()
        let outside = try FileKindTests.outsideDirectory(box)
        let config = box.config.appendingPathComponent("config.json")
        let target = try FileKindTests.plant(plant, at: config, outside: outside)
        if plant == .linkOut, let target {
            try Data(#"{"timeout":30}"#.utf8).write(to: target)
            let list = try FileKindTests.run(box, ["config", "get", "timeout"])
            #expect(list.status == 0 && list.stdout.contains("30"), "\(list.stderr)")
            let set = try FileKindTests.run(box, ["config", "set", "timeout", "40"])
            #expect(set.status == 1 && set.stderr.contains("symbolic link"), "\(set.stderr)")
            #expect(try String(contentsOf: target, encoding: .utf8) == #"{"timeout":30}"#)
            return
        }
        let run = try FileKindTests.run(box, ["config", "list"])
        if plant == .danglingLink {
            #expect(run.status == 0, "\(run.stderr)") // no file: nothing configured
            let set = try FileKindTests.run(box, ["config", "set", "timeout", "40"])
            #expect(set.status == 1 && set.stderr.contains("config.json"), "\(set.stderr)")
            if let target { #expect(!FileManager.default.fileExists(atPath: target.path)) }
            return
        }
        #expect(run.status == 1 && run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("config.json"), "\(plant): \(run.stderr)")
        let categories = box.config.appendingPathComponent("categories.json")
        try FileManager.default.removeItem(at: config)
        try FileKindTests.plant(plant, at: categories, outside: outside)
        let list = try FileKindTests.run(box, ["categories"])
        #expect(list.status == 1 && list.stderr.contains("categories.json"), "\(plant): \(list.stderr)")
    }

    /// A file the user names is bounded and must be a file or a pipe: /dev/zero and a 40 GB file are refused.
    @Test func aNamedInputIsBounded() throws {
        let box = try Sandbox()
        let outside = try FileKindTests.outsideDirectory(box)
        for plant in [Plant.zero, .sparse, .directory] {
            let path = outside.appendingPathComponent("input-\(plant)")
            try FileKindTests.plant(plant, at: path, outside: outside)
            for command in [["import", path.path], ["receipt", path.path], ["import", path.path, "--from", "zaim"]] {
                let run = try FileKindTests.run(box, command)
                #expect(run.status != 0 && !run.signalled && run.stderr.contains(path.path), "\(command) \(plant): \(run.stderr)")
                #expect(!run.stderr.contains("Fatal error"))
            }
        }
    }
}
