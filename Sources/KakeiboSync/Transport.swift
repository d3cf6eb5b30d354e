import Foundation
import KakeiboKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

/// The transport over URLSession: `Accept: application/json` on every request, the bearer token only to the
/// endpoint's own origin, redirects followed only to https or this machine (the service answers every request with
/// a 302 to another host, and a POST's redirect is followed with a GET that returns the answer).
public final class URLSessionTransport: HTTPTransport {
    let settings: SyncSettings
    let session: URLSession

    public init(settings: SyncSettings) {
        self.settings = settings
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = settings.timeout
        configuration.timeoutIntervalForResource = settings.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        session = URLSession(
            configuration: configuration, delegate: RedirectPolicy(origin: settings.endpoint, token: settings.token),
            delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// The endpoint with the request's query added, assembled from the parts `Endpoint.parse` checked (never the
    /// text parsed again, which could read it differently).
    func url(for request: HTTPRequest) -> URL? {
        var components = URLComponents()
        components.scheme = settings.endpoint.scheme
        // An IPv6 address goes in brackets, as the URL writes it.
        components.percentEncodedHost = settings.endpoint.host.contains(":") ? "[" + settings.endpoint.host + "]" : settings.endpoint.host
        components.port = settings.endpoint.port
        components.percentEncodedPath = settings.endpoint.path
        components.percentEncodedQuery = settings.endpoint.query(adding: request.query.map { ($0.name, $0.value) })
        return components.url
    }

    public func send(_ request: HTTPRequest) async throws(ServerProblem) -> HTTPResponse {
        guard let url = url(for: request) else { throw .other("bad URL") }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: settings.timeout)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token = settings.token { urlRequest.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        if let body = request.body {
            urlRequest.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = Data(body)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError {
            throw problem(error)
        } catch {
            throw .other(String(describing: error))
        }
        guard let http = response as? HTTPURLResponse else { throw .other("not an HTTP answer") }
        return HTTPResponse(
            status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"),
            location: http.value(forHTTPHeaderField: "Location"), body: [UInt8](data))
    }

    func problem(_ error: URLError) -> ServerProblem {
        switch error.code {
        case .timedOut: return .timedOut(seconds: settings.timeout)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet, .secureConnectionFailed,
            .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot:
            return .cannotConnect(error.localizedDescription)
        case .networkConnectionLost, .badServerResponse, .zeroByteResource:
            return .connectionLost
        default:
            return .other(error.localizedDescription)
        }
    }
}

/// Decides each redirect: followed only to https or to this machine; the token goes only to the endpoint's own
/// origin (scheme, host and port), as curl and Go do, so a redirect to another host never carries it.
final class RedirectPolicy: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    let origin: Endpoint
    let token: String?

    init(origin: Endpoint, token: String?) {
        self.origin = origin
        self.token = token
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let url = request.url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(),
            scheme == "https" || (scheme == "http" && Endpoint.isLoopback(host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))))
        else { return completionHandler(nil) }
        var next = request
        next.setValue("application/json", forHTTPHeaderField: "Accept")
        let sameOrigin =
            scheme == origin.scheme && host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) == origin.host
            && (url.port ?? defaultPort(scheme)) == (origin.port ?? defaultPort(origin.scheme))
        next.setValue(sameOrigin ? token.map { "Bearer " + $0 } : nil, forHTTPHeaderField: "Authorization")
        if next.httpMethod == "GET" {
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
        }
        completionHandler(next)
    }

    private func defaultPort(_ scheme: String) -> Int { scheme == "https" ? 443 : 80 }
}
