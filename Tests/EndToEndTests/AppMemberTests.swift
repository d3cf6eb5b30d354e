import Foundation
import Testing

/// The ExpenseLog app as a member of the household: kakeibo against a strict stand-in for the app's own endpoint
/// (Support/app_server.py, written from the app's source), which refuses every request the app would not make or
/// could not read, keeps only the app's six fields, and totals a month as the app's month view does.
@Suite struct AppMemberTests {
    func sandbox(_ server: AppServer) throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        // No token: the app's protocol has none, and one set is refused (EndpointSecretTests).
        return box
    }

    /// Every item of the month, income too.
    func items(_ box: Sandbox, _ year: String, _ month: String) throws -> [[String: Any]] {
        let json = try #require(try box.run("month", year, month, "--format", "json").json() as? [String: Any])
        return try #require(json["items"] as? [[String: Any]]) + (json["incomeItems"] as? [[String: Any]] ?? [])
    }

    func add(_ box: Sandbox, _ arguments: String...) throws -> String {
        let run = try box.run(["add"] + arguments + ["--format", "json"])
        #expect(run.status == 0, "add failed: \(run.stderr)")
        return try #require((try run.json() as? [String: Any])?["id"] as? String)
    }

    /// Every detail kakeibo records, on an item the app can show.
    static var details: [String: Any] {
        ["payment": "現金", "shop": "ドトール", "memo": "朝の一杯", "member": "ayumi", "personal": true, "reimbursed": 50, "tags": ["旅行"]]
    }

    @Test func aMonthWithTheAppOnlySendsWhatItCanShowAndLosesNothingByAPull() throws {
        let server = try AppServer()
        // A row the app registered itself (an upper-case UUID), and one typed with categorySub "1": the app's
        // `try?` reads that as none and counts the row, so kakeibo must too.
        let appRow = "0F8FAD5B-D9CB-469F-A165-70867728950E"
        try server.seed([
            "2024-02": [
                ["id": appRow, "date": "20240205", "name": "ラーメン", "price": 1500, "category": 0, "categorySub": 0],
                ["id": "typed-1", "date": "20240210", "name": "お茶", "price": 150, "category": 0, "categorySub": "1"],
            ]
        ])
        let box = try sandbox(server)
        let coffee = try add(
            box, "コーヒー", "178", "--date", "2024-02-03", "--category", "food/drink", "--payment", "現金", "--shop", "ドトール", "--memo",
            "朝の一杯", "--member", "ayumi", "--personal", "--reimbursed", "50", "--tag", "旅行")
        let train = try add(box, "電車", "220", "--date", "2024-02-04", "--category", "entertainment/traffic", "--member", "ken")
        let snack = try add(box, "おやつ", "300", "--date", "2024-02-06", "--category", "food")
        // What the app has no category for: rent, income, kakeibo's own transport, and 外食 (food's sub 4).
        let stay = [
            try add(box, "家賃", "85000", "--date", "2024-02-01", "--category", "housing/rent"),
            try add(box, "給与", "250000", "--date", "2024-02-25", "--income"),
            try add(box, "バス", "230", "--date", "2024-02-07", "--category", "transport/bus"),
            try add(box, "外食", "1200", "--date", "2024-02-08", "--category", "food/eating-out"),
        ]

        let dry = try box.run("push", "--dry-run")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("3 items would be sent"), "\(dry.stdout)")
        #expect(dry.stderr.contains("4 items stay here: the app has no category for"), "\(dry.stderr)")
        #expect(try server.state().sheets["2024-02"]?.count == 2, "a dry run sends nothing")

        let push = try box.run("push", "--format", "json")
        #expect(push.status == 0, "\(push.stderr)")
        let summary = try #require(try push.json() as? [String: Any])
        #expect(summary["pushed"] as? Int == 3)
        #expect(summary["pending"] as? Int == 0, "what stays is never counted as pending")
        #expect(summary["stayed"] as? Int == 4)
        // Listed once per push, by category.
        let said = push.stderr.split(separator: "\n").filter { $0.contains("stay here") }
        #expect(said.count == 1, "\(push.stderr)")
        #expect(said.first?.contains("Food › Eating out, Housing, Transport, Income") == true, "\(push.stderr)")

        var state = try server.state()
        #expect(state.refusals == [], "kakeibo sent what the app would not read")
        #expect(state.unshowable == [], "kakeibo sent what the app can't show")
        #expect(Set(state.ids("2024-02")) == [appRow, "typed-1", coffee, train, snack])
        // The app's month total is what kakeibo holds of the app's items, the typed row included.
        #expect(try server.total("2024-02") == 1500 + 150 + 178 + 220 + 300)

        let pull = try box.run("pull", "2024", "2")
        #expect(pull.status == 0, "\(pull.stderr)")
        var list = try items(box, "2024", "2")
        let byID = Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as? String ?? "", $0) })
        #expect(Set(byID.keys) == Set(state.ids("2024-02")).union(stay), "every item stays, and the app's rows come in")
        let onServer = list.filter { Set(state.ids("2024-02")).contains($0["id"] as? String ?? "") }
        #expect(onServer.reduce(0) { $0 + ($1["price"] as? Int ?? 0) } == (try server.total("2024-02")))
        #expect(byID["typed-1"]?["subcategory"] is NSNull, "categorySub \"1\" is none, as the app reads it")
        #expect(byID[appRow]?["synced"] as? Bool == true, "an upper-case id is kept as it is")
        for (key, value) in Self.details {
            #expect(byID[coffee]?[key] as? NSObject == value as? NSObject, "a pull lost \(key)")
        }
        #expect(byID[train]?["member"] as? String == "ken")
        #expect(stay.allSatisfy { byID[$0]?["synced"] as? Bool == false })

        // The app's side changes the price: a pull updates the price only, every detail kept.
        var sheet = try #require(state.sheets["2024-02"])
        let row = try #require(sheet.firstIndex { $0["id"] as? String == coffee })
        sheet[row]["price"] = 198
        try server.seed(["2024-02": sheet])
        #expect(try box.run("pull", "2024", "2").status == 0)
        list = try items(box, "2024", "2")
        let changed = try #require(list.first { $0["id"] as? String == coffee })
        #expect(changed["price"] as? Int == 198)
        for (key, value) in Self.details {
            #expect(changed[key] as? NSObject == value as? NSObject, "a changed price lost \(key)")
        }

        // A second push sends nothing, and says again what stays.
        let again = try box.run("push")
        #expect(again.status == 0)
        #expect(again.stderr.contains("4 items stay here"))
        // The month marks what stays as staying ("~"), not as waiting for a push ("*").
        let month = try box.run("month", "2024", "2", "--lang", "en")
        #expect(month.stdout.contains("~ stays here: the app has no category for it"), "\(month.stdout)")
        #expect(!month.stdout.contains("not on the household server yet"), "\(month.stdout)")
        state = try server.state()
        #expect(state.sheets["2024-02"]?.count == 5)
        #expect(state.refusals == [])
        // No request carried an Authorization header, the redirect's included; GETs had exactly year and month.
        #expect(!state.requests.isEmpty)
        #expect(state.requests.allSatisfy { $0.headers["authorization"] == nil })
        #expect(state.requests.filter { $0.method == "POST" }.allSatisfy { $0.headers["content-type"]?.hasPrefix("application/json") == true })
    }

    /// A changed app (the `app-categories` setting): an item of a category it has gained goes; the rest stays.
    @Test func aChangedAppTakesTheCategoriesItsSettingNames() throws {
        let server = try AppServer()
        let box = try sandbox(server)
        #expect(try box.run("config", "set", "app-categories", "0:0-4 1:0-2").status == 0)
        #expect(try box.run("config", "get", "app-categories").stdout == "0:0-4 1:0-2\n")
        let eatingOut = try add(box, "外食", "1200", "--date", "2024-02-08", "--category", "food/eating-out")
        _ = try add(box, "家賃", "85000", "--date", "2024-02-01", "--category", "housing/rent")
        let push = try box.run("push")
        #expect(push.status == 0, "\(push.stderr)")
        #expect(push.stderr.contains("1 item stays here: the app has no category for Housing"), "\(push.stderr)")
        let state = try server.state()
        #expect(state.ids("2024-02") == [eatingOut])
        // The stand-in knows the published app only: 0/4 is what this household's changed app has.
        #expect(state.unshowable == [eatingOut])
        #expect(state.refusals == [])

        let bad = try box.run("config", "set", "app-categories", "0:3-1")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("app-categories must be the app's category codes"))
    }

    /// `categories init --preset expenselog` writes the app's categories and nothing else: no 収入.
    @Test func theAppPresetHoldsTheAppsCategoriesOnly() throws {
        let box = try Sandbox()
        #expect(try box.run("categories", "init", "--preset", "expenselog").status == 0)
        let json = try #require(try box.run("categories", "--format", "json").json() as? [String: Any])
        let categories = try #require(json["categories"] as? [[String: Any]])
        #expect(categories.compactMap { $0["key"] as? String } == ["food", "entertainment"])
        #expect(try box.run("add", "給与", "250000", "--income").status == 2, "the app's categories have no income")
    }
}
