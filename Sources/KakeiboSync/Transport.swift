import KakeiboKit

/// Sends one request to the household endpoint and returns the final answer, after redirects.
/// Behind a protocol so tests can swap in a scripted server; `URLSessionTransport` is the real one.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws(ServerProblem) -> HTTPResponse
}
