import KakeiboValues

/// The household server's address, checked once where it is typed (`--endpoint`, $KAKEIBO_ENDPOINT, the config file):
/// http or https, a host, an optional port; plain http only for this machine.
public struct Endpoint: Sendable, Equatable {
    /// The address as given.
    public var text: String
    /// "http" or "https".
    public var scheme: String
    /// Lowercased, without the brackets of an IPv6 address.
    public var host: String
    public var port: Int?
    /// The path, percent-encoded as given: empty, or starting with "/".
    public var path: String
    /// The query after "?", percent-encoded as given (it may hold a key), or nil without one.
    public var query: String?

    /// The loopback names plain http is allowed for.
    public static let loopbackNames = ["127.0.0.1", "::1", "localhost"]

    public var isLoopback: Bool { Endpoint.isLoopback(host) }

    /// A host on this machine: localhost, ::1, or any 127.x.y.z.
    public static func isLoopback(_ host: String) -> Bool {
        let lower = host.lowercased()
        if lower == "localhost" || lower == "::1" { return true }
        let parts = lower.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in UInt8(part) != nil }
    }

    public static func parse(_ text: String) throws(SettingError) -> Endpoint {
        let lower = text.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") {
            scheme = "https"
        } else if lower.hasPrefix("http://") {
            scheme = "http"
        } else {
            throw .endpoint(text, .scheme)
        }
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0.value > 0x7E }) else {
            throw .endpoint(text, .characters)
        }
        let rest = text.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !rest.contains("#") else { throw .endpoint(text, .fragment) }
        guard !authority.contains("@") else { throw .endpoint(text, .credentials) }
        var host = Substring(authority)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw .endpoint(text, .host) }
            let after = host[host.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .endpoint(text, .host) }
                portText = after.dropFirst()
            }
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty, !host.contains(":") || authority.hasPrefix("[") else { throw .endpoint(text, .host) }
        var port: Int?
        if let portText {
            guard let value = Int(portText), portText.allSatisfy(\.isASCII), (1...65535).contains(value) else {
                throw .endpoint(text, .port)
            }
            port = value
        }
        // The path and query go to the request as they are, so they must be what a URL may hold: RFC 3986's
        // characters, and "%" only before two hex digits.
        let target = rest.dropFirst(authority.count)
        guard Endpoint.isValidTarget(target) else { throw .endpoint(text, .characters) }
        let path = target.prefix { $0 != "?" }
        let query = target.dropFirst(path.count).dropFirst()
        let endpoint = Endpoint(
            text: text, scheme: scheme, host: host.lowercased(), port: port, path: String(path),
            query: target.contains("?") ? String(query) : nil)
        guard scheme == "https" || endpoint.isLoopback else { throw .endpoint(text, .insecure(host: endpoint.host)) }
        return endpoint
    }

    /// The address as every message and `config get`/`list` show it: what follows `/exec` in the path masked
    /// (`…/exec/***`: the app's URL carries its secret there) and each value of the query (`?token=***`), since either
    /// may carry a key as a token does, and a token is never shown.
    public var masked: String { Endpoint.masked(text) }

    /// `masked` for any text given as an endpoint, parsed or not (a refused one is shown masked too).
    public static func masked(_ text: String) -> String {
        let mark = text.firstIndex(of: "?") ?? text.endIndex
        var shown = maskedPath(String(text[..<mark]))
        guard mark < text.endIndex else { return shown }
        let pairs = text[text.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            return pair[..<equals] + "=***"
        }
        shown += "?" + pairs.joined(separator: "&")
        return shown
    }

    /// A path (or an address without its query) with every segment after the first `/exec` segment as `***`.
    static func maskedPath(_ path: String) -> String {
        guard let secret = secretStart(path) else { return path }
        return path[..<secret] + "***"
    }

    /// Where the secret begins: the first character after `/exec/`, when anything follows it.
    static func secretStart(_ path: String) -> String.Index? {
        var start = path.startIndex
        while start < path.endIndex {
            let rest = path[start...]
            if rest.hasPrefix("/exec/") {
                let secret = path.index(start, offsetBy: 6)
                return secret < path.endIndex ? secret : nil
            }
            start = path.index(after: start)
        }
        return nil
    }

    /// The endpoint as the sync state names it (scheme, host, port and path, never the query): a secret after
    /// `/exec` is kept only as the first 16 hex digits of its SHA-256 (`…/exec/***#sha256:1a2b…`), so the store never
    /// holds it and two secrets are still two endpoints.
    public var stateKey: String { Endpoint.stateKey("\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")\(path)") }

    /// `stateKey` for a key as the sync state held it (an older kakeibo wrote the secret there): masked the same way.
    public static func stateKey(_ key: String) -> String {
        guard let secret = secretStart(key), !key.hasSuffix("/exec/***") && !key.contains("#sha256:") else { return key }
        return maskedPath(key) + "#sha256:" + SHA256.hex(String(key[secret...])).prefix(16)
    }

    /// The query of a request: the endpoint's own, then `items` with their values percent-encoded; nil if empty.
    public func query(adding items: [(name: String, value: String)]) -> String? {
        let added = items.map { $0.name + "=" + Endpoint.percentEncoded($0.value) }
        let parts = (query.map { [$0] } ?? []) + added
        return parts.isEmpty ? nil : parts.joined(separator: "&")
    }

    /// Every byte but RFC 3986's unreserved characters as %XX.
    package static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~".utf8.contains(byte)
        }
    }

    /// A path and query a URL may hold: unreserved, sub-delims, ":", "@", "/", "?", and well-formed "%XX".
    static func isValidTarget(_ target: Substring) -> Bool {
        let bytes = Array(target.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isUnreserved(byte) || "!$&'()*+,;=:@/?".utf8.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
