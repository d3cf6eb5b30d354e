import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// A transport that answers from a script and records what it was asked. Several requests at once go as the real
/// transport sends them: the first `concurrently` all under way before any answer is handed over, then one more as
/// each is (none once told to stop).
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private(set) var requests: [HTTPRequest] = []
    /// The most requests under way at once.
    private(set) var mostInFlight = 0
    let answer: @Sendable (HTTPRequest) -> Result<HTTPResponse, ServerProblem>

    init(answer: @escaping @Sendable (HTTPRequest) -> Result<HTTPResponse, ServerProblem>) {
        self.answer = answer
    }

    func send(_ request: HTTPRequest) throws(ServerProblem) -> HTTPResponse {
        requests.append(request)
        mostInFlight = max(mostInFlight, 1)
        return try answer(request).get()
    }

    func send(_ requests: [HTTPRequest], concurrently: Int, answered: (Int, Result<HTTPResponse, ServerProblem>) -> Bool) {
        var underWay: [(Int, Result<HTTPResponse, ServerProblem>)] = []
        var next = 0
        var goOn = true
        func start() {
            self.requests.append(requests[next])
            underWay.append((next, answer(requests[next])))
            next += 1
        }
        while next < requests.count && underWay.count < concurrently { start() }
        mostInFlight = max(mostInFlight, underWay.count)
        while !underWay.isEmpty {
            let (index, result) = underWay.removeFirst()
            goOn = answered(index, result) && goOn
            if goOn && next < requests.count { start() }
        }
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

    @Test func aYearIsFetchedAllTwelveMonthsAtOnce() throws {
        let transport = ScriptedTransport { request in
            .success(ScriptedTransport.json([wire("m\(month(request))", String(format: "2024-%02d-01", month(request)))]))
        }
        let client = HouseholdClient(transport: transport, host: "example")
        let months = (1...12).map { YearMonth(year: 2024, month: $0)! }
        let fetched = try client.fetch(months)
        #expect(fetched.keys.sorted() == months)
        #expect(fetched[months[4]]?.map(\.id) == ["m5"])
        #expect(transport.mostInFlight == HouseholdClient.concurrentFetches)
        #expect(transport.requests.map(month).sorted() == Array(1...12))
    }

    @Test func theEarliestFailedMonthIsReported() throws {
        let transport = ScriptedTransport { request in
            switch month(request) {
            case 3: .failure(.timedOut(seconds: 1))
            case 2: .success(HTTPResponse(status: 500, body: []))
            default: .success(ScriptedTransport.json([]))
            }
        }
        let client = HouseholdClient(transport: transport, host: "example")
        #expect(throws: SyncError.fetch(YearMonth(year: 2024, month: 2)!, host: "example", .status(500))) {
            try client.fetch((1...12).map { YearMonth(year: 2024, month: $0)! })
        }
    }

    @Test func afterAFailureNoNewFetchStarts() throws {
        let transport = ScriptedTransport { _ in .failure(.connectionLost) }
        #expect(throws: SyncError.fetch(YearMonth(year: 2024, month: 1)!, host: "example", .connectionLost)) {
            try HouseholdClient(transport: transport, host: "example").fetch((1...12).map { YearMonth(year: 2024, month: $0)! })
        }
        #expect(transport.requests.count == HouseholdClient.concurrentFetches)
    }

    @Test func itemsAreRegisteredInBatchesAndEachMustBeConfirmed() throws {
        let items = (0..<2500).map { wire("i\($0)", "2024-12-01") }
        let echo = ScriptedTransport { request in
            .success(HTTPResponse(status: 200, body: request.body ?? []))
        }
        let confirmed = try HouseholdClient(transport: echo, host: "example").register(items)
        #expect(confirmed == items)
        let sizes = try echo.requests.map { try WireFormat.decode($0.body ?? []).count }
        #expect(sizes == [1000, 1000, 500])
        #expect(echo.requests.allSatisfy { $0.method == .post })

        let forgetful = ScriptedTransport { request in
            let sent = (try? WireFormat.decode(request.body ?? [])) ?? []
            return .success(ScriptedTransport.json(Array(sent.dropLast())))
        }
        #expect(throws: SyncError.register(count: 1000, host: "example", .unconfirmed(missing: 1, sent: 1000))) {
            try HouseholdClient(transport: forgetful, host: "example").register(items)
        }
        #expect(forgetful.requests.count == 1)
    }
}
