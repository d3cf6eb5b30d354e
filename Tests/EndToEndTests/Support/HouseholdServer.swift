import Foundation
import Testing

/// A household server on 127.0.0.1 for one test: `household_server.py` on an ephemeral port, driven through its
/// stdin/stdout (seed sheets, inject faults, read what it stored and what it was asked). It exits when this object
/// goes away, since its stdin closes.
final class HouseholdServer: @unchecked Sendable {
    let port: Int
    private let script: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()

    /// The endpoint as kakeibo is configured with it.
    var endpoint: String { "http://127.0.0.1:\(port)/exec" }

    /// `script`: another server of the same control channel beside this one (`app_server.py`: `AppServer`).
    init(script: String = "household_server.py") throws {
        self.script = script
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let path = Products.repository.appendingPathComponent("Tests/EndToEndTests/Support").appendingPathComponent(script)
        process.arguments = ["python3", path.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // The port is known once the server prints it: no sleeping, no polling.
        let first = try HouseholdServer.readLine(output, &buffered)
        guard first.hasPrefix("listening "), let port = Int(first.dropFirst(10)) else {
            throw ServerError(message: "\(script) said '\(first)'")
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Sends one command and returns the server's one-line answer.
    @discardableResult
    func command(_ command: [String: Any]) throws -> [String: Any] {
        var line = try JSONSerialization.data(withJSONObject: command)
        line.append(0x0A)
        try input.fileHandleForWriting.write(contentsOf: line)
        let answer = try HouseholdServer.readLine(output, &buffered, program: script)
        return try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any] ?? [:]
    }

    /// Replaces the sheets named ("2024-12") with these items, in the server's wire format.
    func seed(_ sheets: [String: [[String: Any]]]) throws { try command(["cmd": "seed", "sheets": sheets]) }

    /// Makes the next `times` matching requests fail: status500, html, truncated, baddate, delay, drop.
    func fail(_ how: String, method: String = "GET", month: String? = nil, times: Int = 1, seconds: Double = 3) throws {
        var command: [String: Any] = ["cmd": "fail", "how": how, "method": method, "times": times, "seconds": seconds]
        if let month { command["month"] = month }
        try self.command(command)
    }

    /// Every sheet's items.
    func sheets() throws -> [String: [[String: Any]]] {
        try command(["cmd": "state"])["sheets"] as? [String: [[String: Any]]] ?? [:]
    }

    /// Every request of the app's protocol the server received, in order (kakeibo-companion's question whether it speaks
    /// the change protocol, `GET ?op=capabilities`, left out: see `probes`).
    func requests() throws -> [Request] { try allRequests().filter { $0.query != "op=capabilities" } }

    /// How many times kakeibo-companion asked whether this server speaks the change protocol.
    func probes() throws -> Int { try allRequests().filter { $0.query == "op=capabilities" }.count }

    func allRequests() throws -> [Request] {
        let list = try command(["cmd": "state"])["requests"] as? [[String: Any]] ?? []
        return list.map { entry in
            Request(
                method: entry["method"] as? String ?? "", path: entry["path"] as? String ?? "",
                query: entry["query"] as? String ?? "", host: entry["host"] as? String ?? "",
                accept: entry["accept"] as? String, authorization: entry["authorization"] as? String,
                body: entry["body"] as? String)
        }
    }

    /// All ids on the server, across sheets, with repeats (the server appends; it doesn't deduplicate).
    func ids() throws -> [String] { try sheets().values.flatMap { $0.compactMap { $0["id"] as? String } } }

    struct Request {
        var method, path, query, host: String
        var accept, authorization, body: String?
    }

    struct ServerError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// One line from a server's output, reading more only when `buffered` holds no whole line.
    /// Only the bytes read since the last look are searched for the newline: an answer of megabytes (the state of a
    /// sheet of 10,000 items) comes in many chunks.
    static func readLine(_ pipe: Pipe, _ buffered: inout Data, program: String = "household_server.py") throws -> String {
        var searched = buffered.startIndex
        while true {
            if let newline = buffered[searched...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
                buffered = Data(buffered[buffered.index(after: newline)...])
                return line
            }
            searched = buffered.endIndex
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw ServerError(message: "\(program) ended") }
            buffered.append(chunk)
        }
    }
}

/// A wire-format item for seeding the server.
func wire(_ id: String, _ date: String, _ name: String, _ price: Int, category: Int = 0, sub: Any? = nil) -> [String: Any] {
    var item: [String: Any] = ["id": id, "date": date, "name": name, "price": price, "category": category]
    if let sub { item["categorySub"] = sub }
    return item
}
