import KakeiboStore
import KakeiboValues

/// Sends requests to the household endpoint and returns their final answers, after redirects. Behind a protocol so
/// that tests swap in a scripted server; the companion's `URLSessionTransport` is the real one.
///
/// Synchronous: the operations layer, which `kakeibo` links whole, starts no concurrency runtime (docs/performance.md,
/// "Sync without async"); the real transport waits on URLSession's own threads.
public protocol HTTPTransport: Sendable {
    /// One request's final answer.
    func send(_ request: HTTPRequest) throws(ServerProblem) -> HTTPResponse

    /// Several requests, at most `concurrently` under way at once. Each outcome is handed to `answered` with its
    /// request's index, on the calling thread, one at a time, as it arrives; once `answered` returns false no new
    /// request starts (those under way still finish and are handed over).
    func send(
        _ requests: [HTTPRequest], concurrently: Int, answered: (Int, Result<HTTPResponse, ServerProblem>) -> Bool)
}

extension HTTPTransport {
    /// One request at a time, in order: for a transport with no concurrency of its own.
    public func send(
        _ requests: [HTTPRequest], concurrently: Int, answered: (Int, Result<HTTPResponse, ServerProblem>) -> Bool
    ) {
        for (index, request) in requests.enumerated() {
            let result: Result<HTTPResponse, ServerProblem>
            do throws(ServerProblem) { result = .success(try send(request)) } catch { result = .failure(error) }
            guard answered(index, result) else { return }
        }
    }
}

/// One request to the household endpoint, as data: the method, what is added to the endpoint's query, and the body.
/// The transport adds the endpoint and `Accept: application/json`.
public struct HTTPRequest: Sendable, Equatable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    public var method: Method
    public var query: [QueryItem]
    public var body: [UInt8]?

    public init(method: Method, query: [QueryItem], body: [UInt8]?) {
        self.method = method
        self.query = query
        self.body = body
    }

    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }
}

/// The final answer to a request, after the redirects the service always sends.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String?
    /// Where a redirect that was not followed pointed.
    public var location: String?
    public var body: [UInt8]

    public init(status: Int, contentType: String? = nil, location: String? = nil, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.location = location
        self.body = body
    }
}
