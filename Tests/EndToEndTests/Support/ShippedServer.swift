import Foundation

/// The shipped household server (`scripts/household-server --control`, server/Code.gs under Node) on 127.0.0.1 for
/// one test, steered by its control channel; it exits when this object goes away (its stdin closes).
final class ShippedServer: @unchecked Sendable {
    static let token = "test-token-5f1c"
    private(set) var endpoint = ""
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-shipped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let portFile = directory.appendingPathComponent("port")
        process.executableURL = Products.repository.appendingPathComponent("scripts/household-server")
        process.arguments = ["--port-file", portFile.path, "--control"]
        var environment = ProcessInfo.processInfo.environment
        environment["KAKEIBO_SERVER_TOKEN"] = ShippedServer.token
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // The control channel answers only once the server listens and the port file is in place: no polling.
        _ = try command(["cmd": "state"])
        endpoint = try String(contentsOf: portFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    @discardableResult
    func command(_ command: [String: Any]) throws -> [String: Any] {
        var line = try JSONSerialization.data(withJSONObject: command)
        line.append(0x0A)
        try input.fileHandleForWriting.write(contentsOf: line)
        let answer = try HouseholdServer.readLine(output, &buffered, program: "household-server")
        return try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any] ?? [:]
    }

    /// Makes the next matching request fail (status500, html, truncated, drop, delay).
    func fail(_ how: String, method: String = "POST", times: Int = 1) throws {
        try command(["cmd": "fail", "how": how, "method": method, "times": times])
    }

    /// The current (not deleted) items on the server, by id: [id: price], and how many rows hold each id.
    func items() throws -> (prices: [String: Int], rows: [String: Int]) {
        let sheets = try command(["cmd": "state"])["sheets"] as? [String: [[Any]]] ?? [:]
        var prices: [String: Int] = [:]
        var rows: [String: Int] = [:]
        for (name, values) in sheets where !name.hasPrefix("_") {
            for row in values.dropFirst() where row.count >= 8 {
                let id = "\(row[5])"
                rows[id, default: 0] += 1
                let deleted = (row[7] as? Bool) == true || "\(row[7])" == "TRUE"
                if !deleted { prices[id] = (row[2] as? NSNumber)?.intValue ?? 0 }
            }
        }
        return (prices, rows)
    }

    /// The requests that reached the endpoint (the answers' second host left out), with their bodies' `op`.
    func operations() throws -> [String] {
        let requests = try command(["cmd": "state"])["requests"] as? [[String: Any]] ?? []
        return requests.filter { ($0["path"] as? String ?? "").hasSuffix("/exec") }.map { request in
            if let body = request["body"] as? String, let data = body.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let op = object["op"] as? String
            {
                return op
            }
            return "\(request["method"] as? String ?? "") \(request["query"] as? String ?? "")"
        }
    }

    /// The Authorization header of every request ("" when there was none).
    func authorizations() throws -> [String] {
        (try command(["cmd": "state"])["requests"] as? [[String: Any]] ?? []).map { $0["authorization"] as? String ?? "" }
    }

    /// Every request body, for checking what was sent.
    func bodies() throws -> [String] {
        (try command(["cmd": "state"])["requests"] as? [[String: Any]] ?? []).compactMap { $0["body"] as? String }
    }
}
