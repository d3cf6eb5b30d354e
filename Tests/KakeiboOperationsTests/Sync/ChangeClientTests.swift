import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// `ChangeClient.send` against scripted servers: an older script (500 changes a request, no `since` in its answers)
/// and a newer one (its limits in each answer, and what others changed carried with the results); `Limits`.
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

    @Test func aRequestCarriesFiveHundredUntilAnAnswerSaysMoreAndAtMostItsRewrites() throws {
        let creates = ChangeClientTests.creates(5000)
        #expect(ChangeClient.Limits().end(of: creates, from: 0) == 500, "what every script takes")
        let said = try JSONValue.parse(Array(#"{"changesPerRequest":2000,"rewritesPerRequest":500}"#.utf8))
        let limits = try #require(ChangeClient.Limits(said))
        #expect(limits.end(of: creates, from: 500) == 2500 && limits.end(of: creates, from: 4500) == 5000)
        let updates = (0..<700).map { OutgoingChange(changeID: "u\($0)", kind: .update, base: 1, id: "i\($0)", item: wire("i\($0)", "2024-12-02")) }
        #expect(limits.end(of: ChangeClientTests.creates(2) + updates, from: 0) == 502, "2 new items and 500 updates")
        let hostile = try JSONValue.parse(Array(#"{"changesPerRequest":1000000,"rewritesPerRequest":-3}"#.utf8))
        #expect(ChangeClient.Limits(hostile).map { [$0.changes, $0.rewrites] } == [2000, 1])
        #expect(ChangeClient.Limits(nil) == nil)
    }

    @Test func anOlderScriptsAnswerCarriesNoSinceAndNoLimits() throws {
        let revision = ScriptedRevision()
        let older = ScriptedTransport { request in .success(revision.next { ChangeClientTests.answer(request, revision: &$0, newer: false) }) }
        let sent = try ChangeClient(client: HouseholdClient(transport: older, host: "example"), token: "t")
            .send(ChangeClientTests.creates(500), since: 0)
        #expect(sent.results.count == 500 && sent.results.allSatisfy { $0.status == .applied })
        #expect(sent.since == nil, "the caller asks since apart")
        #expect(sent.limits == nil)
    }

    @Test func aNewerScriptsAnswerCarriesTheOthersChangesWithoutItsOwn() throws {
        let theirs: JSONValue = .object([
            ("revision", .integer(1)), ("deleted", .bool(false)), ("item", WireJSON.value(wire("theirs", "2024-11-02"))),
        ])
        let revision = ScriptedRevision()
        revision.next { $0 = 1 } // the other member's row took revision 1
        let newer = ScriptedTransport { request in
            .success(revision.next { ChangeClientTests.answer(request, revision: &$0, newer: true, others: [theirs]) })
        }
        let client = ChangeClient(client: HouseholdClient(transport: newer, host: "example"), token: "t")
        let sent = try client.send(ChangeClientTests.creates(500), since: 0)
        #expect(sent.since?.rows.map(\.item.id) == ["theirs"], "its own 500 never come back")
        #expect(sent.since?.through == 501 && sent.since?.more == false)
        #expect(sent.limits?.changes == 2000 && sent.limits?.rewrites == 500)
        let asked = newer.requests.map { (try? JSONValue.parse($0.body ?? []))?["since"]?.intValue }
        #expect(asked == [0])
        let next = try client.send(ChangeClientTests.creates(2), since: 501)
        #expect(next.since?.rows.isEmpty == true && next.since?.through == 503)
    }
}

/// A revision counter the scripted server keeps between requests.
final class ScriptedRevision: @unchecked Sendable {
    private var value = 0

    func next<T>(_ body: (inout Int) -> T) -> T { body(&value) }
}
