import Foundation
import Testing

/// A member rule scoped to one account (`rules member 本人 yuto --account イオンカード`) maps that account's statements
/// only (issue 38: "a member rule set for one card applies to every statement's 本人"); an unscoped one still maps
/// every statement, and the scoped one wins on its account.
@Suite struct MemberRuleByAccountTests {
    /// December's spending by member after importing 楽天カード's statement (本人: 5 lines ¥33,376; 家族: 2 lines ¥4,292).
    func byMember(_ box: Sandbox) throws -> [String: Int] {
        let run = box.runInProcess("import", Products.fixture("rakuten-2024-12-bom.csv"))
        #expect(run.status == 0, "\(run.stderr)")
        let month = try #require(try box.runInProcess("month", "2024-12", "--by", "member", "--format", "json").json() as? [String: Any])
        let rows = try #require(month["breakdown"] as? [[String: Any]], "\(month)")
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["value"] as? String ?? "?", $0["total"] as? Int ?? 0) })
    }

    func household() throws -> Sandbox {
        let box = try Sandbox()
        for line in [
            ["accounts", "add", "楽天カード", "--kind", "card"], ["accounts", "add", "イオンカード", "--kind", "card"],
            ["rules", "member", "家族", "ken"],
        ] {
            let run = box.runInProcess(line)
            #expect(run.status == 0, "\(line): \(run.stderr)")
        }
        return box
    }

    @Test func aRuleForAnotherCardLeavesThisCardsLinesAlone() throws {
        let box = try household()
        #expect(box.runInProcess("rules", "member", "本人", "yuto", "--account", "イオンカード").status == 0)
        let members = try byMember(box)
        #expect(members["yuto"] == nil, "イオンカード's 本人 is not 楽天カード's: \(members)")
        #expect(members["ken"] == 4292)
    }

    @Test func aRuleForThisCardWinsOverTheHouseholdsOne() throws {
        let box = try household()
        #expect(box.runInProcess("rules", "member", "本人", "ayumi").status == 0)
        #expect(box.runInProcess("rules", "member", "本人", "yuto", "--account", "楽天カード").status == 0)
        let listed = box.runInProcess("rules", "list")
        #expect(listed.stdout.contains("本人 → member yuto (楽天カード's statements only)"), "\(listed.stdout)")
        let members = try byMember(box)
        #expect(members["yuto"] == 33376 && members["ayumi"] == nil && members["ken"] == 4292, "\(members)")
    }

    @Test func aRuleForAnAccountThatIsNotThereIsRefused() throws {
        let box = try household()
        let run = box.runInProcess("rules", "member", "本人", "yuto", "--account", "dカード")
        #expect(run.status == 1 && run.stderr.contains("dカード"), "\(run.stderr)")
    }
}
