import Foundation
import Testing

/// The household's budgets travel whole as a household setting: a yearly fund and a rolled budget with them (#22).
@Suite struct FundSettingsSyncTests {
    let helper = ChangeSyncTests()

    /// A yearly fund and a rolled budget (budgets.json schema 4) set by one member reach the other with the next
    /// sync, and count there as they do here.
    @Test func aYearlyFundAndARolledBudgetReachTheOtherMember() throws {
        let server = try ShippedServer()
        let (a, b) = (try helper.member(server), try helper.member(server))
        #expect(try a.run("budget", "set", "特別費", "240000", "--yearly").status == 0)
        #expect(try a.run("budget", "set", "food", "30000", "--rollover", "--from", "2024-11").status == 0)
        _ = try a.add("旅行", 250_000, date: "2024-08-10", category: "special")
        _ = try helper.sync(a)
        let took = try helper.sync(b)
        #expect((took["settingsReceived"] as? [String])?.contains("budgets") == true, "\(took)")
        let list = try #require(try b.run("budget", "list", "--format", "json").json() as? [String: Any])
        let budgets = try #require(list["budgets"] as? [[String: Any]])
        #expect(budgets.first { $0["category"] as? String == "special" }?["yearly"] as? Bool == true)
        let steps = budgets.first { $0["category"] as? String == "food" }?["rollover"] as? [[String: Any]]
        #expect(steps?.first?["from"] as? String == "2024-11")
        #expect(try b.run("budget", "list").stdout == a.run("budget", "list").stdout)
        // The item came too: the fund is overspent on the other machine as well.
        #expect(try b.run("month", "2024", "12", "--check-budget").status == 3)
    }
}
