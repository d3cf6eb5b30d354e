import Foundation
import KakeiboKit
import Synchronization

/// The household endpoint over URLSession, configured from what it does on Linux (docs/sync.md, "The transport"):
///
/// - GETs share one session, up to `connectionsPerHost` connections to a host, so a year's twelve months go at once
///   and a reused connection waits without spinning.
/// - Every POST goes on a session of its own (a connection of its own, `Connection: close`): when the server drops
///   it after the request, the POST fails at once and is never re-sent (as libcurl re-sends a request on a reused
///   connection) — except the change protocol's, whose connection is opened ahead (`warmsPosts`): its change ids
///   make a re-sent POST apply once.
/// - Redirects are decided by a session-level delegate (a task's own delegate is never asked on Linux): a 301, 302 or
///   303 is followed as a GET with no body, and the token goes only to the endpoint's own origin; a 307 or 308 only
///   for a GET within that origin (URLSession on Linux would follow a POST's without its body); nothing is followed
///   to plain http on another machine, or more than `maximumRedirects` times.
/// - An answer is read through the delegate and given up past `maximumAnswerBytes` (counted after decompression),
///   and every request ends by the settings' timeout or the command's deadline, whichever comes first.
/// - Connections are opened ahead (`warm`), so that the wait for a slow answer is on a connection libcurl reuses,
///   where it doesn't spin a core.
package final class URLSessionTransport: HTTPTransport {
    let settings: SyncSettings
    let deadline: CommandDeadline
    /// Whether a POST's own connection is opened ahead too: only where a POST sent twice applies once (the change
    /// protocol's change ids), since libcurl re-sends a request whose reused connection closes before any answer.
    let warmsPosts: Bool
    /// Connections of the shared session opened ahead so far.
    private let warmed = Mutex(0)
    private let delegate: SessionDelegate
    private let shared: URLSession

    /// Connections to one host at once: a year's twelve months in one round, with room for the redirects they take.
    static let connectionsPerHost = 16
    /// Redirects followed before giving up.
    static let maximumRedirects = 10
    /// The largest answer read (after decompression): a household's year is about a megabyte, ten years' changes about ten.
    package static let maximumAnswerBytes = 32 * 1024 * 1024

    /// The longest a connection is opened ahead for: past it the request goes on a new connection, as it would have.
    static let warmingSeconds = 1.0

    package init(settings: SyncSettings, deadline: CommandDeadline, warmsPosts: Bool = false) {
        self.settings = settings
        self.deadline = deadline
        self.warmsPosts = warmsPosts
        delegate = SessionDelegate(origin: settings.endpoint, token: settings.token)
        shared = URLSession(
            configuration: URLSessionTransport.configuration(settings, connections: URLSessionTransport.connectionsPerHost), delegate: delegate,
            delegateQueue: BoundedDelegateQueue())
    }

    // From elsewhere: invalidating waits for the session's queue, which a task given up on may hold for long after
    // (`SessionDelegate.abandon`), and the command's answer must not wait for it.
    deinit { DispatchQueue.global().async { [shared] in shared.invalidateAndCancel() } }

    static func configuration(_ settings: SyncSettings, connections: Int) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = connections
        configuration.timeoutIntervalForRequest = settings.timeout
        configuration.timeoutIntervalForResource = settings.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return configuration
    }

    package func send(_ request: HTTPRequest) throws(ServerProblem) -> HTTPResponse {
        if request.method == .get { warmShared(1) }
        let answered = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        start(request) { result in
            outcome.result = result
            answered.signal()
        }
        answered.wait()
        return try outcome.result.get()
    }

    /// The requests at most `concurrently` at a time on URLSession's threads; this thread hands each outcome to
    /// `answered` as it comes, and starts the next unless `answered` said to stop.
    package func send(_ requests: [HTTPRequest], concurrently: Int, answered: (Int, Result<HTTPResponse, ServerProblem>) -> Bool) {
        warmShared(min(concurrently, requests.count))
        let arrivals = Arrivals()
        var next = 0
        var running = 0
        var goOn = true
        func startNext() {
            let index = next
            next += 1
            running += 1
            start(requests[index]) { result in arrivals.add(index, result) }
        }
        while next < requests.count && running < concurrently { startNext() }
        while running > 0 {
            let (index, result) = arrivals.next()
            running -= 1
            goOn = answered(index, result) && goOn
            if goOn && next < requests.count { startNext() }
        }
    }

    /// Opens the shared session's connections ahead, up to `connections` of them once per transport.
    private func warmShared(_ connections: Int) {
        let more = warmed.withLock { count in
            defer { count = max(count, connections) }
            return connections - count
        }
        if more > 0 { warm(shared, connections: more) }
    }

    /// Opens `connections` connections of the session to the endpoint's host and leaves them to be reused: on Linux
    /// URLSession spins a core for as long as the first request on a new connection waits for its answer (once the
    /// connect has had it watch the socket for writing, it never stops), and not on a reused one — a sync's every
    /// request waits on Apps Script for about a second (docs/sync.md, "The transport", has the measurement). Each is
    /// a HEAD of the host's root, without the token, its redirect not followed and its answer dropped, given at most
    /// `warmingSeconds`: whatever it finds changes nothing but where the request then waits.
    private func warm(_ session: URLSession, connections: Int) {
        let seconds = min(URLSessionTransport.warmingSeconds, deadline.secondsLeft)
        let origin = settings.endpoint
        let host = origin.host.contains(":") ? "[" + origin.host + "]" : origin.host
        guard seconds > 0, connections > 0, let url = URL(string: origin.scheme + "://" + host + (origin.port.map { ":\($0)" } ?? "") + "/")
        else { return }
        let opened = DispatchGroup()
        for _ in 0..<connections {
            var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
            request.httpMethod = "HEAD"
            request.setValue("kakeibo", forHTTPHeaderField: "User-Agent")
            opened.enter()
            delegate.run(session.dataTask(with: request), seconds: seconds, warming: true) { _ in opened.leave() }
        }
        opened.wait()
    }

    /// Outcomes as they arrive from URLSession's threads, taken in turn by the thread that waits for them.
    private final class Arrivals: @unchecked Sendable {
        private let lock = NSLock()
        private let arrived = DispatchSemaphore(value: 0)
        private var outcomes: [(Int, Result<HTTPResponse, ServerProblem>)] = []

        func add(_ index: Int, _ result: Result<HTTPResponse, ServerProblem>) {
            lock.withLock { outcomes.append((index, result)) }
            arrived.signal()
        }

        /// The next outcome, waiting for one.
        func next() -> (Int, Result<HTTPResponse, ServerProblem>) {
            arrived.wait()
            return lock.withLock { outcomes.removeFirst() }
        }
    }

    /// One request's outcome, as the thread that waits for it reads it.
    private final class Outcome: @unchecked Sendable {
        var result: Result<HTTPResponse, ServerProblem> = .failure(.other("no answer"))
    }

    /// Starts a request; `finished` gets its outcome on one of URLSession's threads.
    private func start(_ request: HTTPRequest, finished: @escaping @Sendable (Result<HTTPResponse, ServerProblem>) -> Void) {
        let seconds = min(settings.timeout, deadline.secondsLeft)
        guard seconds > 0 else { return finished(.failure(deadline.expired(timeout: settings.timeout))) }
        let url: URL
        do throws(ServerProblem) { url = try URLSessionTransport.url(for: request, at: settings.endpoint) } catch { return finished(.failure(error)) }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        urlRequest.setValue("kakeibo", forHTTPHeaderField: "User-Agent")
        if let token = settings.token { urlRequest.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        if let body = request.body {
            urlRequest.httpBody = Data(body)
            urlRequest.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        }
        let session: URLSession
        if request.method == .post {
            urlRequest.setValue("close", forHTTPHeaderField: "Connection")
            session = URLSession(
                configuration: URLSessionTransport.configuration(settings, connections: 1), delegate: delegate,
                delegateQueue: BoundedDelegateQueue())
            if warmsPosts { warm(session, connections: 1) }
        } else {
            session = shared
        }
        let own = session !== shared
        let timeout = settings.timeout
        let deadline = self.deadline
        delegate.run(session.dataTask(with: urlRequest), seconds: seconds) { result in
            if own { session.finishTasksAndInvalidate() }
            switch result {
            case .failure(.timedOut) where seconds < timeout: finished(.failure(deadline.expired(timeout: timeout)))
            case .failure(.timedOut): finished(.failure(.timedOut(seconds: timeout)))
            default: finished(result)
            }
        }
    }

    /// The endpoint with the request's query added after its own.
    static func url(for request: HTTPRequest, at origin: Endpoint) throws(ServerProblem) -> URL {
        var target = origin
        target.query = origin.query(adding: request.query.map { ($0.name, $0.value) })
        let host = target.host.contains(":") ? "[" + target.host + "]" : target.host
        let path = target.path.isEmpty ? "/" : target.path
        let text = target.scheme + "://" + host + (target.port.map { ":\($0)" } ?? "") + path + (target.query.map { "?" + $0 } ?? "")
        guard let url = URL(string: text) else { throw .other("not a URL: \(target.scheme)://\(target.host)") }
        return url
    }
}

