import Foundation
import Testing

/// A transit card's history saved as a file (SFCard Viewer's CSV) and a dump read from the same card hold the same
/// rides: imported in either order, each ride and each purchase is counted once, and a second import of either adds
/// nothing. (`sfcard-viewer-card-b-202503-sjis.csv` restates the 11 records of `ic-card/card-b.addr.txt`: ¥1,828 of
/// fares and purchases in March 2025.)
@Suite struct TransitHistoryMergeTests {
    static let dump = Products.repository.appendingPathComponent("Tests/Fixtures/ic-card/card-b.addr.txt").path
    static let history = Products.repository.appendingPathComponent("Tests/Fixtures/downloads2/sfcard-viewer-card-b-202503-sjis.csv").path

    func march(_ box: Sandbox) throws -> (total: Int, count: Int) {
        let json = try #require(try box.run("month", "2025", "3", "--format", "json").json() as? [String: Any])
        return (try #require(json["total"] as? Int), try #require((json["items"] as? [Any])?.count))
    }

    @Test(arguments: [[dump, history], [history, dump]])
    func aDumpAndTheSameCardsHistoryCountEachRideOnce(order: [String]) throws {
        let box = try Sandbox()
        for file in order {
            let run = try box.run("import", file)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let merged = try march(box)
        #expect(merged.total == 1828)
        #expect(merged.count == 8)
        let before = try box.snapshot()
        for file in order { #expect(try box.run("import", file).status == 0) }
        #expect(try box.snapshot() == before, "a second import of either changes nothing")
    }

    /// The merge says which sources the one purchase was seen in, by their names.
    @Test func theMergeNamesTheCardAndTheHistory() throws {
        let box = try Sandbox()
        #expect(try box.run("import", Self.dump).status == 0)
        let run = try box.run("import", Self.history)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("IC card + statement (layout)") || run.stdout.contains("statement (layout) + IC card"), "\(run.stdout)")
    }
}
