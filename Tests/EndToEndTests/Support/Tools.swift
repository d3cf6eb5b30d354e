import Foundation

/// Programs outside the toolchain that some tests drive (ledger, hledger, shells). CI installs them (.ci/run); a
/// test that needs one is skipped where it is missing rather than failing on a developer's machine.
enum Tools {
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static func has(_ name: String) -> Bool { find(name) != nil }

    /// Runs a tool by name with the sandbox's environment.
    static func run(_ name: String, _ arguments: [String], environment: [String: String], stdin: String? = nil) throws -> Run {
        guard let tool = find(name) else { throw CocoaError(.fileNoSuchFile) }
        return try Sandbox.launch(tool, arguments, environment: environment, stdin: stdin.map { Data($0.utf8) })
    }
}

extension Products {
    /// A committed import fixture under Tests/Fixtures/imports.
    static func fixture(_ name: String) -> String {
        repository.appendingPathComponent("Tests/Fixtures/imports").appendingPathComponent(name).path
    }
}

extension Sandbox {
    /// November 2024 with a salary and three purchases, and one purchase in October: what income, savings and
    /// `review` are checked against.
    static func incomeAndSpending() throws -> Sandbox {
        let box = try Sandbox()
        _ = try box.add("給与", 300_000, date: "2024-11-25", category: "income/salary")
        _ = try box.add("米", 2_000, date: "2024-11-02", category: "food/grocery")
        _ = try box.add("電車", 1_000, date: "2024-11-03", category: "entertainment/traffic")
        _ = try box.add("肉", 5_000, date: "2024-10-03", category: "food")
        return box
    }

    /// Writes bytes into the sandbox and returns the file's path.
    @discardableResult
    func write(_ relativePath: String, bytes: [UInt8]) throws -> String {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Runs `kakeibo` with stderr on a pseudo-terminal (stdout stays a pipe), returning what the terminal received.
    /// `typing`: stdin is the terminal too, and this is typed into it first (a person answering a question).
    func runWithTerminalStderr(_ arguments: [String], typing: String? = nil) throws -> (run: Run, terminal: String) {
        // posix_openpt and friends are not in Swift's Glibc module: the same done by hand, Linux's way.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw CocoaError(.fileReadUnknown) }
        defer { close(master) }
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        let setPtyLock: UInt = 0x4004_5431
        let getPtyNumber: UInt = 0x8004_5430
        guard ioctl(master, setPtyLock, &unlock) == 0, ioctl(master, getPtyNumber, &number) == 0 else {
            throw CocoaError(.fileReadUnknown)
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
        let process = Process()
        process.executableURL = Products.kakeibo
        process.arguments = arguments
        process.environment = baseEnvironment
        let out = Pipe()
        process.standardOutput = out
        let terminalSide = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = typing == nil ? FileHandle.nullDevice : terminalSide
        process.standardError = terminalSide
        if let typing { _ = typing.utf8CString.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count - 1) } }
        try process.run()
        try terminalSide.close()
        // Read the terminal while the child runs (a full pty buffer would stall it); read ends with EIO once the
        // child, the last holder of the terminal side, has exited.
        nonisolated(unsafe) var received: [UInt8] = []
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if n > 0 { received += buffer[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
            }
            group.leave()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        let run = Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: "",
            signalled: process.terminationReason == .uncaughtSignal)
        return (run, String(decoding: received, as: UTF8.self))
    }
}
