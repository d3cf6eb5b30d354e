import KakeiboKit

/// Running another program (the OCR engine, a build of the companion): no shell, stdin from /dev/null.
enum Subprocess {
    struct Result {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]
    }

    /// The first executable file called `name` in the directories of `path` (a PATH value), as a shell finds it.
    static func find(_ name: String, path: String?) -> String? {
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = FileSystem.join(directory.isEmpty ? "." : String(directory), name)
            if access(candidate, X_OK) == 0 && !FileSystem.isDirectory(candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` with `arguments` and waits for it, reading its output as it comes (so a full pipe can't
    /// stall it). The status is the exit code, or 128 + the signal that ended it. Throws the errno of a failed start.
    static func run(_ executable: String, _ arguments: [String], environment: Environment) throws(SubprocessError) -> Result {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { throw SubprocessError(code: errno) }
        guard pipe(&errors) == 0 else {
            let code = errno
            close(output[0])
            close(output[1])
            throw SubprocessError(code: code)
        }
        // Only the copies on the child's stdout and stderr (made by dup2, which clears the flag) reach the program.
        for fd in output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var pid = pid_t()
        let started = Platform.spawn(
            executable, arguments: [executable] + arguments, environment: environment.variables.map { "\($0.key)=\($0.value)" },
            stdout: output[1], stderr: errors[1], pid: &pid)
        close(output[1])
        close(errors[1])
        guard started == 0 else {
            close(output[0])
            close(errors[0])
            throw SubprocessError(code: started)
        }
        var result = Result(status: 0, stdout: [], stderr: [])
        var fds = [pollfd(fd: output[0], events: Int16(POLLIN), revents: 0), pollfd(fd: errors[0], events: Int16(POLLIN), revents: 0)]
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while fds.contains(where: { $0.fd >= 0 }) {
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let n = chunk.withUnsafeMutableBufferPointer { read(fds[index].fd, $0.baseAddress!, $0.count) }
                if n > 0 {
                    if index == 0 { result.stdout += chunk[0..<n] } else { result.stderr += chunk[0..<n] }
                } else if n == 0 || errno != EINTR {
                    close(fds[index].fd)
                    fds[index].fd = -1
                }
            }
        }
        for fd in fds where fd.fd >= 0 { close(fd.fd) }
        result.status = wait(pid)
        return result
    }
}

extension Subprocess {
    /// Runs `executable` with its stdout and stderr on this process's stderr (this one's stdout is for data), and
    /// waits for it: its exit code, 128 + the signal that ended it, or nil when it could not be started.
    static func runBeside(_ executable: String, _ arguments: [String], environment: Environment) -> Int32? {
        var pid = pid_t()
        let started = Platform.spawn(
            executable, arguments: [executable] + arguments, environment: environment.variables.map { "\($0.key)=\($0.value)" },
            stdout: 2, stderr: 2, pid: &pid)
        guard started == 0 else { return nil }
        return wait(pid)
    }

    /// Waits for the child to end: its exit code, or 128 + the signal that ended it.
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

/// A program could not be started.
struct SubprocessError: Error {
    var code: Int32
}
