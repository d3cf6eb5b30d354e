import KakeiboKit

/// The bytes of an HTTP/1.1 exchange, apart from the socket that carries them (`SocketTransport`).
enum HTTPMessage {
    /// A request for one exchange on a fresh connection: `Accept: application/json`, the token when given,
    /// `Connection: close` (the answer ends where the connection does, and no connection is ever reused).
    static func request(method: String, target: Endpoint, token: String?, body: [UInt8]?) -> [UInt8] {
        let path = target.path.isEmpty ? "/" : target.path
        let host = (target.host.contains(":") ? "[" + target.host + "]" : target.host) + (target.port.map { ":\($0)" } ?? "")
        var head = "\(method) \(path)\(target.query.map { "?" + $0 } ?? "") HTTP/1.1\r\n"
        head += "Host: \(host)\r\nAccept: application/json\r\nConnection: close\r\nUser-Agent: kakeibo\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if let body {
            head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
        }
        return Array((head + "\r\n").utf8) + (body ?? [])
    }

    /// Reads an answer as its bytes arrive: the head, then a body of Content-Length bytes, in chunks, or up to
    /// the close. `add` returns the answer once it is whole; an empty read (the connection closed) before then is
    /// `.connectionLost`.
    struct ResponseReader {
        private var bytes: [UInt8] = []
        private var head: Head?

        struct Head {
            var status: Int
            var headers: [(name: String, value: String)]
            var bodyStart: Int

            func value(_ name: String) -> String? { headers.first { $0.name == name }?.value }
        }

        mutating func add(_ chunk: ArraySlice<UInt8>) throws(ServerProblem) -> HTTPResponse? {
            let closed = chunk.isEmpty
            bytes += chunk
            if head == nil {
                guard let end = find([13, 10, 13, 10], in: bytes, from: 0) else {
                    if closed { throw .connectionLost }
                    return nil
                }
                head = try parseHead(bytes[0..<end], bodyStart: end + 4)
            }
            guard let head else { return nil }
            let body = Array(bytes[head.bodyStart...])
            let response = { (body: [UInt8]) in
                HTTPResponse(status: head.status, contentType: head.value("content-type"), location: head.value("location"), body: body)
            }
            if head.value("transfer-encoding")?.lowercased().contains("chunked") == true {
                if let whole = try dechunk(body) { return response(whole) }
            } else if let length = head.value("content-length").flatMap({ Int(trimWhitespace($0)) }) {
                if body.count >= length { return response(Array(body.prefix(length))) }
            } else if closed || [204, 304].contains(head.status) || (100..<200).contains(head.status) {
                return response(body)
            }
            if closed { throw .connectionLost }
            return nil
        }

        private func parseHead(_ text: ArraySlice<UInt8>, bodyStart: Int) throws(ServerProblem) -> Head {
            let lines = String(decoding: text, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
            let statusLine = lines.first?.split(separator: " ", maxSplits: 2) ?? []
            guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
                throw .other("not an HTTP answer")
            }
            let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (line[..<colon].lowercased(), trimWhitespace(String(line[line.index(after: colon)...])))
            }
            return Head(status: status, headers: headers, bodyStart: bodyStart)
        }

        /// The body of a chunked answer once its last chunk has come, else nil.
        private func dechunk(_ body: [UInt8]) throws(ServerProblem) -> [UInt8]? {
            var result: [UInt8] = []
            var index = 0
            while true {
                guard let lineEnd = find([13, 10], in: body, from: index) else { return nil }
                let sizeText = String(decoding: body[index..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
                guard let size = Int(trimWhitespace(sizeText), radix: 16) else { throw .other("a chunked answer is malformed") }
                let start = lineEnd + 2
                if size == 0 { return result }
                guard body.count >= start + size + 2 else { return nil }
                result += body[start..<start + size]
                index = start + size + 2
            }
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        return (start...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
