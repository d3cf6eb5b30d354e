import Testing

@testable import KakeiboKit
@testable import KakeiboSync

/// The bytes of the HTTP/1.1 exchange `SocketTransport` does itself: the request it writes, the answers it reads
/// (whole or cut short), and the redirects it follows.
@Suite struct SocketTransportTests {
    func read(_ pieces: [String], close: Bool = false) throws(ServerProblem) -> HTTPResponse? {
        var reader = HTTPMessage.ResponseReader()
        for piece in pieces {
            if let response = try reader.add(Array(piece.utf8)[...]) { return response }
        }
        return close ? try reader.add([]) : nil
    }

    @Test func theRequestCarriesTheQueryTheTokenAndTheBodyOnce() throws {
        var target = try Endpoint.parse("http://127.0.0.1:8080/exec?key=k")
        target.query = target.query(adding: [("year", "2024"), ("month", "3")])
        let get = String(decoding: HTTPMessage.request(method: "GET", target: target, token: "t0k", body: nil), as: UTF8.self)
        #expect(get.hasPrefix("GET /exec?key=k&year=2024&month=3 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"))
        #expect(get.contains("\r\nAccept: application/json\r\n") && get.contains("\r\nConnection: close\r\n"))
        #expect(get.contains("\r\nAuthorization: Bearer t0k\r\n") && !get.contains("Content-Length"))
        let post = String(decoding: HTTPMessage.request(method: "POST", target: target, token: nil, body: Array("[]".utf8)), as: UTF8.self)
        #expect(post.hasSuffix("Content-Length: 2\r\n\r\n[]") && !post.contains("Authorization"))
        let v6 = String(
            decoding: HTTPMessage.request(method: "GET", target: try Endpoint.parse("http://[::1]/"), token: nil, body: nil), as: UTF8.self)
        #expect(v6.contains("Host: [::1]\r\n"))
    }

    @Test func anAnswerIsWholeByItsLengthItsChunksOrTheClose() throws {
        let sized = try #require(try read(["HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Len", "gth: 5\r\n\r\n[1,", "2]"]))
        #expect(sized == HTTPResponse(status: 200, contentType: "application/json", body: Array("[1,2]".utf8)))
        let chunked = try #require(try read(["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n[1,\r\n", "2\r\n2]\r\n0\r\n\r\n"]))
        #expect(chunked.body == Array("[1,2]".utf8))
        let closed = try #require(try read(["HTTP/1.1 302 Found\r\nLocation: http://localhost:1/answer/0\r\n\r\nMoved"], close: true))
        #expect(closed.status == 302 && closed.location == "http://localhost:1/answer/0" && closed.body == Array("Moved".utf8))
    }

    @Test func anAnswerCutShortIsAConnectionLost() {
        #expect(throws: ServerProblem.connectionLost) { try read([], close: true) }
        #expect(throws: ServerProblem.connectionLost) { try read(["HTTP/1.1 200 OK\r\nContent-Le"], close: true) }
        #expect(throws: ServerProblem.connectionLost) { try read(["HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n[1,"], close: true) }
        #expect(throws: ServerProblem.connectionLost) { try read(["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n[1,\r\n"], close: true) }
        #expect(throws: ServerProblem.other("not an HTTP answer")) { try read(["SSH-2.0-OpenSSH\r\n\r\n"]) }
    }

    @Test func redirectsAreFollowedOnlyToPlainHTTPOnThisMachine() throws {
        let current = try Endpoint.parse("http://127.0.0.1:8080/exec")
        #expect(SocketTransport.redirect("http://localhost:8080/answer/1", from: current)?.host == "localhost")
        let relative = try #require(SocketTransport.redirect("/answer/2?x=1", from: current))
        #expect(relative.host == "127.0.0.1" && relative.port == 8080 && relative.path == "/answer/2" && relative.query == "x=1")
        #expect(SocketTransport.redirect("http://example.com/answer", from: current) == nil)
        #expect(SocketTransport.redirect("https://script.googleusercontent.com/x", from: current) == nil)
    }

    @Test func nothingListeningIsCannotConnect() async throws {
        let transport = SocketTransport(settings: SyncSettings(endpoint: try Endpoint.parse("http://127.0.0.1:1/exec"), token: nil, timeout: 5))
        await #expect {
            try await transport.send(HouseholdAPI.fetch(YearMonth(year: 2024, month: 1)!))
        } throws: { error in
            guard case ServerProblem.cannotConnect = error else { return false }
            return true
        }
    }
}
