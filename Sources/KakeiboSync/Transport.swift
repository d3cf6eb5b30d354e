import Foundation
import KakeiboKit

/// Sends one request to the household endpoint and returns the final answer, after redirects.
/// Behind a protocol so tests can swap in a scripted server.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws(ServerProblem) -> HTTPResponse
}

/// The transport for these settings: HTTP/1.1 over a socket for plain http (this machine only), libcurl's easy
/// interface for https. `KAKEIBO_SYNC_TRANSPORT=curl` sends plain http through libcurl too (for tests and
/// `scripts/sync-figures`, which have no https server).
public func makeTransport(
    _ settings: SyncSettings, choice: String? = ProcessInfo.processInfo.environment["KAKEIBO_SYNC_TRANSPORT"]
) -> any HTTPTransport {
    settings.endpoint.scheme == "http" && choice != "curl" ? SocketTransport(settings: settings) : CurlTransport(settings: settings)
}
