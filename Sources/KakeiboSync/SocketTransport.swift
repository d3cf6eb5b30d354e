import Foundation
import Glibc
import KakeiboKit

/// HTTP/1.1 over a plain socket, for an endpoint on this machine (plain http is allowed nowhere else).
///
/// URLSession (libcurl underneath) is expensive on a slow line: it spins while it waits (~94% of a core for a 5 s
/// answer), and when a connection it reused drops after a POST, it re-sends the POST without its body and waits
/// out the whole timeout. Here each request is one exchange on a fresh connection (`Connection: close`) on a
/// thread of its own that sleeps in poll(2) until the socket is ready or the deadline passes: no CPU while
/// waiting, a closed connection is an error at once, and nothing is ever sent twice. Redirects are followed as
/// `CurlTransport` follows them (only to this machine here; the token only to the endpoint's own origin).
public final class SocketTransport: HTTPTransport {
    let settings: SyncSettings

    /// Redirects followed before giving up.
    static let maximumRedirects = 10

    public init(settings: SyncSettings) { self.settings = settings }

    public func send(_ request: HTTPRequest) async throws(ServerProblem) -> HTTPResponse {
        let settings = self.settings
        let result: Result<HTTPResponse, ServerProblem> = await withCheckedContinuation { continuation in
            // A thread of its own: the exchange blocks in poll(2), which must not hold one of the few threads of
            // Swift's cooperative pool (12 months at once on a 2-core machine would otherwise go 2 at a time).
            let thread = Thread {
                continuation.resume(returning: SocketTransport.exchange(request, settings: settings))
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        return try result.get()
    }

    /// The request, then each redirect, until an answer that is not a redirect to follow.
    static func exchange(_ request: HTTPRequest, settings: SyncSettings) -> Result<HTTPResponse, ServerProblem> {
        let deadline = Deadline(seconds: settings.timeout)
        let origin = settings.endpoint
        var target = origin
        target.query = origin.query(adding: request.query.map { ($0.name, $0.value) })
        var method = request.method
        var body = request.body
        for _ in 0...maximumRedirects {
            let sameOrigin = target.scheme == origin.scheme && target.host == origin.host && target.port == origin.port
            let message = HTTPMessage.request(
                method: method.rawValue, target: target, token: sameOrigin ? settings.token : nil, body: body)
            let response: HTTPResponse
            do throws(ServerProblem) {
                response = try Connection.exchange(message, host: target.host, port: target.port ?? 80, deadline: deadline, timeout: settings.timeout)
            } catch {
                return .failure(error)
            }
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.location,
                let next = redirect(location, from: target)
            else { return .success(response) }
            if ![307, 308].contains(response.status) {
                method = .get
                body = nil
            }
            target = next
        }
        return .failure(.other("more than \(maximumRedirects) redirects"))
    }

    /// Where a redirect points, if it may be followed over a plain socket: http on this machine.
    static func redirect(_ location: String, from current: Endpoint) -> Endpoint? {
        var absolute = location
        if location.hasPrefix("/") {
            let host = current.host.contains(":") ? "[" + current.host + "]" : current.host
            absolute = current.scheme + "://" + host + (current.port.map { ":\($0)" } ?? "") + location
        }
        guard let next = try? Endpoint.parse(absolute), next.scheme == "http", next.isLoopback else { return nil }
        return next
    }
}

/// A point in time (CLOCK_MONOTONIC) by which an exchange must be over.
struct Deadline {
    let end: timespec

    init(seconds: Double) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(now.tv_nsec) + Int((seconds - seconds.rounded(.down)) * 1e9)
        end = timespec(tv_sec: now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
    }

    /// Milliseconds left (at least 0), for poll(2).
    var millisecondsLeft: Int32 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let left = (end.tv_sec - now.tv_sec) * 1000 + (end.tv_nsec - now.tv_nsec) / 1_000_000
        return Int32(clamping: max(0, left))
    }
}

/// One TCP connection to this machine for one request and its answer.
enum Connection {
    static func exchange(_ message: [UInt8], host: String, port: Int, deadline: Deadline, timeout: Double) throws(ServerProblem) -> HTTPResponse {
        let socket = try connect(host: host, port: port, deadline: deadline, timeout: timeout)
        defer { close(socket) }
        try write(message, to: socket, deadline: deadline, timeout: timeout)
        var reader = HTTPMessage.ResponseReader()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            try wait(socket, for: Int16(POLLIN), deadline: deadline, timeout: timeout)
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .connectionLost
            }
            if let response = try reader.add(buffer[0..<count]) { return response }
        }
    }

    /// A connected socket: numeric addresses and "localhost" (127.0.0.1, then ::1).
    static func connect(host: String, port: Int, deadline: Deadline, timeout: Double) throws(ServerProblem) -> Int32 {
        let candidates = host == "localhost" ? ["127.0.0.1", "::1"] : [host]
        var last = ServerProblem.cannotConnect("no address for \(host)")
        for address in candidates {
            do throws(ServerProblem) {
                return try connect(address: address, port: port, deadline: deadline, timeout: timeout)
            } catch {
                if case .timedOut = error { throw error }
                last = error
            }
        }
        throw last
    }

    private static func connect(address: String, port: Int, deadline: Deadline, timeout: Double) throws(ServerProblem) -> Int32 {
        let family = address.contains(":") ? AF_INET6 : AF_INET
        let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socket >= 0 else { throw .cannotConnect(String(cString: strerror(errno))) }
        var result: Int32?
        if family == AF_INET6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = in_port_t(UInt16(port).bigEndian)
            if inet_pton(AF_INET6, address, &socketAddress.sin6_addr) == 1 { result = start(socket, &socketAddress) }
        } else {
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
            if inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 { result = start(socket, &socketAddress) }
        }
        guard let result else {
            close(socket)
            throw .cannotConnect("not an address: \(address)")
        }
        if result != 0 && errno != EINPROGRESS {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw .cannotConnect(reason)
        }
        do throws(ServerProblem) {
            try wait(socket, for: Int16(POLLOUT), deadline: deadline, timeout: timeout)
        } catch {
            close(socket)
            throw error
        }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
        guard failure == 0 else {
            close(socket)
            throw .cannotConnect(String(cString: strerror(failure)))
        }
        return socket
    }

    /// Starts connecting a non-blocking socket to an IPv4 or IPv6 address.
    private static func start<Address>(_ socket: Int32, _ address: inout Address) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }

    private static func write(_ bytes: [UInt8], to socket: Int32, deadline: Deadline, timeout: Double) throws(ServerProblem) {
        var sent = 0
        while sent < bytes.count {
            try wait(socket, for: Int16(POLLOUT), deadline: deadline, timeout: timeout)
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .connectionLost
            }
            sent += count
        }
    }

    /// Sleeps in poll(2) until the socket is ready (or closed), or the deadline passes.
    private static func wait(_ socket: Int32, for events: Int16, deadline: Deadline, timeout: Double) throws(ServerProblem) {
        while true {
            let left = deadline.millisecondsLeft
            guard left > 0 else { throw .timedOut(seconds: timeout) }
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, left)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw .connectionLost }
        }
    }
}
