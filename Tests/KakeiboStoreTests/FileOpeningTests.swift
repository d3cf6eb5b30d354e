import Foundation
import KakeiboValues
import Testing

@testable import KakeiboStore

/// How the store opens a file: a lock file and a store file are opened through no link and without waiting,
/// and must be regular files; every file is read up to `FileSystem.maximumFileSize`.
@Suite struct FileOpeningTests {
    let directory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-filekind-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    @Test func aLockFileThatIsNoFileIsRefusedAndNothingOutsideIsTouched() throws {
        let target = directory + "/outside"
        try Data("outside\n".utf8).write(to: URL(fileURLWithPath: target))
        let lock = directory + "/.push-lock"
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: target)
        #expect(throws: StoreError.notAFile(path: lock, kind: .symbolicLink)) { _ = try FileLock(path: lock) }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "outside\n")
        try FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: directory + "/nothing")
        #expect(throws: StoreError.notAFile(path: lock, kind: .symbolicLink)) { _ = try FileLock(path: lock) }
        #expect(!FileManager.default.fileExists(atPath: directory + "/nothing"))
        try FileManager.default.removeItem(atPath: lock)
        #expect(mkfifo(lock, 0o600) == 0)
        #expect(throws: StoreError.notAFile(path: lock, kind: .pipe)) { _ = try FileLock(path: lock) }
        #expect(throws: StoreError.notAFile(path: lock, kind: .pipe)) { _ = try FileLock(existing: lock) }
    }

    @Test func readRefusesWhatIsNoFileAndWhatIsTooLarge() throws {
        let fifo = directory + "/fifo.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: StoreError.notAFile(path: fifo, kind: .pipe)) { _ = try FileSystem.read(fifo) }
        #expect(throws: StoreError.notAFile(path: fifo, kind: .pipe)) { _ = try FileSystem.read(fifo, access: .configuration) }
        let zero = directory + "/zero.json"
        try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
        #expect(throws: StoreError.notAFile(path: zero, kind: .symbolicLink)) { _ = try FileSystem.read(zero) }
        #expect(throws: StoreError.notAFile(path: zero, kind: .device)) { _ = try FileSystem.read(zero, access: .input) }
        let big = directory + "/big.json"
        #expect(FileManager.default.createFile(atPath: big, contents: nil) && truncate(big, 40 << 30) == 0)
        #expect(throws: StoreError.fileTooLarge(path: big, size: 40 << 30, limit: FileSystem.maximumFileSize)) { _ = try FileSystem.read(big) }
        // A limit is the most read: a file of exactly that size is read, one byte more is not.
        let small = directory + "/small.json"
        try Data("12345".utf8).write(to: URL(fileURLWithPath: small))
        #expect(try FileSystem.read(small, limit: 5) == Array("12345".utf8))
        #expect(throws: StoreError.fileTooLarge(path: small, size: 5, limit: 4)) { _ = try FileSystem.read(small, limit: 4) }
        // A configuration file is read through a link to a file.
        let link = directory + "/config.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: small)
        #expect(try FileSystem.read(link, access: .configuration) == Array("12345".utf8))
        #expect(throws: StoreError.symbolicLink(path: link)) { try FileSystem.replaceAtomically(link, [1]) }
        #expect(try String(contentsOfFile: small, encoding: .utf8) == "12345")
    }
}
