import Foundation
import Testing

@testable import KakeiboKit
@testable import KakeiboSync

/// `ChangeClient.send` against scripted servers: an older script (500 changes a request, no `since` in its answers)
/// and a newer one (its limits in each answer, and what others changed carried with the results).
@Suite struct ChangeClientTests {
    /// A `changes` answer for the request: each change applied at the next revision.
    static func answer(_ request: HTTPRequest, revision: inout Int, newer: Bool, others: [JSONValue] = []) -> HTTPResponse {
        let body = (try? JSONValue.parse(request.body ?? [])) ?? .null
        let changes = body["changes"]?.arrayValue ?? []
        let start = revision
        let results: [JSONValue] = changes.map { change in
            revision += 1
            return .object([
                ("changeId", change["changeId"] ?? .null), ("status", .string("applied")), ("revision", .integer(revision)),
                ("row", .object([("revision", .integer(revision)), ("deleted", .bool(false)), ("item", change["item"] ?? .null)])),
            ])
        }
        var fields: [(String, JSONValue)] = [
            ("ok", .bool(true)), ("service", .string("kakeibo-household")), ("protocol", .integer(1)), ("revision", .integer(revision)),
            ("results", .array(results)),
        ]
        if newer {
            fields.append(("limits", .object([("changesPerRequest", .integer(2000)), ("rewritesPerRequest", .integer(500))])))
            if let since = body["since"]?.intValue {
                let carried = others.filter { ($0["revision"]?.intValue ?? 0) > since && ($0["revision"]?.intValue ?? 0) <= start }
                fields.append(
                    (
                        "since",
                        .object([
                            ("revision", .integer(revision)), ("through", .integer(revision)), ("more", .bool(false)),
                            ("changes", .array(carried)), ("settingsRevision", .integer(0)),
                        ])
                    ))
            }
        }
        var writer = JSONWriter()
        JSONValue.object(fields).write(to: &writer)
        return HTTPResponse(status: 200, contentType: "application/json", body: writer.bytes)
    }

    static func creates(_ count: Int) -> [OutgoingChange] {
        (0..<count).map { OutgoingChange(changeID: "c\($0)", kind: .create, base: nil, id: "i\($0)", item: wire("i\($0)", "2024-12-01")) }
    }

    static func sizes(_ transport: ScriptedTransport) -> [Int] {
        transport.requests.map { (try? JSONValue.parse($0.body ?? []))?["changes"]?.arrayValue?.count ?? -1 }
    }

    @Test func anOlderScriptGetsFiveHundredARequestAndNoSinceIsTakenFromIt() async throws {
        let revision = ScriptedRevision()
        let older = ScriptedTransport { request in .success(revision.next { ChangeClientTests.answer(request, revision: &$0, newer: false) }) }
        let sent = try await ChangeClient(client: HouseholdClient(transport: older, host: "example"), token: "t")
            .send(ChangeClientTests.creates(1200), since: 0)
        #expect(ChangeClientTests.sizes(older) == [500, 500, 200])
        #expect(sent.results.count == 1200 && sent.results.allSatisfy { $0.status == .applied })
        #expect(sent.since == nil, "the caller asks since apart")
    }

    @Test func aNewerScriptGetsWhatItSaysAndItsAnswersCarryTheOthersChanges() async throws {
        let other: JSONValue = .object([
            ("revision", .integer(0)), ("deleted", .bool(false)), ("item", WireJSON.value(wire("theirs", "2024-11-02"))),
        ])
        let revision = ScriptedRevision()
        let newer = ScriptedTransport { request in
            .success(revision.next { ChangeClientTests.answer(request, revision: &$0, newer: true, others: [other]) })
        }
        let client = ChangeClient(client: HouseholdClient(transport: newer, host: "example"), token: "t")
        // The other member's row was written before this push (revision 0 stands for "before"): none carried from 0.
        let sent = try await client.send(ChangeClientTests.creates(5000), since: 0)
        #expect(ChangeClientTests.sizes(newer) == [500, 2000, 2000, 500])
        #expect(sent.since?.through == 5000 && sent.since?.more == false)
        #expect(sent.since?.rows.isEmpty == true, "its own rows never come back")
        let requests = newer.requests.map { (try? JSONValue.parse($0.body ?? []))?["since"]?.intValue }
        #expect(requests == [0, 500, 2500, 4500], "each from where the last answer left the cursor")

        let updates = (0..<700).map { OutgoingChange(changeID: "u\($0)", kind: .update, base: 1, id: "i\($0)", item: wire("i\($0)", "2024-12-02")) }
        _ = try await client.send(ChangeClientTests.creates(2) + updates)
        #expect(Array(ChangeClientTests.sizes(newer).suffix(2)) == [500, 202], "500 until an answer says, then at most 500 rewrites")
    }
}

/// A revision counter the scripted server keeps between requests.
final class ScriptedRevision: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next<T>(_ body: (inout Int) -> T) -> T { lock.withLock { body(&value) } }
}
