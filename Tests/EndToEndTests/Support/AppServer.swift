import Foundation

/// The ExpenseLog app's endpoint as a strict stand-in (`app_server.py`, written from the app's source): it refuses
/// every request the app would not make or could not read, keeps only the app's six fields, and says what the app
/// would show and total. Exits when this object goes away.
final class AppServer: @unchecked Sendable {
    private let channel: HouseholdServer

    /// The endpoint as kakeibo is configured with it (never with the token: that is kakeibo's `token` setting).
    var endpoint: String { "http://127.0.0.1:\(channel.port)/exec" }

    /// `token`: the path segment after /exec that every request must carry, as the app's compiled-in URL would.
    init(token: String? = nil, redirect: Bool = true) throws {
        channel = try HouseholdServer(script: "app_server.py")
        try channel.command(["cmd": "configure", "token": token ?? NSNull(), "redirect": redirect])
    }

    /// Replaces the sheets named ("2024-02") with these rows, raw: a row may hold what the app reads liberally.
    func seed(_ sheets: [String: [[String: Any]]]) throws { try channel.command(["cmd": "seed", "sheets": sheets]) }

    /// What the server holds and was asked.
    func state() throws -> State {
        let answer = try channel.command(["cmd": "state"])
        let requests = (answer["requests"] as? [[String: Any]] ?? []).map { entry in
            Request(
                method: entry["method"] as? String ?? "", path: entry["path"] as? String ?? "", query: entry["query"] as? String ?? "",
                headers: entry["headers"] as? [String: String] ?? [:])
        }
        return State(
            sheets: answer["sheets"] as? [String: [[String: Any]]] ?? [:], requests: requests,
            refusals: (answer["refusals"] as? [[String: Any]] ?? []).map { "\($0["method"] ?? "") \($0["path"] ?? ""): \($0["reason"] ?? "")" },
            unshowable: (answer["unshowable"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String },
            dropped: answer["dropped"] as? [String] ?? [], probes: answer["probes"] as? Int ?? 0)
    }

    /// The app's total of a month ("2024-02"), as its month view sums it; nil when the app could not read the month.
    func total(_ month: String) throws -> Int? { try channel.command(["cmd": "total", "month": month])["total"] as? Int }

    /// What the app's month list shows for each row of a month, by id ("食費（なし）").
    func shown(_ month: String) throws -> [String: String] {
        let pairs = try channel.command(["cmd": "total", "month": month])["shows"] as? [[String]] ?? []
        return Dictionary(pairs.map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
    }

    struct State {
        var sheets: [String: [[String: Any]]]
        var requests: [Request]
        /// Each request refused, as "METHOD path: why" (a request the app would not make or could not read).
        var refusals: [String]
        /// Ids of the rows the app reads but cannot show (a category or subcategory it doesn't have).
        var unshowable: [String]
        /// Keys sent that the app has no field for (and that this server therefore drops).
        var dropped: [String]
        /// How many times kakeibo asked whether the endpoint speaks the change protocol (the app's script can't say).
        var probes: Int

        /// The ids of a month's rows, in the order they were appended.
        func ids(_ month: String) -> [String] { (sheets[month] ?? []).compactMap { $0["id"] as? String } }
    }

    struct Request {
        var method, path, query: String
        /// Lower-case header names.
        var headers: [String: String]
    }
}
