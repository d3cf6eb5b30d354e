import Foundation
import Testing

/// What one run of the real `kakeibo` binary printed and how it exited.
struct Run: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    /// True when the process ended by a signal (a crash), not by exit.
    var signalled: Bool

    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// The stdout parsed as JSON.
    func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(stdout.utf8)) }
}

/// Finds the built products (the `kakeibo` binary sits beside the test bundle).
enum Products {
    static let directory: URL = {
        var candidates: [URL] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("kakeibo").path) }
            ?? candidates.last!
    }()

    static var kakeibo: URL { directory.appendingPathComponent("kakeibo") }

    /// The repository's root, for fixtures and scripts.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}

/// A private home for one test: a store, a config directory, and a fixed clock and locale, all in a temporary
/// directory removed afterwards. Runs `kakeibo` against it.
final class Sandbox: @unchecked Sendable {
    let root: URL
    var store: URL { root.appendingPathComponent("store") }
    var config: URL { root.appendingPathComponent("config/kakeibo") }
    /// Extra environment for every run (tests may change it).
    var environment: [String: String] = [:]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The environment a run gets: nothing from the developer's own, so results don't depend on their machine.
    var baseEnvironment: [String: String] {
        [
            "HOME": root.path,
            "KAKEIBO_HOME": store.path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "KAKEIBO_NOW": "2024-12-15T09:00:00Z",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ].merging(environment) { $1 }
    }

    /// Runs `kakeibo` with the arguments; `stdin` is piped in if given.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> Run {
        try Sandbox.launch(Products.kakeibo, arguments, environment: baseEnvironment.merging(extra) { $1 }, stdin: stdin.map { Data($0.utf8) })
    }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> Run { try run(arguments, stdin: stdin) }

    static func launch(_ executable: URL, _ arguments: [String], environment: [String: String], stdin: Data? = nil) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Read both pipes concurrently so a large output can't fill one pipe and stall the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if let stdin { feed(stdin, to: input.fileHandleForWriting.fileDescriptor) }
        try? input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), signalled: process.terminationReason == .uncaughtSignal)
    }

    /// Writes a child's stdin. A child that needs no input may be done before the write (a busy machine can hold
    /// this thread that long): the write then fails with EPIPE, and SIGPIPE, held off on this thread, is taken back
    /// instead of ending the whole test process.
    static func feed(_ data: Data, to fd: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        data.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                written += n
            }
        }
    }

    /// Every file under the store and its bytes (the lock file aside: it holds no data), to prove a failed command
    /// changed nothing.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: store, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let url as URL in walker {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true,
                ![".lock", ".push-lock"].contains(url.lastPathComponent)
            else { continue }
            files[url.path.replacingOccurrences(of: store.path, with: "")] = try Data(contentsOf: url)
        }
        return files
    }

    /// Writes a file into the sandbox and returns its path.
    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Writes an executable script into the sandbox (mode 0755) and returns its path. A child process writes it:
    /// a file written by this (multi-threaded) test process leaves a write descriptor that another test's spawned
    /// child can inherit, and exec of the script then fails with "Text file busy".
    @discardableResult
    func writeExecutable(_ relativePath: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let script = "cat > \"$1.tmp\" && chmod 755 \"$1.tmp\" && mv \"$1.tmp\" \"$1\""
        let run = try Sandbox.launch(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", url.path], environment: baseEnvironment, stdin: Data(text.utf8))
        guard run.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSDebugDescriptionErrorKey: run.stderr]) }
        return url.path
    }

    /// Adds an item and returns its id (via JSON output).
    func add(_ name: String, _ price: Int, date: String, category: String = "food") throws -> String {
        let run = try self.run(["add", name, String(price), "--date", date, "--category", category, "--format", "json"])
        #expect(run.status == 0, "add failed: \(run.stderr)")
        let object = try run.json() as? [String: Any]
        return object?["id"] as? String ?? ""
    }
}
