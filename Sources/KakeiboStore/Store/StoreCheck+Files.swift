import KakeiboValues

extension StoreCheck {
    /// The directories inside the store that kakeibo makes: each must be a directory itself, never a link out.
    static let directories: Set<String> = [".summary", ".tx", ".sync", Backups.directoryName]

    /// Every path kakeibo would open in the store that is not what it may open (a link, a FIFO, a device, a
    /// directory where a file belongs, a file where a directory does), and every file named like a month that no
    /// month is (`2024-13.json`). Looked at with `lstat`, opening nothing, so nothing there can block or fill memory.
    static func files(_ store: LedgerStore) throws -> [StoreProblem] {
        var problems: [StoreProblem] = []
        for name in try FileSystem.list(store.root) ?? [] {
            let path = FileSystem.join(store.root, name)
            if directories.contains(name) {
                guard let kind = FileSystem.kind(path) else { continue }
                guard kind == .directory else {
                    problems.append(StoreProblem(.error, path, .notAFile(kind)))
                    continue
                }
                problems += try inside(path, depth: name == Backups.directoryName ? 2 : 1)
            } else if isStoreFile(name), let (kind, size) = FileSystem.status(path) {
                if kind != .file { problems.append(StoreProblem(.error, path, .notAFile(kind))) }
                if kind == .file && size > FileSystem.maximumFileSize {
                    let error = StoreError.fileTooLarge(path: path, size: size, limit: FileSystem.maximumFileSize)
                    problems.append(StoreProblem(.error, path, .io(error)))
                }
                if kind == .file && looksLikeMonth(name) && LedgerStore.month(fileName: name) == nil {
                    problems.append(StoreProblem(.error, path, .notAMonth(items: itemCount(path))))
                }
            }
        }
        return problems
    }

    /// A store directory's entries: files at the last level, directories above it (a backup's number).
    private static func inside(_ directory: String, depth: Int) throws -> [StoreProblem] {
        var problems: [StoreProblem] = []
        for name in try FileSystem.list(directory) ?? [] {
            let path = FileSystem.join(directory, name)
            guard let (kind, size) = FileSystem.status(path) else { continue }
            if depth > 1 && kind == .directory {
                problems += try inside(path, depth: depth - 1)
            } else if kind != .file {
                problems.append(StoreProblem(.error, path, .notAFile(kind)))
            } else if size > FileSystem.maximumFileSize {
                problems.append(StoreProblem(.error, path, .io(.fileTooLarge(path: path, size: size, limit: FileSystem.maximumFileSize))))
            }
        }
        return problems
    }

    /// A name kakeibo opens in the store's directory: its JSON files and its locks.
    static func isStoreFile(_ name: String) -> Bool {
        (name.hasSuffix(".json") && !name.hasPrefix(".")) || name == ".lock" || name == ".push-lock"
    }

    /// `dddd-dd.json`: what a month file's name looks like, whether or not the month is one.
    static func looksLikeMonth(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count == 12, name.hasSuffix(".json"), bytes[4] == UInt8(ascii: "-") else { return false }
        return (bytes[0..<4] + bytes[5..<7]).allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// How many items a file holds (`items` of its JSON), or nil when it can't be read as one.
    private static func itemCount(_ path: String) -> Int? {
        guard let bytes = (try? FileSystem.read(path)) ?? nil, let value = try? JSONValue.parse(bytes) else { return nil }
        return (value["items"] ?? value).arrayValue?.count
    }
}
