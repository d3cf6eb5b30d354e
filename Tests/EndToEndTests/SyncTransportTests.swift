import Foundation
import Testing

/// The transport on a weak line, against the plain app test server: a year's months asked for at once, a POST
/// sent once with its body even when the connection drops, and an answer that isn't the household server's named
/// for what it is. (What this costs in time and CPU is measured by scripts/sync-figures, not here.)
@Suite struct SyncTransportTests {
    func sandbox(_ server: HouseholdServer) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        return box
    }

    /// Every month is held by the server until released: the server seeing all 12 requests at once proves they are
    /// in flight together (a client that sent 4 at a time would leave the wait unanswered).
    @Test func aYearsTwelveMonthsAreInFlightAtOnce() throws {
        let server = try HouseholdServer()
        try server.seed(["2024-03": [wire("m3", "20240301", "三月", 300)]])
        try server.fail("hold", times: 12)
        let box = try sandbox(server)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var pulled: Run?
        Thread.detachNewThread {
            pulled = try? box.run("pull", "2024", "--format", "json")
            finished.signal()
        }
        let inFlight = try server.command(["cmd": "wait", "method": "GET", "count": 12])
        try server.command(["cmd": "release"])
        finished.wait()
        #expect(inFlight["ok"] as? Bool == true)
        let run = try #require(pulled)
        #expect(run.status == 0, "\(run.stderr)")
        #expect((try run.json() as? [String: Any])?["pulled"] as? Int == 1)
        #expect(try server.requests().filter { $0.path == "/exec" }.count == 12)
    }

    /// The connection closes after the POST (the server stored the items): exit 1 at once, the POST sent exactly
    /// once and with its body, nothing written; the next push finds the items there and sends nothing.
    @Test func aDroppedPostIsNeverSentAgain() throws {
        let server = try HouseholdServer()
        let box = try sandbox(server)
        let id = try box.add("コーヒー", 178, date: "2024-12-03")
        try server.fail("drop", method: "POST")
        let before = try box.snapshot()
        let run = try box.run("push", "--timeout", "30")
        #expect(run.status == 1)
        #expect(run.stderr.contains("the connection closed before the answer came"))
        #expect(try box.snapshot() == before)
        var posts = try server.requests().filter { $0.method == "POST" }
        #expect(posts.count == 1)
        #expect(posts.allSatisfy { $0.body?.contains(id) == true })
        #expect(try box.run("push").status == 0)
        posts = try server.requests().filter { $0.method == "POST" }
        #expect(posts.count == 1)
        #expect(try server.ids() == [id])
    }

    struct Answer: CustomTestStringConvertible, Sendable {
        var name: String
        var body: String
        var mentions: [String]
        var testDescription: String { name }
    }

    static let badAnswers: [Answer] = [
        Answer(
            name: "html", body: "<!DOCTYPE html><html><head><title>Sign in</title></head><body>Google</body></html>",
            mentions: ["HTML page (\"Sign in\")", "the token", "access \"Anyone\""]),
        Answer(name: "truncated", body: #"[{"id":"a","date":"20241203","na"#, mentions: ["cut short (truncated", "not valid JSON"]),
        Answer(name: "not JSON", body: "Service Unavailable", mentions: ["not valid JSON", "household server's web app"]),
        Answer(name: "wrong service", body: #"{"result":"ok","rows":3}"#, mentions: ["JSON but not a list of items", "another service", "token"]),
    ]

    /// An answer that isn't the household server's: exit 1, the store byte-identical, one line saying which and
    /// what to check.
    @Test(arguments: badAnswers)
    func anAnswerFromSomethingElseIsNamed(_ answer: Answer) throws {
        let server = try HouseholdServer()
        let box = try sandbox(server)
        _ = try box.add("未送信", 500, date: "2024-12-03")
        try server.command(["cmd": "fail", "how": "body", "method": "GET", "times": 1, "body64": Data(answer.body.utf8).base64EncodedString()])
        let before = try box.snapshot()
        let run = try box.run("pull", "2024", "12")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        for text in answer.mentions { #expect(run.stderr.contains(text), "\(run.stderr)") }
        #expect(try box.snapshot() == before)
    }
}