/// The whole command's time: every request of a pull, push or sync ends by it, so a server that always has `more`
/// (or answers each request just inside the timeout) can't keep a command going for ever.
package struct CommandDeadline: Sendable {
    let end: ContinuousClock.Instant
    /// The deadline in seconds, for messages.
    package let seconds: Double

    /// The deadline is this many times the request timeout (5 minutes with the default 30 s).
    package static let multiple = 10.0

    package init(timeout: Double) {
        seconds = timeout * CommandDeadline.multiple
        end = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
    }

    var secondsLeft: Double {
        let left = ContinuousClock.now.duration(to: end).components
        return max(0, Double(left.seconds) + Double(left.attoseconds) / 1e18)
    }

    func expired(timeout: Double) -> ServerProblem { .commandDeadline(seconds: seconds) }
}

/// The queue URLSession calls its delegate on, with room for a few calls at a time: the thread that reads the
/// network waits while it is full. URLSession on Linux hands each 16 KB read to the delegate queue and reads on at
/// once, so without a bound an answer arriving faster than it is looked at piles up in memory (measured: a 1 GB
/// gzip bomb held 2.2 GB before the size cap was seen); with it, memory stays at the cap plus a megabyte.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    private let room = DispatchSemaphore(value: 64)

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @Sendable @escaping () -> Void) {
        room.wait()
        super.addOperation { [room] in
            block()
            room.signal()
        }
    }
}

