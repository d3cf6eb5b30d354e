import Foundation
import Testing

/// A first push of 10,000 imported items (three years of app exports), counted in requests (issue #23): to the shipped
/// server in at most 12, each within the 6 minutes an execution may run at the modelled latency (50 ms a call, 1 s a
/// request; docs/household-server.md); to a plain app server in as few POSTs as its protocol allows; and the next
/// sync one request to either (to the shipped server after a `push`, its own 10,000 items left out).
@Suite struct BulkPushTests {
    static let count = 10_000
    static let months = 36

    /// A store holding the import, pointed at `endpoint`.
    func importer(_ endpoint: String, token: String?) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = endpoint
        if let token { box.environment["KAKEIBO_TOKEN"] = token }
        let items = (0..<BulkPushTests.count).map { n -> [String: Any] in
            let month = n % BulkPushTests.months
            let date = String(format: "%04d%02d%02d", 2022 + month / 12, month % 12 + 1, n % 28 + 1)
            return ["id": "bulk-\(n)", "date": date, "name": "品\(n % 97)", "price": 100 + n % 900, "category": n % 2]
        }
        let file = box.root.appendingPathComponent("export.json")
        try JSONSerialization.data(withJSONObject: items).write(to: file)
        let imported = try box.run("import", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        return box
    }

    func sync(_ box: Sandbox) throws -> [String: Any] {
        let run = try box.run("sync", "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try run.json() as? [String: Any])
    }

    /// Another member wrote before the push, so the pushing store's cursor can't simply step over its own writes:
    /// the sync after the push asks `since` to leave them out (`skip`), and receives only the other member's item.
    @Test func theShippedServerTakesTenThousandItemsInAtMostTwelveRequestsAndTheSyncAfterIsOne() throws {
        let server = try ShippedServer()
        let other = try Sandbox()
        other.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        other.environment["KAKEIBO_TOKEN"] = ShippedServer.token
        _ = try other.add("牛乳", 198, date: "2024-12-30")
        #expect(try other.run("sync").status == 0)
        let box = try importer(server.endpoint, token: ShippedServer.token)
        let asked = try server.operations().count
        let run = try box.run("push", "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let first = try #require(try run.json() as? [String: Any])
        #expect(first["pushed"] as? Int == BulkPushTests.count)
        #expect(first["pulled"] as? Int == 0)
        let operations = Array(try server.operations().dropFirst(asked))
        #expect(operations.count <= 12, "\(operations)")
        #expect(operations.first == "GET op=capabilities" && !operations.contains("since"), "\(operations)")
        let stats = try server.command(["cmd": "stats"])
        let calls = (stats["byRequest"] as? [[String: Any]] ?? []).compactMap { $0["calls"] as? Int }.suffix(operations.count)
        // What each request would take on Apps Script at the model: far inside its 6 minutes.
        #expect(calls.allSatisfy { $0 * 50 + 1000 <= 360_000 }, "\(calls)")
        let held = try server.items()
        #expect(held.prices.count == BulkPushTests.count + 1 && held.rows.values.allSatisfy { $0 == 1 })

        let again = try sync(box)
        #expect(again["pushed"] as? Int == 0 && again["pulled"] as? Int == 1, "only the other member's item")
        #expect(Array(try server.operations().dropFirst(asked + operations.count)) == ["since"], "one request")
        let more = try sync(box)
        #expect(more["pulled"] as? Int == 0)
        #expect(Array(try server.operations().dropFirst(asked + operations.count + 1)) == ["since"])
    }

    /// The app's protocol has no way to ask which of the items a plain server holds but a GET of each month, and such
    /// a server appends what it is sent: the push reads the 36 months, then sends 1,000 items a POST (10 POSTs), so
    /// 1 + 36 + 10 requests and the sync's GET of this month; it can't be 12.
    @Test func aPlainAppServerTakesThemInTenPosts() throws {
        let server = try HouseholdServer()
        let box = try importer(server.endpoint, token: nil)
        let first = try sync(box)
        #expect(first["pushed"] as? Int == BulkPushTests.count)
        let requests = try server.requests().filter { $0.path == "/exec" }
        let posts = requests.filter { $0.method == "POST" }
        #expect(posts.count == 10)
        #expect(requests.filter { $0.method == "GET" }.count == BulkPushTests.months + 1, "each month checked, then December pulled")
        #expect(try server.probes() == 1)
        let ids = try server.ids()
        #expect(ids.count == BulkPushTests.count && Set(ids).count == BulkPushTests.count, "each item sent once")

        let again = try sync(box)
        #expect(again["pushed"] as? Int == 0)
        let later = try server.allRequests().filter { $0.path == "/exec" }.dropFirst(requests.count + 1)
        #expect(later.map { "\($0.method) \($0.query)" } == ["GET year=2024&month=12"], "one GET of this month, nothing else")
    }
}
