import Foundation
import Testing

/// What kakeibo writes never lands in the store, and never fails silently: `--output` into the store is refused,
/// stdout on a full disk or a closed descriptor is exit 1 naming the error, a pipe closed by its reader ends kakeibo
/// by SIGPIPE without a word, and month summaries with impossible totals can't make a report trap or lie.
@Suite struct OutputSafetyTests {
    /// A store of two months and a budget, and what its files hold.
    func household() throws -> (Sandbox, [String: Data]) {
        let box = try Sandbox()
        _ = try box.add("お茶", 100, date: "2024-11-03")
        _ = try box.add("ご飯", 200, date: "2024-12-03")
        #expect(try box.run("budget", "set", "total", "100000").status == 0)
        return (box, try box.snapshot())
    }

    /// Runs kakeibo through the shell, for redirections a Process can't express (`> /dev/full`, `>&-`).
    func shell(_ box: Sandbox, _ arguments: String, redirect: String) throws -> Run {
        try Sandbox.launch(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" \(arguments) \(redirect)", Products.kakeibo.path], environment: box.baseEnvironment)
    }

    @Test func anOutputIntoTheStoreIsRefusedWhateverThePathLooksLike() throws {
        let (box, before) = try household()
        let store = box.store.path
        try FileManager.default.createSymbolicLink(atPath: box.root.appendingPathComponent("linked").path, withDestinationPath: store)
        let targets = [
            store + "/2024-12.json", store + "/budgets.json", store + "/../store/2024-11.json", box.root.path + "/linked/2024-12.json",
            store + "/backups/new.json", store + "/.summary/2024-12.json",
        ]
        for command in [["export", "2024", "11"], ["month", "2024", "11"], ["year", "2024"], ["trend"]] {
            for target in targets {
                let run = try box.run(command + ["--output", target])
                #expect(run.status == 2, "\(command) \(target): \(run.stderr)")
                #expect(run.stderr == "kakeibo: --output \(target) is inside the store \(store); write reports and exports outside it\n")
                #expect(run.stdout.isEmpty)
            }
        }
        #expect(try box.snapshot() == before)
        // Beside the store is fine.
        let outside = box.root.appendingPathComponent("2024-11.json").path
        #expect(try box.run("export", "2024", "11", "--output", outside).status == 0)
        #expect(FileManager.default.fileExists(atPath: outside))
    }

    @Test func stdoutThatCantBeWrittenIsAnErrorNamingIt() throws {
        let (box, before) = try household()
        // reconcile writes nothing to the store: its output is checked too.
        let reconcile = "reconcile '\(Products.fixture("paypay-2024-12.csv"))'"
        for arguments in ["month 2024 12", "check", "export", "year 2024 --format csv", "help pull", reconcile] {
            let full = try shell(box, arguments, redirect: "> /dev/full")
            #expect(full.status == 1, "\(arguments): \(full.stderr)")
            #expect(full.stderr.hasSuffix("kakeibo: cannot write to standard output: No space left on device (ENOSPC)\n"), "\(arguments)")
        }
        let closed = try shell(box, "export", redirect: ">&-")
        #expect(closed.status == 1)
        #expect(closed.stderr == "kakeibo: cannot write to standard output: Bad file descriptor (EBADF)\n")
        let japanese = try shell(box, "--lang ja month", redirect: "> /dev/full")
        #expect(japanese.stderr == "kakeibo: 標準出力に書き込めません: ディスクの空きがありません (ENOSPC)\n")
        // Nothing to write, nothing to fail: a report into a file still succeeds with stdout closed.
        let file = box.root.appendingPathComponent("export.json").path
        #expect(try shell(box, "export --output '\(file)'", redirect: ">&-").status == 0)
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(try box.snapshot() == before)
    }

    @Test func aPipeClosedByItsReaderEndsKakeiboBySigpipeWithoutAMessage() throws {
        let (box, _) = try household()
        for arguments in [["export"], ["help", "pull"]] {
            let process = Process()
            process.executableURL = Products.kakeibo
            process.arguments = arguments
            process.environment = box.baseEnvironment
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try out.fileHandleForReading.close() // the reader is gone before kakeibo writes
            try process.run()
            let message = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE, "\(arguments)")
            #expect(message.isEmpty, "\(String(decoding: message, as: UTF8.self))")
        }
    }

    @Test func summariesWithImpossibleTotalsNeitherTrapNorShowInAReport() throws {
        let (box, _) = try household()
        for total in ["9223372036854775807", "-9223372036854775808", "99999999999999999"] {
            for month in ["2024-11", "2024-12"] {
                let path = box.store.appendingPathComponent(".summary/\(month).json")
                var summary = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
                summary["sums"] = (summary["sums"] as? [[String: Any]] ?? []).map { row in
                    row.merging(["total": Int(total)!]) { $1 }
                }
                try JSONSerialization.data(withJSONObject: summary).write(to: path)
            }
            let year = try box.run("year", "2024", "--format", "json")
            #expect(year.status == 0 && !year.signalled, "\(total): \(year.stderr)")
            #expect((try year.json() as? [String: Any])?["total"] as? Int == 300)
            let trend = try box.run("trend", "--end", "2024-12", "--months", "2", "--format", "json")
            #expect(trend.status == 0 && !trend.signalled, "\(total): \(trend.stderr)")
            #expect((try trend.json() as? [String: Any])?["total"] as? Int == 300)
        }
    }
}