/// The session-level delegate: it reads every task's answer up to the size cap, decides redirects, and hands each
/// task's outcome to whoever awaits it.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let origin: Endpoint
    let token: String?
    private let lock = NSLock()
    /// Keyed by the task itself: a task's number counts within its session, and every POST has a session of its own.
    private var tasks: [ObjectIdentifier: TaskState] = [:]

    struct TaskState {
        /// Who is told the outcome.
        var finished: (@Sendable (Result<HTTPResponse, ServerProblem>) -> Void)?
        /// What abandons the task at its time.
        var timer: DispatchWorkItem?
        /// The answer so far: `Data`, whose append is Foundation's own (fast in a debug build too, where a byte array's
        /// generic append would fall behind a fast server and let its chunks pile up in the delegate queue).
        var body = Data()
        var redirects = 0
        /// A connection opened ahead (`URLSessionTransport.warm`): its redirect is never followed.
        var warming = false
        /// A redirect not followed: its status and where it pointed.
        var refused: (status: Int, location: String?)?
    }

    init(origin: Endpoint, token: String?) {
        self.origin = origin
        self.token = token
    }

    /// How many tasks are waited for now.
    var waiting: Int { lock.withLock { tasks.count } }

    /// Starts the task; `finished` gets its outcome once (past `seconds`, that it timed out, and the task is
    /// abandoned).
    func run(
        _ task: URLSessionDataTask, seconds: Double, warming: Bool = false,
        finished: @escaping @Sendable (Result<HTTPResponse, ServerProblem>) -> Void
    ) {
        let identifier = ObjectIdentifier(task)
        let timer = DispatchWorkItem { [weak self] in self?.abandon(task, .timedOut(seconds: seconds)) }
        lock.withLock { tasks[identifier] = TaskState(finished: finished, timer: timer, warming: warming) }
        // URLSession's own timeout on Linux is reset by each byte; this one is the request's whole time.
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds + 0.05, execute: timer)
        task.resume()
    }

    private func finish(_ identifier: ObjectIdentifier, _ result: Result<HTTPResponse, ServerProblem>) {
        guard let state = lock.withLock({ tasks.removeValue(forKey: identifier) }) else { return }
        state.timer?.cancel()
        state.finished?(result)
    }

    /// Ends the wait for the task now, with `problem`, and cancels it; whatever URLSession reports of it later is
    /// dropped. On Linux a cancel takes effect only once libcurl is through with all it has read (a gzip bomb's every
    /// inflated byte: docs/sync.md, "The transport"), and the cap and the timeout must hold anyway. The cancel is sent
    /// from elsewhere: it waits for the task's queue, which may be waiting for the delegate's.
    func abandon(_ task: URLSessionTask, _ problem: ServerProblem) {
        finish(ObjectIdentifier(task), .failure(problem))
        DispatchQueue.global().async { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        // Two different lengths (URLSession joins them: "5, 2"; libcurl believes the last) leave the answer's end
        // unknown: a shortened body could read as a valid, emptier month.
        if let length = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Length"), length.contains(",") {
            let values = Set(length.split(separator: ",").map { trimWhitespace(String($0)) })
            if values.count > 1 {
                finish(
                    ObjectIdentifier(dataTask), .failure(.malformedAnswer("Content-Length given twice: \(terminalSafe(String(length.prefix(40))))")))
                completionHandler(.cancel)
                return
            }
        }
        if response.expectedContentLength > Int64(URLSessionTransport.maximumAnswerBytes) {
            finish(ObjectIdentifier(dataTask), .failure(.tooLarge(limit: URLSessionTransport.maximumAnswerBytes)))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge: Bool = lock.withLock {
            guard var state = tasks[ObjectIdentifier(dataTask)] else { return false }
            guard state.body.count + data.count <= URLSessionTransport.maximumAnswerBytes else { return true }
            tasks[ObjectIdentifier(dataTask)] = nil
            defer { tasks[ObjectIdentifier(dataTask)] = state }
            state.body.append(data)
            return false
        }
        if tooLarge { abandon(dataTask, .tooLarge(limit: URLSessionTransport.maximumAnswerBytes)) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let location = response.value(forHTTPHeaderField: "Location")
        let (follow, loop): (URLRequest?, Bool) = lock.withLock {
            guard var state = tasks[ObjectIdentifier(task)], !state.warming else { return (nil, false) }
            // A loop is said as one, not as a redirect refused.
            guard state.redirects < URLSessionTransport.maximumRedirects else { return (nil, true) }
            let next = redirect(
                from: task.currentRequest ?? task.originalRequest, status: response.statusCode, to: request.url, count: state.redirects)
            if next == nil { state.refused = (response.statusCode, location) } else { state.redirects += 1 }
            tasks[ObjectIdentifier(task)] = state
            return (next, false)
        }
        if loop { finish(ObjectIdentifier(task), .failure(.tooManyRedirects(limit: URLSessionTransport.maximumRedirects))) }
        completionHandler(follow)
    }

    /// The request a redirect leads to, or nil when it is not followed (the redirect itself is then the answer).
    func redirect(from previous: URLRequest?, status: Int, to url: URL?, count: Int) -> URLRequest? {
        guard count < URLSessionTransport.maximumRedirects, let url, let target = try? Endpoint.parse(url.absoluteString) else { return nil }
        let sameOrigin = target.scheme == origin.scheme && target.host == origin.host && target.port == origin.port
        var next = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: previous?.timeoutInterval ?? 30)
        next.setValue("application/json", forHTTPHeaderField: "Accept")
        next.setValue("kakeibo", forHTTPHeaderField: "User-Agent")
        if [307, 308].contains(status) {
            // The method goes again: only within the origin, and only for a request without a body — URLSession on
            // Linux follows a POST's 307 without its body (measured: scripts/reliability/hostile_server.py), and no
            // household server answers a POST so.
            guard sameOrigin, let previous, previous.httpBody == nil, previous.httpMethod ?? "GET" == "GET" else { return nil }
            next.httpMethod = "GET"
        } else {
            next.httpMethod = "GET"
        }
        if sameOrigin, let token { next.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        return next
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let state = lock.withLock { tasks[ObjectIdentifier(task)] }
        guard let state else { return }
        if let error { return finish(ObjectIdentifier(task), .failure(SessionDelegate.problem(error))) }
        guard let http = task.response as? HTTPURLResponse else { return finish(ObjectIdentifier(task), .failure(.other("not an HTTP answer"))) }
        let location = state.refused?.location ?? http.value(forHTTPHeaderField: "Location")
        finish(
            ObjectIdentifier(task),
            .success(
                HTTPResponse(
                    status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"), location: location,
                    body: [UInt8](state.body))))
    }

    /// What a URLSession error means here.
    static func problem(_ error: Error) -> ServerProblem {
        guard let error = error as? URLError else { return .other(String(describing: error)) }
        switch error.code {
        case .timedOut: return .timedOut(seconds: 0)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet, .secureConnectionFailed,
            .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot,
            .clientCertificateRejected:
            return .cannotConnect(error.localizedDescription)
        case .networkConnectionLost, .zeroByteResource, .badServerResponse:
            // libcurl's "empty reply from server" (the connection closed before any answer) is a bad server response.
            return .connectionLost
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return .tooManyRedirects(limit: URLSessionTransport.maximumRedirects)
        case .dataLengthExceedsMaximum: return .tooLarge(limit: URLSessionTransport.maximumAnswerBytes)
        case .unknown:
            // On Linux most of libcurl's failures come as "unknown" with libcurl's words: a certificate it can't
            // trust, or an answer it refuses to read (a bad length or chunk, a body cut short).
            let detail = terminalSafe(String(error.localizedDescription.prefix(120)))
            let tls = ["SSL", "TLS", "certificate"].contains { detail.contains($0) }
            // libcurl refuses a header line longer than it keeps (100 KB) as "Out of memory".
            if detail == "Out of memory" {
                return .malformedAnswer("a header line longer than libcurl reads, 100 KB, or no memory left; libcurl: \(detail)")
            }
            return tls ? .cannotConnect(detail) : .malformedAnswer(detail)
        default: return .other(terminalSafe(String(error.localizedDescription.prefix(120))))
        }
    }
}

extension URLSessionTransport {
    /// The connection every sync command makes: the app's protocol and the change protocol, each over URLSession,
    /// both ended by one deadline for the whole command. No request carries an Authorization header: the app sends
    /// none to its endpoint (and Apps Script can't read one); the change protocol carries the token in its body.
    package static func connection(_ settings: SyncSettings) -> SyncConnection {
        let deadline = CommandDeadline(timeout: settings.timeout)
        var headerless = settings
        headerless.token = nil
        return SyncConnection(
            settings: settings, app: URLSessionTransport(settings: headerless, deadline: deadline),
            changes: URLSessionTransport(settings: headerless, deadline: deadline, warmsPosts: true))
    }
}
