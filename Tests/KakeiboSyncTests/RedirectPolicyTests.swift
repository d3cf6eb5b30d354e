import Foundation
import Testing

@testable import KakeiboKit
@testable import KakeiboSync

/// Where the URLSession transport follows a redirect, and with what: the service's 302/303 as a GET with the token
/// only at the endpoint's origin, a 307/308 (which would carry the body, and the token in it) only within that origin.
@Suite struct RedirectPolicyTests {
    let delegate = SessionDelegate(origin: try! Endpoint.parse("http://127.0.0.1:8080/exec"), token: "t0ken")

    func post() -> URLRequest {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:8080/exec")!)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"token":"t0ken"}"#.utf8)
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer t0ken", forHTTPHeaderField: "Authorization")
        return request
    }

    @Test func a302ElsewhereIsFollowedAsAGetWithoutTheTokenOrTheBody() throws {
        let next = try #require(delegate.redirect(from: post(), status: 302, to: URL(string: "http://localhost:8080/answer/1"), count: 0))
        #expect(next.httpMethod == "GET" && next.httpBody == nil)
        #expect(next.value(forHTTPHeaderField: "Authorization") == nil && next.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(next.value(forHTTPHeaderField: "Accept") == "application/json")
        let home = try #require(delegate.redirect(from: post(), status: 303, to: URL(string: "http://127.0.0.1:8080/answer/2"), count: 0))
        #expect(home.httpMethod == "GET" && home.value(forHTTPHeaderField: "Authorization") == "Bearer t0ken")
    }

    @Test func a307IsFollowedWithItsBodyOnlyWithinTheOrigin() throws {
        #expect(delegate.redirect(from: post(), status: 307, to: URL(string: "http://127.0.0.1:9090/exec"), count: 0) == nil)
        #expect(delegate.redirect(from: post(), status: 308, to: URL(string: "http://localhost:8080/exec"), count: 0) == nil)
        let same = try #require(delegate.redirect(from: post(), status: 307, to: URL(string: "http://127.0.0.1:8080/exec2"), count: 0))
        #expect(same.httpMethod == "POST" && same.httpBody == post().httpBody)
        #expect(same.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
    }

    @Test func nothingIsFollowedToPlainHTTPElsewhereOrPastTheLimit() {
        #expect(delegate.redirect(from: post(), status: 302, to: URL(string: "http://example.com/answer"), count: 0) == nil)
        #expect(delegate.redirect(from: post(), status: 302, to: URL(string: "https://example.com/answer"), count: 0) != nil)
        #expect(
            delegate.redirect(from: post(), status: 302, to: URL(string: "http://127.0.0.1:8080/a"), count: URLSessionTransport.maximumRedirects)
                == nil)
    }
}
