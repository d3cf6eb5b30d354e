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

    /// A member rule made after the statement was imported maps its lines too (issue 38: "whose spending is wrong by
    /// ¥6,686": the statement's 利用者 was gone, so the rule never applied): unscoped and scoped alike, and a later
    /// rule for the same 利用者 moves them again.
    @Test func aRuleMadeAfterTheImportMapsTheLinesImportedBefore() throws {
        let box = try Sandbox()
        #expect(box.runInProcess("accounts", "add", "楽天カード", "--kind", "card", "--member", "ayumi").status == 0)
        var members = try byMember(box)
        #expect(members == ["ayumi": 37668], "no rule yet: every line is the card's member's: \(members)")
        let rule = box.runInProcess("rules", "member", "家族", "ken")
        #expect(rule.status == 0 && rule.stdout.contains("2 lines imported before now have this member"), "\(rule.stdout)")
        members = try monthByMember(box)
        #expect(members["ken"] == 4292 && members["ayumi"] == 33376, "家族's two lines are ken's now: \(members)")
        #expect(box.runInProcess("rules", "member", "家族", "hina", "--account", "楽天カード").status == 0)
        members = try monthByMember(box)
        #expect(members["hina"] == 4292 && members["ken"] == nil && members["ayumi"] == 33376, "the card's own rule wins: \(members)")
        // Importing the statement again changes nothing.
        members = try byMember(box)
        #expect(members["hina"] == 4292 && members["ayumi"] == 33376, "\(members)")
    }

    /// A member a person gave — an edit, or `import --member` — is never mapped again by a rule made later.
    @Test func aGivenMemberIsNotMappedByALaterRule() throws {
        let box = try Sandbox()
        #expect(box.runInProcess("accounts", "add", "楽天カード", "--kind", "card", "--member", "ayumi").status == 0)
        _ = try byMember(box)
        let month = try #require(try box.runInProcess("month", "2024-12", "--format", "json").json() as? [String: Any])
        let first = try #require((month["items"] as? [[String: Any]])?.first, "\(month)")
        let edited = try #require(first["id"] as? String)
        let price = try #require(first["price"] as? Int)
        #expect(box.runInProcess("edit", edited, "--member", "yuto").status == 0)
        #expect(box.runInProcess("rules", "member", "家族", "ken").status == 0)
        #expect(box.runInProcess("rules", "member", "本人", "ken").status == 0)
        let members = try monthByMember(box)
        #expect(members == ["yuto": price, "ken": 37668 - price], "the edited line stays yuto's, the others are ken's: \(members)")

        let given = try Sandbox()
        let run = given.runInProcess("import", Products.fixture("rakuten-2024-12-bom.csv"), "--member", "hana")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(given.runInProcess("rules", "member", "家族", "ken").status == 0)
        #expect(try monthByMember(given) == ["hana": 37668], "import --member gave every line its member")
    }

    /// A member rule that arrives by sync maps the lines the importing store kept the 利用者 of, and the new members
    /// reach the other store in the same sync.
    @Test func aRuleArrivingBySyncMapsTheLinesImportedBefore() throws {
        let server = try ShippedServer()
        let helper = ChangeSyncTests()
        let (ayumi, ken) = (try helper.member(server), try helper.member(server))
        #expect(try ayumi.run("accounts", "add", "楽天カード", "--kind", "card", "--member", "ayumi").status == 0)
        #expect(try byMember(ayumi) == ["ayumi": 37668])
        _ = try helper.sync(ayumi)
        _ = try helper.sync(ken)
        // ken has the card as an account now (by sync), and maps its 家族 to himself.
        let rule = try ken.run("rules", "member", "家族", "ken", "--account", "楽天カード")
        #expect(rule.status == 0, "\(rule.stderr)")
        _ = try helper.sync(ken)
        _ = try helper.sync(ayumi)
        #expect(try monthByMember(ayumi) == ["ayumi": 33376, "ken": 4292], "the rule came, and 家族's lines are ken's")
        _ = try helper.sync(ken)
        #expect(try monthByMember(ken) == ["ayumi": 33376, "ken": 4292], "and so they are in the other store")
    }

    /// December's spending by member as the store has it now.
    func monthByMember(_ box: Sandbox) throws -> [String: Int] {
        let month = try #require(try box.runInProcess("month", "2024-12", "--by", "member", "--format", "json").json() as? [String: Any])
        let rows = try #require(month["breakdown"] as? [[String: Any]], "\(month)")
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["value"] as? String ?? "?", $0["total"] as? Int ?? 0) })
    }

    @Test func aRuleForAnAccountThatIsNotThereIsRefused() throws {
        let box = try household()
        let run = box.runInProcess("rules", "member", "本人", "yuto", "--account", "dカード")
        #expect(run.status == 1 && run.stderr.contains("dカード"), "\(run.stderr)")
    }
}
