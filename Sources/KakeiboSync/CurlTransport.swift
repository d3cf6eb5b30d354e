import CCurlShim
import Foundation
import Glibc
import KakeiboKit

/// https (and, when asked for, plain http on this machine) over libcurl's easy interface.
///
/// URLSession's libcurl multi handle under corelibs Dispatch wakes ~1000 times a second while it waits, and re-sends
/// a POST without its body after a dropped connection. Here each request is one blocking `curl_easy_perform` on a
/// fresh connection, on a thread of its own that sleeps in poll(2): no CPU while waiting, a dropped connection is an
/// error at once, and nothing is ever sent twice. Redirects are followed here, as `SocketTransport` follows them:
/// only to https or this machine, a POST's 301/302/303 with a GET, the token only to the endpoint's own origin.
public final class CurlTransport: HTTPTransport {
    let settings: SyncSettings
    /// Certificates to trust instead of the system's ($KAKEIBO_CA_FILE: for tests against a self-signed server).
    let certificates: String?

    public init(settings: SyncSettings, certificates: String? = ProcessInfo.processInfo.environment["KAKEIBO_CA_FILE"]) {
        self.settings = settings
        self.certificates = certificates.flatMap { $0.isEmpty ? nil : $0 }
    }

    public func send(_ request: HTTPRequest) async throws(ServerProblem) -> HTTPResponse {
        let settings = self.settings
        let certificates = self.certificates
        let result: Result<HTTPResponse, ServerProblem> = await withCheckedContinuation { continuation in
            // A thread of its own, as SocketTransport does: curl_easy_perform blocks, which must not hold one of the
            // few threads of Swift's cooperative pool.
            let thread = Thread {
                continuation.resume(returning: CurlTransport.exchange(request, settings: settings, certificates: certificates))
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        return try result.get()
    }

    /// The request, then each redirect, until an answer that is not a redirect to follow.
    static func exchange(_ request: HTTPRequest, settings: SyncSettings, certificates: String?) -> Result<HTTPResponse, ServerProblem> {
        let deadline = Deadline(seconds: settings.timeout)
        let origin = settings.endpoint
        var target = target(for: request, at: origin)
        var body = request.body
        for _ in 0...SocketTransport.maximumRedirects {
            let sameOrigin = target.scheme == origin.scheme && target.host == origin.host && target.port == origin.port
            let token = sameOrigin ? settings.token.map { "Bearer " + $0 } : nil
            let response: HTTPResponse
            switch perform(url(target), body: body, authorization: token, deadline: deadline, settings: settings, certificates: certificates) {
            case .success(let answer): response = answer
            case .failure(let problem): return .failure(problem)
            }
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.location,
                let next = redirect(location)
            else { return .success(response) }
            if ![307, 308].contains(response.status) { body = nil }
            target = next
        }
        return .failure(.other("more than \(SocketTransport.maximumRedirects) redirects"))
    }

    /// Where a redirect (made absolute by curl) may be followed: https, or plain http on this machine.
    static func redirect(_ location: String) -> Endpoint? { try? Endpoint.parse(location) }

    /// The endpoint with the request's query added after its own.
    static func target(for request: HTTPRequest, at origin: Endpoint) -> Endpoint {
        var target = origin
        target.query = origin.query(adding: request.query.map { ($0.name, $0.value) })
        return target
    }

    /// The URL curl is given, assembled from the parts `Endpoint.parse` checked.
    static func url(_ target: Endpoint) -> String {
        let host = target.host.contains(":") ? "[" + target.host + "]" : target.host
        let path = target.path.isEmpty ? "/" : target.path
        return target.scheme + "://" + host + (target.port.map { ":\($0)" } ?? "") + path + (target.query.map { "?" + $0 } ?? "")
    }

    /// One request and its answer (a redirect not followed).
    static func perform(
        _ url: String, body: [UInt8]?, authorization: String?, deadline: Deadline, settings: SyncSettings, certificates: String?
    ) -> Result<HTTPResponse, ServerProblem> {
        let left = deadline.millisecondsLeft
        guard left > 0 else { return .failure(.timedOut(seconds: settings.timeout)) }
        var answer = kakeibo_curl_answer()
        defer { kakeibo_curl_answer_free(&answer) }
        if let body {
            body.withUnsafeBufferPointer { bytes in
                kakeibo_curl_exchange(url, bytes.baseAddress, bytes.count, authorization, Int(left), certificates, &answer)
            }
        } else {
            kakeibo_curl_exchange(url, nil, 0, authorization, Int(left), certificates, &answer)
        }
        switch Int(answer.failure) {
        case KAKEIBO_CURL_OK:
            let bytes = answer.body.map { Array(UnsafeBufferPointer(start: $0, count: answer.length)) } ?? []
            return .success(
                HTTPResponse(
                    status: answer.status, contentType: answer.content_type.map { String(cString: $0) },
                    location: answer.location.map { String(cString: $0) }, body: bytes))
        case KAKEIBO_CURL_TIMED_OUT: return .failure(.timedOut(seconds: settings.timeout))
        case KAKEIBO_CURL_CONNECTION_LOST: return .failure(.connectionLost)
        case KAKEIBO_CURL_CANNOT_CONNECT: return .failure(.cannotConnect(message(&answer)))
        default: return .failure(.other(message(&answer)))
        }
    }

    private static func message(_ answer: inout kakeibo_curl_answer) -> String {
        withUnsafeBytes(of: &answer.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
