import KakeiboKit

/// Where a run's output finally goes: stdout and stderr, each write checked. A full disk, a closed descriptor or an
/// I/O error is a failure (exit 1, said on stderr); a closed pipe (`kakeibo export | head`) ends the program as it
/// ends other Unix tools, by SIGPIPE and without a message; a failure of stderr itself can only be told by the status.
enum StandardStreams {
    /// Which of stdout and stderr were closed when the program started (each is then held by /dev/null, so that no
    /// file opened later takes its number, and a write meant for it is reported as EBADF).
    struct Closed {
        var stdin = false
        var stdout = false
        var stderr = false

        /// Looks at descriptors 0, 1 and 2 once, before anything else opens a file.
        static func claim() -> Closed {
            Closed(stdin: Terminal.claimIfClosed(0), stdout: Terminal.claimIfClosed(1), stderr: Terminal.claimIfClosed(2))
        }

        /// Closes again what `claim` held with /dev/null, before running a companion: it finds the descriptors as
        /// they were given (one the runtime holds is close-on-exec, so closed by the exec).
        func release() {
            for (fd, wasClosed) in [(Int32(0), stdin), (1, stdout), (2, stderr)] where wasClosed && fcntl(fd, F_GETFD) == 0 {
                close(fd)
            }
        }
    }

    /// Writes the outcome and returns the status to exit with.
    static func deliver(_ outcome: Kakeibo.Outcome, closed: Closed, language: Language) -> Int32 {
        var status = outcome.status
        var messages = outcome.stderr
        if let code = write(outcome.stdout, to: 1, closed: closed.stdout) {
            messages += "kakeibo: " + OutputError(code: code).message(in: language) + "\n"
            status = ExitCode.failure.rawValue
        }
        if write(messages, to: 2, closed: closed.stderr) != nil, status == ExitCode.success.rawValue {
            status = ExitCode.failure.rawValue
        }
        return status
    }

    /// A message on stderr outside a run (a companion that can't be started): its status is already a failure.
    static func report(_ message: String, closed: Closed) {
        _ = write(message, to: 2, closed: closed.stderr)
    }

    /// Writes all of `text`; the errno if that failed. A broken pipe does not return.
    private static func write(_ text: String, to fd: Int32, closed: Bool) -> Int32? {
        guard !text.isEmpty else { return nil }
        guard !closed else { return EBADF }
        let code = Terminal.write(text, to: fd)
        if code == EPIPE { diedOfBrokenPipe() }
        return code
    }

    /// Ends the process by SIGPIPE, with the default action even where the parent had it ignored: the status a shell
    /// shows is 141, as for `cat` or `grep` writing into a closed pipe.
    private static func diedOfBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        exit(128 + SIGPIPE)
    }
}

/// Standard output could not be written: names the error, as `cannot write to standard output: No space left on
/// device (ENOSPC)`.
struct OutputError: KakeiboFailure {
    var code: Int32

    var kind: FailureKind { .runtime }

    func message(in language: Language) -> String {
        let reason = StoreError.reason(code, language) + (OutputError.names[code].map { " (\($0))" } ?? "")
        return language.pick("cannot write to standard output: \(reason)", "標準出力に書き込めません: \(reason)")
    }

    /// The C names of the errors a write to stdout commonly meets.
    static let names: [Int32: String] = [
        ENOSPC: "ENOSPC", EDQUOT: "EDQUOT", EBADF: "EBADF", EIO: "EIO", EFBIG: "EFBIG", EROFS: "EROFS", EACCES: "EACCES",
        EPERM: "EPERM", EINVAL: "EINVAL", EAGAIN: "EAGAIN", ENXIO: "ENXIO",
    ]
}
