import Foundation
import Testing

/// A store is made only inside a directory that exists, and the first write says where.
@Suite struct StoreCreationTests {
    @Test func aStoreIsMadeOnlyInsideAnExistingDirectoryAndSaysWhere() throws {
        let box = try Sandbox()
        let typo = box.root.appendingPathComponent("no/such/parent/dir").path
        let refused = try box.run("add", "x", "1", "--store", typo)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(typo))
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("no").path))
        let fresh = box.root.appendingPathComponent("fresh").path
        let first = try box.run("add", "x", "1", "--store", fresh)
        #expect(first.status == 0)
        #expect(first.stderr.contains("created a new store at \(fresh)"))
        #expect(try box.run("add", "y", "2", "--store", fresh).stderr.isEmpty)
    }
}
