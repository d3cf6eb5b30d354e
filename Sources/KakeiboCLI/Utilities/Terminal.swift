import KakeiboKit

/// What the process was started with and where its output goes: kept apart from the commands so they stay testable.
package struct Terminal: Sendable {
    package var environment: Environment
    package var stdoutIsTerminal: Bool
    package var stderrIsTerminal: Bool

    package static func current() -> Terminal {
        Terminal(environment: .process, stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1)
    }

    /// Colour only on a terminal, never with NO_COLOR set (to anything) or TERM=dumb.
    package var stdoutColour: Bool {
        stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// $COLUMNS when it is a sensible number, else 80.
    package var width: Int {
        if let text = environment["COLUMNS"], let columns = Int(text), (20...1000).contains(columns) { return columns }
        return 80
    }

    /// Writes all of `text` to a file descriptor; the errno of a write that failed (ENOSPC, EPIPE, EBADF…), or nil
    /// when every byte was written. A write that makes no progress counts as failed (EIO).
    @discardableResult
    package static func write(_ text: String, to fd: Int32) -> Int32? {
        guard !text.isEmpty else { return nil }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBufferPointer { Platform.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            offset += n
        }
        bytes.removeAll()
        return nil
    }

    /// Whether a file descriptor was closed when the program was started. Checked at start for 0, 1 and 2: a closed
    /// one is taken by /dev/null so that no file the program opens (a month file, the lock) can become its stdout or
    /// stderr. One already taken before `main` (the Swift runtime opens its own descriptors, close-on-exec, at start)
    /// was closed too: a descriptor handed over by exec can't be close-on-exec.
    static func claimIfClosed(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFD)
        if flags >= 0 { return flags & FD_CLOEXEC != 0 }
        guard errno == EBADF else { return false }
        let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
        if opened >= 0 && opened != fd {
            dup2(opened, fd)
            close(opened)
        }
        return true
    }

    /// Reads all of standard input, up to the size of the largest file kakeibo reads (`yes | kakeibo import -` is
    /// refused at that size, not read until memory runs out).
    package static func readStandardInput() throws(CommandError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBufferPointer { Platform.read(0, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .readInput("-", code: errno)
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > FileSystem.maximumFileSize { throw .readInput("-", code: EFBIG) }
        }
    }
}

/// The current time, and today's date where the user is (the TZ time zone).
package struct Clock: Sendable {
    package var now: Timestamp
    package var today: CalendarDate

    /// The system clock, or $KAKEIBO_NOW ("2024-12-03T09:00:00Z") so scripts and tests can be reproducible.
    package static func current(environment: Environment) throws(ClockError) -> Clock {
        var stamp: Timestamp
        if let fixed = environment["KAKEIBO_NOW"], !fixed.isEmpty {
            guard let parsed = Timestamp.parse(fixed) else { throw ClockError(text: fixed) }
            stamp = parsed
        } else {
            stamp = .now()
        }
        var seconds = time_t(stamp.milliseconds / 1000)
        var local = tm()
        localtime_r(&seconds, &local)
        let today =
            CalendarDate(year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday))
            ?? CalendarDate(year: 1970, month: 1, day: 1)!
        return Clock(now: stamp, today: today)
    }
}

/// $KAKEIBO_NOW is set but is not a timestamp.
package struct ClockError: KakeiboFailure {
    var text: String
    package var kind: FailureKind { .badInput }
    package func message(in language: Language) -> String {
        language.pick(
            "KAKEIBO_NOW must be a UTC timestamp like 2024-12-31T12:00:00Z, got '\(text)'",
            "KAKEIBO_NOW は 2024-12-31T12:00:00Z のような UTC の日時にしてください（指定: '\(text)'）")
    }
}
