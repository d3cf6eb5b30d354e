import Foundation
import KakeiboKit
import Testing

@testable import KakeiboNetwork

/// Where the URLSession transport follows a redirect, and with what: the service's 302/303 as a GET with the token
/// only at the endpoint's origin, a 307/308 only for a GET within that origin.
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

    /// A 307 or 308 repeats the request: a GET's is followed within the origin; a POST's is never (URLSession on
    /// Linux would follow it without the body), nor anything's to another origin.
    @Test func a307IsFollowedOnlyForAGetWithinTheOrigin() throws {
        #expect(delegate.redirect(from: post(), status: 307, to: URL(string: "http://127.0.0.1:9090/exec"), count: 0) == nil)
        #expect(delegate.redirect(from: post(), status: 307, to: URL(string: "http://127.0.0.1:8080/exec2"), count: 0) == nil)
        #expect(delegate.redirect(from: post(), status: 308, to: URL(string: "http://localhost:8080/exec"), count: 0) == nil)
        let get = URLRequest(url: URL(string: "http://127.0.0.1:8080/exec?year=2024&month=12")!)
        let same = try #require(delegate.redirect(from: get, status: 307, to: URL(string: "http://127.0.0.1:8080/exec2"), count: 0))
        #expect(same.httpMethod == "GET" && same.value(forHTTPHeaderField: "Authorization") == "Bearer t0ken")
        #expect(delegate.redirect(from: get, status: 308, to: URL(string: "http://localhost:8080/exec"), count: 0) == nil)
    }

    @Test func nothingIsFollowedToPlainHTTPElsewhereOrPastTheLimit() {
        #expect(delegate.redirect(from: post(), status: 302, to: URL(string: "http://example.com/answer"), count: 0) == nil)
        #expect(delegate.redirect(from: post(), status: 302, to: URL(string: "https://example.com/answer"), count: 0) != nil)
        #expect(
            delegate.redirect(from: post(), status: 302, to: URL(string: "http://127.0.0.1:8080/a"), count: URLSessionTransport.maximumRedirects)
                == nil)
    }
}
