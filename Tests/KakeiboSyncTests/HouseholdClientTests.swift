import Foundation
import Testing

@testable import KakeiboCLI
@testable import KakeiboOperations
@testable import KakeiboRender
@testable import KakeiboReports
@testable import KakeiboStore
@testable import KakeiboSync
@testable import KakeiboValues

/// A transport that answers from a script, records what it was asked, and can hold requests until enough are in
/// flight at once (to see the fetch bound without timing anything).
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var requests: [HTTPRequest] = []
    private(set) var mostInFlight = 0
    private var inFlight = 0
    private var held: [CheckedContinuation<Void, Never>] = []
    private var open = false
    /// Requests wait until this many are in flight; 0 lets every request through at once.
    let gate: Int
    let answer: @Sendable (HTTPRequest) -> Result<HTTPResponse, ServerProblem>

    init(gate: Int = 0, answer: @escaping @Sendable (HTTPRequest) -> Result<HTTPResponse, ServerProblem>) {
        self.gate = gate
        self.answer = answer
    }

    func send(_ request: HTTPRequest) async throws(ServerProblem) -> HTTPResponse {
        await withCheckedContinuation { continuation in
            let release: [CheckedContinuation<Void, Never>] = lock.withLock {
                requests.append(request)
                inFlight += 1
                mostInFlight = max(mostInFlight, inFlight)
                if open || gate == 0 { return [continuation] }
                held.append(continuation)
                guard inFlight >= gate else { return [] }
                open = true
                defer { held = [] }
                return held
            }
            for waiting in release { waiting.resume() }
        }
        lock.withLock { inFlight -= 1 }
        return try answer(request).get()
    }

    static func json(_ items: [WireItem]) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "application/json", body: WireFormat.encode(items))
    }
}

func month(_ request: HTTPRequest) -> Int { Int(request.query.first { $0.name == "month" }?.value ?? "") ?? 0 }

@Suite struct HouseholdClientTests {
    @Test func aMonthIsFetchedWithoutALeadingZeroAndItemsAreSentAsAJSONArray() throws {
        let fetch = HouseholdAPI.fetch(YearMonth(year: 2024, month: 3)!)
        #expect(fetch.method == .get)
        #expect(fetch.query == [.init(name: "year", value: "2024"), .init(name: "month", value: "3")])
        #expect(fetch.body == nil)
        let items = [wire("a", "2024-03-01", "コーヒー", 178), wire("b", "2024-03-02")]
        let register = HouseholdAPI.register(items)
        #expect(register.method == .post)
        #expect(try WireFormat.decode(register.body ?? []) == items)
    }

