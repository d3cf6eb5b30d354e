import Foundation
import Testing

/// The first household (Tests/Fixtures/household) in one store: its accounts, statement users, fixed cost, both
/// members' typed items and every file, imported in the order household.json lists them.
enum WholeHousehold {
    static let directory = Products.repository.appendingPathComponent("Tests/Fixtures/household")

    static func setup() throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent("household.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(document["setup"] as? [String: Any])
    }

    /// A store holding all of it, with ayumi as this machine's member.
    static func store() throws -> Sandbox {
        let box = try Sandbox()
        let setup = try setup()
        try expectSuccess(box, ["config", "set", "member", "ayumi"])
        for account in try #require(setup["accounts"] as? [[String: Any]]) {
            var args = ["accounts", "add", account["name"] as? String ?? "", "--kind", account["kind"] as? String ?? ""]
            if let member = account["member"] as? String { args += ["--member", member] }
            for alias in account["aliases"] as? [String] ?? [] { args += ["--alias", alias] }
            try expectSuccess(box, args)
        }
        for (user, member) in try #require(setup["statementUsers"] as? [String: String]) {
            try expectSuccess(box, ["rules", "member", user, member])
        }
        for cost in try #require(setup["fixed"] as? [[String: Any]]) {
            try expectSuccess(
                box,
                [
                    "fixed", "add", cost["name"] as? String ?? "", "\(cost["price"] as? Int ?? 0)", "--day", "\(cost["day"] as? Int ?? 0)",
                    "--category", cost["category"] as? String ?? "", "--payment", cost["payment"] as? String ?? "", "--member",
                    cost["member"] as? String ?? "",
                ])
        }
        try expectSuccess(box, ["fixed", "post", "2024", "11"])
        let typed = try #require(setup["typed"] as? [String: [[String: Any]]])
        let files = try #require(setup["files"] as? [String: [[String]]])
        for name in ["ayumi", "ken"] {
            for item in typed[name] ?? [] {
                var args = ["add", item["name"] as? String ?? "", "\(item["price"] as? Int ?? 0)", "--date", item["date"] as? String ?? ""]
                args += ["--category", item["category"] as? String ?? ""]
                for key in ["payment", "shop"] { if let value = item[key] as? String { args += ["--" + key, value] } }
                try expectSuccess(box, args)
            }
            for file in files[name] ?? [] { try expectSuccess(box, ["import", "--from", file[0], path(file[1])]) }
        }
        return box
    }

    static func path(_ file: String) -> String { directory.appendingPathComponent(file).path }

    /// The files household.json lists, each as (format, path).
    static func files() throws -> [(String, String)] {
        let files = try #require(try setup()["files"] as? [String: [[String]]])
        return (files["ayumi", default: []] + files["ken", default: []]).map { ($0[0], path($0[1])) }
    }

    static func expectSuccess(_ box: Sandbox, _ args: [String]) throws {
        let run = try box.run(args)
        #expect(run.status == 0, "kakeibo \(args.joined(separator: " ")): \(run.stderr)")
    }

    /// November's spending total and count, and its transfers' total and count.
    static func month(_ box: Sandbox) throws -> [Int] {
        let month = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        let transfers = month["transfers"] as? [String: Any] ?? [:]
        return [month["total"] as? Int ?? -1, month["count"] as? Int ?? -1, transfers["total"] as? Int ?? -1, transfers["count"] as? Int ?? -1]
    }
}
