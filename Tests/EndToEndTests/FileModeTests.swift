import Foundation
import Testing

/// Every file kakeibo writes is 0600 and every directory it makes 0700, whatever the umask: the store, its summaries
/// and backups, the settings (categories.json included), and an --output file.
@Suite struct FileModeTests {
    @Test func everythingKakeiboWritesIsPrivate() throws {
        let box = try Sandbox()
        let output = box.root.appendingPathComponent("export.json").path
        let steps: [[String]] = [
            ["add", "コーヒー", "178", "--date", "2024-12-03"], ["budget", "set", "food", "50000"],
            ["fixed", "add", "家賃", "85000", "--day", "27"], ["categories", "init", "--preset", "household"],
            ["config", "set", "member", "ayumi"], ["review", "2024", "11", "--note", "よし"], ["export", "--output", output],
        ]
        for step in steps {
            let run = try box.run(step)
            #expect(run.status == 0, "\(step): \(run.stderr)")
        }
        var checked = 0
        for directory in [box.store, box.config] {
            let walker = try #require(FileManager.default.enumerator(atPath: directory.path))
            for case let name as String in walker {
                let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)
                let mode = (attributes[.posixPermissions] as? Int ?? 0) & 0o777
                let isDirectory = attributes[.type] as? FileAttributeType == .typeDirectory
                #expect(mode == (isDirectory ? 0o700 : 0o600), "\(name): \(String(mode, radix: 8))")
                checked += 1
            }
        }
        #expect(checked >= 6)
        let exported = try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int ?? 0
        #expect(exported & 0o777 == 0o600)
        #expect(FileManager.default.fileExists(atPath: box.config.appendingPathComponent("categories.json").path))
    }
}