    @Test func anAnswerIsItemsOnlyWhenItIsA200WithAJSONArray() throws {
        let good = ScriptedTransport.json([wire("a", "2024-03-01")])
        #expect(try HouseholdAPI.items(in: good) == [wire("a", "2024-03-01")])
        #expect(throws: ServerProblem.status(500)) { try HouseholdAPI.items(in: HTTPResponse(status: 500, body: [])) }
        #expect(throws: ServerProblem.redirect(status: 302, location: "http://x.example/")) {
            try HouseholdAPI.items(in: HTTPResponse(status: 302, location: "http://x.example/", body: []))
        }
        let page = Array("<!DOCTYPE html><html><head><TITLE> Error\u{1B}[31m </TITLE></head></html>".utf8)
        #expect(throws: ServerProblem.htmlPage(title: "Error\\u{1B}[31m")) {
            try HouseholdAPI.items(in: HTTPResponse(status: 200, contentType: "text/html", body: page))
        }
        #expect(throws: ServerProblem.htmlPage(title: nil)) {
            try HouseholdAPI.items(in: HTTPResponse(status: 200, contentType: "application/json", body: Array("  <html>oops".utf8)))
        }
        #expect {
            try HouseholdAPI.items(in: HTTPResponse(status: 200, body: Array(#"[{"id":"a","date":"2024"#.utf8)))
        } throws: { error in
            guard case ServerProblem.notItems = error else { return false }
            return true
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aYearIsFetchedAllTwelveMonthsAtOnce() async throws {
        let transport = ScriptedTransport(gate: HouseholdClient.concurrentFetches) { request in
            .success(ScriptedTransport.json([wire("m\(month(request))", String(format: "2024-%02d-01", month(request)))]))
        }
        let client = HouseholdClient(transport: transport, host: "example")
        let months = (1...12).map { YearMonth(year: 2024, month: $0)! }
        let fetched = try await client.fetch(months)
        #expect(fetched.keys.sorted() == months)
        #expect(fetched[months[4]]?.map(\.id) == ["m5"])
        #expect(transport.mostInFlight == HouseholdClient.concurrentFetches)
        #expect(transport.requests.map(month).sorted() == Array(1...12))
    }

    @Test func theEarliestFailedMonthIsReported() async throws {
        let transport = ScriptedTransport { request in
            switch month(request) {
            case 3: .failure(.timedOut(seconds: 1))
            case 2: .success(HTTPResponse(status: 500, body: []))
            default: .success(ScriptedTransport.json([]))
            }
        }
        let client = HouseholdClient(transport: transport, host: "example")
        await #expect(throws: SyncError.fetch(YearMonth(year: 2024, month: 2)!, host: "example", .status(500))) {
            try await client.fetch((1...12).map { YearMonth(year: 2024, month: $0)! })
        }
    }

    @Test func afterAFailureNoNewFetchStarts() async throws {
        let transport = ScriptedTransport { _ in .failure(.connectionLost) }
        await #expect(throws: SyncError.fetch(YearMonth(year: 2024, month: 1)!, host: "example", .connectionLost)) {
            try await HouseholdClient(transport: transport, host: "example").fetch((1...12).map { YearMonth(year: 2024, month: $0)! })
        }
        #expect(transport.requests.count == HouseholdClient.concurrentFetches)
    }

    @Test func itemsAreRegisteredInBatchesAndEachMustBeConfirmed() async throws {
        let items = (0..<2500).map { wire("i\($0)", "2024-12-01") }
        let echo = ScriptedTransport { request in
            .success(HTTPResponse(status: 200, body: request.body ?? []))
        }
        let confirmed = try await HouseholdClient(transport: echo, host: "example").register(items)
        #expect(confirmed == items)
        let sizes = try echo.requests.map { try WireFormat.decode($0.body ?? []).count }
        #expect(sizes == [1000, 1000, 500])
        #expect(echo.requests.allSatisfy { $0.method == .post })

        let forgetful = ScriptedTransport { request in
            let sent = (try? WireFormat.decode(request.body ?? [])) ?? []
            return .success(ScriptedTransport.json(Array(sent.dropLast())))
        }
        await #expect(throws: SyncError.register(count: 1000, host: "example", .unconfirmed(missing: 1, sent: 1000))) {
            try await HouseholdClient(transport: forgetful, host: "example").register(items)
        }
        #expect(forgetful.requests.count == 1)
    }

    @Test func theQueryIsAddedToTheEndpointsOwn() throws {
        func url(_ endpoint: String, _ request: HTTPRequest) throws -> String {
            try URLSessionTransport.url(for: request, at: try Endpoint.parse(endpoint)).absoluteString
        }
        #expect(
            try url("https://x.example/exec", HouseholdAPI.fetch(YearMonth(year: 2024, month: 12)!)) == "https://x.example/exec?year=2024&month=12")
        #expect(
            try url("https://x.example/exec?key=k1", HouseholdAPI.fetch(YearMonth(year: 2024, month: 1)!))
                == "https://x.example/exec?key=k1&year=2024&month=1")
        #expect(try url("https://x.example/exec?key=k1", HouseholdAPI.register([])) == "https://x.example/exec?key=k1")
        #expect(
            try url("http://[::1]:8080/a%20b", HouseholdAPI.fetch(YearMonth(year: 2024, month: 3)!)) == "http://[::1]:8080/a%20b?year=2024&month=3")
        #expect(try url("https://x.example", HouseholdAPI.register([])) == "https://x.example/")
    }
}
