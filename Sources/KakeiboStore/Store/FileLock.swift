import KakeiboValues

/// An exclusive advisory lock (flock) on a file, held until released or the process ends.
///
/// The lock is only as good as the file: one that was removed or replaced while we waited locks nothing the next
/// process will see. So once locked, the file must still be the one at the path (same device and inode), or we open
/// the path again and retry. A writer's lock file records who holds it (`PID command`), so that a process waiting
/// for it can say whom it waits for. (The store's lock is its directory: see `StoreLock`.)
public final class FileLock {
    private var fd: Int32
    private let recorded: Bool

    /// Blocks until the lock is ours (or `wait` gives up). Creates the lock file (0600) if needed, and records this
    /// process in it.
    /// `purpose` is what the lock is for, as recorded ("import": "kakeibo import").
    public convenience init(path: String, wait: LockWait = .forever, purpose: String? = nil) throws(StoreError) {
        try self.init(path, flags: O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, wait: wait, purpose: purpose)
    }

    /// Locks an existing lock file, opened only for reading (enough for flock), creating nothing: for a reader, which
    /// needs no lock where no writer has ever been and must work where it can't write.
    public convenience init(existing path: String, wait: LockWait = .forever) throws(StoreError) {
        try self.init(path, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, wait: wait)
    }

    /// Locks a directory itself, creating no file; one waiting for it reads who holds it from `holderFile`.
    public convenience init(directory: String, wait: LockWait = .forever, holderFile: String? = nil) throws(StoreError) {
        try self.init(directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, wait: wait, holderFile: holderFile)
    }

    private init(_ path: String, flags: Int32, wait: LockWait, holderFile: String? = nil, purpose: String? = nil) throws(StoreError) {
        let start = FileLock.seconds()
        var told = false
        var interval: UInt32 = 5_000
        while true {
            let fd = open(path, flags, 0o600)
            guard fd >= 0 else {
                // A lock file is opened through no link (it would lock, create or truncate the link's target) and
                // without waiting (a FIFO there would block the open for ever): anything but a file is refused.
                if errno == ELOOP && flags & O_NOFOLLOW != 0 { throw .notAFile(path: path, kind: .symbolicLink) }
                throw .io(path: path, operation: .lock, code: errno)
            }
            var info = stat()
            let kind = fstat(fd, &info) == 0 ? NodeKind(mode: info.st_mode) : nil
            if let kind, kind != (flags & O_DIRECTORY != 0 ? .directory : .file) {
                close(fd)
                throw .notAFile(path: path, kind: kind)
            }
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                if code == EINTR { continue }
                guard code == EWOULDBLOCK else {
                    close(fd)
                    throw .io(path: path, operation: .lock, code: code)
                }
                let waited = FileLock.seconds() - start
                if !told && waited >= 1 {
                    told = true
                    wait.onWait?(LockHolder(reading: fd, or: holderFile), wait.lock)
                }
                if let timeout = wait.timeout, waited >= timeout {
                    let holder = LockHolder(reading: fd, or: holderFile)
                    close(fd)
                    throw .lockTimeout(path: path, seconds: timeout, holder: holder)
                }
                // Polling, at most ten times a second: flock has no timeout of its own, and an alarm signal would
                // reach whatever else the process is doing.
                usleep(interval)
                interval = min(interval * 2, 100_000)
            }
            if FileLock.isStill(fd, at: path) {
                self.fd = fd
                recorded = flags & O_ACCMODE == O_RDWR
                if recorded { LockHolder.current(purpose).write(to: fd) }
                return
            }
            close(fd) // locked a file that is no longer the lock: try the one at the path now
        }
    }

    /// Whether the open file is the one the path names now.
    private static func isStill(_ fd: Int32, at path: String) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(fd, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    private static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    public func release() {
        if fd >= 0 {
            if recorded { ftruncate(fd, 0) } // no one holds it now
            close(fd)
            fd = -1
        }
    }

    deinit { release() }
}

/// How a process waits for a lock another holds: for ever (the default) or up to `timeout` seconds, calling
/// `onWait` once after a second of waiting, so that the wait can be reported.
public struct LockWait: Sendable {
    public var timeout: Double?
    public var onWait: (@Sendable (LockHolder?, LockName) -> Void)?
    /// Which lock is waited for, as `onWait` is told.
    public var lock = LockName.store

    public init(timeout: Double? = nil, onWait: (@Sendable (LockHolder?, LockName) -> Void)? = nil) {
        self.timeout = timeout
        self.onWait = onWait
    }

    public static let forever = LockWait()

    /// The same wait, for another lock.
    public func `for`(_ lock: LockName) -> LockWait {
        var other = self
        other.lock = lock
        return other
    }
}

/// The locks a command may wait for: the store's (every write), and the sync lock (one pull, push or sync of a store
/// at a time, from its first look at the server to its last write).
public enum LockName: Sendable, Equatable {
    case store, sync
}

/// The process holding a lock, as it recorded itself in the lock file ("12345 kakeibo import").
public struct LockHolder: Sendable, Equatable {
    public var pid: Int32
    public var command: String

    public init(pid: Int32, command: String) {
        self.pid = pid
        self.command = command
    }

    /// This process: its id, and its program name with what it is doing ("kakeibo import").
    static func current(_ purpose: String?) -> LockHolder {
        let arguments = CommandLine.arguments
        let program = arguments.first.map(FileSystem.lastComponent) ?? "kakeibo"
        let word = purpose ?? arguments.dropFirst().first { !$0.hasPrefix("-") }
        return LockHolder(pid: getpid(), command: [program, word].compactMap { $0 }.joined(separator: " "))
    }

    /// The holder recorded in `file` if given (a directory's lock records it in a file beside), else in the locked
    /// file itself.
    init?(reading fd: Int32, or file: String?) {
        guard let file else {
            self.init(reading: fd)
            return
        }
        let other = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard other >= 0 else { return nil }
        defer { close(other) }
        var info = stat()
        guard fstat(other, &info) == 0, NodeKind(mode: info.st_mode) == .file else { return nil }
        self.init(reading: other)
    }

    /// The holder a lock file records, or nil when it records none (a reader holds the lock, or an older kakeibo).
    init?(reading fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let parts = line.split(separator: " ", maxSplits: 1)
        guard let first = parts.first, let pid = Int32(first), pid > 0 else { return nil }
        if kill(pid, 0) != 0 && errno == ESRCH { return nil } // left by a writer that was killed
        self.init(pid: pid, command: parts.count > 1 ? String(parts[1]) : "")
    }

    func write(to fd: Int32) {
        let bytes = Array("\(pid) \(command)\n".utf8)
        ftruncate(fd, 0)
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// "waiting for the store's lock, held by process 12345 (kakeibo import)…"
    public static func waitingMessage(_ holder: LockHolder?, for lock: LockName = .store, in language: Language) -> String {
        let what =
            lock == .store
            ? language.pick("the store's lock", "保存先のロック")
            : language.pick("the sync lock (another pull, push or sync of this store)", "同期のロック（この保存先の別の pull・push・sync）")
        guard let holder else { return language.pick("waiting for \(what)…", "\(what)を待っています…") }
        let command = holder.command.isEmpty ? "" : " (\(holder.command))"
        return language.pick(
            "waiting for \(what), held by process \(holder.pid)\(command)…", "\(what)を待っています（プロセス \(holder.pid)\(command) が使用中）…")
    }
}
