// What differs between operating systems, for every target that imports KakeiboKit, is in this file (Linux with
// glibc here); a port to another OS changes it, and the sync target's Platform.swift for where URLSession lives
// (see "Porting to another OS" in docs/development.md).
//
// The C library is imported here once, for all of KakeiboKit and for every module that imports KakeiboKit
// (KakeiboCLI, KakeiboImport, the tests): `@_exported` makes its names visible in the module's other files and to
// its importers. The calls they make (open, stat, flock, poll, termios, …) are the same on Linux and macOS; what
// is not is wrapped below.
@_exported import Glibc

/// The operating system's pieces that are not the same everywhere: where the running executable is, the process's
/// environment, a file's modification time, starting a program, flushing a file to disk — and `read` and `write`
/// under a name that a type's own `read` or `write` does not hide.
public enum Platform {
    /// The running executable's path with links resolved (Linux: /proc/self/exe), or nil when the system can't say.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The value of one of the process's environment variables, or nil when it is not set.
    public static func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Every entry of the process's environment ("NAME=value"), in order.
    public static func environmentEntries() -> [String] {
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            entries.append(String(cString: entry))
            pointer += 1
        }
        return entries
    }

    /// When a file was last modified, in milliseconds since 1970 (Linux: `st_mtim`).
    public static func modificationTime(_ info: stat) -> Int64 {
        Int64(info.st_mtim.tv_sec) * 1000 + Int64(info.st_mtim.tv_nsec) / 1_000_000
    }

    /// Flushes an open file's (or directory's) contents to stable storage, so that they survive a power cut: 0, or -1
    /// with errno set. On Linux fsync does that; elsewhere plain fsync may stop at the drive's cache.
    public static func durableSync(_ fd: Int32) -> Int32 {
        fsync(fd)
    }

    /// Starts `executable` without a shell, with `arguments` as its argv (the first is its name) and `environment`
    /// ("NAME=value" entries) as its environment; its stdin reads /dev/null, its stdout and stderr are the given
    /// descriptors. Sets `pid` to the child's; returns 0, or the errno of a start that failed.
    public static func spawn(
        _ executable: String, arguments: [String], environment: [String], stdout: Int32, stderr: Int32, pid: inout pid_t
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        return posix_spawn(&pid, executable, &actions, nil, argv, envp)
    }

    /// read(2): up to `count` bytes from `fd` into `buffer`; how many, 0 at the end, or -1 with errno set.
    @inlinable
    public static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        Glibc.read(fd, buffer, count)
    }

    /// write(2): up to `count` bytes from `buffer` to `fd`; how many, or -1 with errno set.
    @inlinable
    public static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        Glibc.write(fd, buffer, count)
    }
}
