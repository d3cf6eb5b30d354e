import KakeiboValues

/// The few POSIX file operations kakeibo needs, with errors as values that name the file.
public enum FileSystem {
    /// The most bytes kakeibo reads from any one file: a month of 100,000 items is about 25 MB, so this is ten times
    /// what a household could type, and small enough that no file's size can exhaust memory (docs/guarantees.md).
    public static let maximumFileSize = 256_000_000

    /// The whole file, or nil if it does not exist, opened as `access` says: a file of the store through no symbolic
    /// link, a configuration file or a named input through one; a store or configuration file must be a regular file,
    /// and every file at most `maximumFileSize` bytes. Anything else is an error naming the file, and nothing waits:
    /// the open doesn't block on a FIFO, and a file that grows while it is read stops at the limit.
    public static func read(_ path: String, access: FileAccess = .store, limit: Int = maximumFileSize) throws(StoreError) -> [UInt8]? {
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        if access == .store { flags |= O_NOFOLLOW }
        let fd = open(path, flags)
        if fd < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP && access == .store { throw .notAFile(path: path, kind: .symbolicLink) }
            throw .io(path: path, operation: .read, code: code)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(path: path, operation: .read, code: errno) }
        let kind = NodeKind(mode: info.st_mode)
        var size = Int(info.st_size)
        switch kind {
        case .file: break
        case .pipe where access == .input:
            // A pipe the user named (`<(…)`): read as it comes, blocking, bounded like a file.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            size = 0
        default: throw .notAFile(path: path, kind: kind)
        }
        if size > limit { throw .fileTooLarge(path: path, size: size, limit: limit) }
        // One byte more than the limit is asked for, to tell a file that grew past it while it was read.
        let capacity = min(max(size, 0) + 4096, limit + 1)
        var bytes = [UInt8](repeating: 0, count: capacity)
        var count = 0
        while true {
            if count == bytes.count {
                guard bytes.count <= limit else { throw .fileTooLarge(path: path, size: count, limit: limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
            }
            let n = bytes.withUnsafeMutableBufferPointer { Platform.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: .read, code: errno)
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// The file's first `count` bytes (all of a shorter one), or nil if it does not exist: enough to tell its format.
    /// Only a regular file is looked at (read as a named input, through a link); anything else is an error naming it.
    public static func readPrefix(_ path: String, count: Int) throws(StoreError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw .io(path: path, operation: .read, code: code)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(path: path, operation: .read, code: errno) }
        let kind = NodeKind(mode: info.st_mode)
        guard kind == .file else { throw .notAFile(path: path, kind: kind) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBufferPointer { Platform.read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: .read, code: errno)
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeLast(count - filled)
        return bytes
    }

    /// What is at `path` without following a link there (nil: nothing).
    public static func kind(_ path: String) -> NodeKind? { status(path)?.kind }

    /// What is at `path` and its size, without following a link there (nil: nothing).
    public static func status(_ path: String) -> (kind: NodeKind, size: Int)? {
        var info = stat()
        return lstat(path, &info) == 0 ? (NodeKind(mode: info.st_mode), Int(info.st_size)) : nil
    }

    /// Refuses a path that is there but is not a regular file (a link, a FIFO, a device, a directory): what the
    /// store's files must be before kakeibo opens or replaces them.
    public static func refuseOtherThanFile(_ path: String) throws(StoreError) {
        if let kind = kind(path), kind != .file { throw .notAFile(path: path, kind: kind) }
    }

    /// Whether something (file or directory) exists at the path.
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func isDirectory(_ path: String) -> Bool { type(path) == S_IFDIR }

    /// Refuses to replace a symbolic link: the rename that replaces a file would put a regular file in the link's
    /// place, and what it pointed to would silently go stale.
    public static func refuseSymbolicLink(_ path: String) throws(StoreError) {
        var info = stat()
        if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(path: path) }
    }

    /// Whether the path (followed through links) is a regular file.
    public static func isRegularFile(_ path: String) -> Bool { type(path) == S_IFREG }

    /// Whether the path (followed through links) is a character or block device, such as /dev/null or /dev/zero.
    public static func isDevice(_ path: String) -> Bool { type(path) == S_IFCHR || type(path) == S_IFBLK }

    private static func type(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// Creates one of the store's own directories (`.summary`, `.tx`, `backups/000042`) if needed: a symbolic link
    /// in its place is refused, so nothing is ever written through it out of the store.
    public static func makeStoreDirectory(_ path: String) throws(StoreError) {
        try refuseLinkedDirectory(path)
        try makeDirectories(path)
    }

    /// Refuses one of the store's own directories that is a symbolic link (the store directory itself may be one).
    public static func refuseLinkedDirectory(_ path: String) throws(StoreError) {
        if kind(path) == .symbolicLink { throw .notAFile(path: path, kind: .symbolicLink) }
    }

    /// Creates the directory and any missing parents, new ones with the given mode (0700 by default).
    public static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(StoreError) {
        if isDirectory(path) { return }
        let parent = parentDirectory(path)
        if parent != path && !parent.isEmpty { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode) != 0 {
            let code = errno
            if code == EEXIST && isDirectory(path) { return }
            throw .io(path: path, operation: .makeDirectory, code: code == EEXIST ? ENOTDIR : code)
        }
        chmod(path, mode)
    }

    /// Writes a new file completely and flushes it to disk (it must not exist, or is replaced), mode 0600.
    /// On failure the partial file is removed. Without `durable` it is not flushed: for files that are checked
    /// whenever they are read, so a crash can only make them unusable, never wrong (month summaries).
    public static func writeNewFile(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o600, durable: Bool = true) throws(StoreError) {
        unlink(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .io(path: path, operation: .create, code: errno) }
        var failure: StoreError?
        if fchmod(fd, mode) != 0 { failure = .io(path: path, operation: .write, code: errno) }
        var offset = 0
        while failure == nil && offset < bytes.count {
            let n = bytes.withUnsafeBufferPointer { Platform.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = .io(path: path, operation: .write, code: errno)
            } else {
                offset += n
            }
        }
        if failure == nil && durable && Platform.durableSync(fd) != 0 { failure = .io(path: path, operation: .sync, code: errno) }
        if close(fd) != 0 && failure == nil { failure = .io(path: path, operation: .write, code: errno) }
        if let failure {
            unlink(path)
            throw failure
        }
    }

    /// Replaces `path` with `bytes` atomically: a temporary file beside it, fsync, rename, fsync of the directory.
    /// Readers see the old file or the new one, never a mixture; a crash leaves one of the two (without `durable`,
    /// no fsync: see `writeNewFile`).
    /// A symbolic link at `path` is refused (the store's files and configuration files are never written through
    /// one, nor replaced with a file behind its back) unless `overLink` (a report's `--output`, the user's own file).
    public static func replaceAtomically(
        _ path: String, _ bytes: [UInt8], mode: mode_t = 0o600, durable: Bool = true, overLink: Bool = false
    ) throws(StoreError) {
        var replaced = false
        try replaceAtomically(path, bytes, mode: mode, durable: durable, overLink: overLink, replaced: &replaced)
    }

    /// `replaceAtomically`, saying whether the rename happened (after it, readers see the new bytes even if the
    /// final flush fails).
    public static func replaceAtomically(
        _ path: String, _ bytes: [UInt8], mode: mode_t = 0o600, durable: Bool = true, overLink: Bool = false, replaced: inout Bool
    ) throws(StoreError) {
        if !overLink { try refuseSymbolicLink(path) }
        let directory = parentDirectory(path)
        removeStaleTemporaryFiles(of: path)
        let temporary = temporaryPath(for: path)
        do { try writeNewFile(temporary, bytes, mode: mode, durable: durable) } catch {
            // Name the file being replaced, not its temporary neighbour, which no longer exists.
            guard case .io(_, let operation, let code) = error else { throw error }
            throw .io(path: path, operation: operation, code: code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .io(path: path, operation: .rename, code: code)
        }
        replaced = true
        if durable { try syncDirectory(directory) }
    }

    /// The temporary file a write of `path` uses beside it until its rename: `.NAME.tmp-PID`.
    public static func temporaryPath(for path: String) -> String {
        join(parentDirectory(path), "." + lastComponent(path) + ".tmp-\(getpid())")
    }

    /// Removes the temporary files of earlier writes of `path` whose process is gone (killed before its rename):
    /// left alone they would stay for ever, as large as the file.
    static func removeStaleTemporaryFiles(of path: String) {
        let directory = parentDirectory(path)
        let prefix = "." + lastComponent(path) + ".tmp-"
        guard let names = try? list(directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(join(directory, name)) }
        }
    }

    /// Removes a file if it is there, and flushes the directory's entry.
    public static func remove(_ path: String) throws(StoreError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .io(path: path, operation: .remove, code: errno) }
        try syncDirectory(parentDirectory(path))
    }

    /// Flushes a directory's entries (renames, creations, removals) to disk.
    public static func syncDirectory(_ path: String) throws(StoreError) {
        let fd = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: path, operation: .sync, code: errno) }
        defer { close(fd) }
        guard Platform.durableSync(fd) == 0 else { throw .io(path: path, operation: .sync, code: errno) }
    }

    /// The names in a directory (without "." and ".."), or nil if it does not exist.
    public static func list(_ path: String) throws(StoreError) -> [String]? {
        guard let dir = opendir(path) else {
            let code = errno
            if code == ENOENT { return nil }
            throw .io(path: path, operation: .list, code: code)
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    public static func parentDirectory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    public static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
