import Foundation
import Testing

/// The committed sample household (Examples/household): it shows the whole kakeibo, and trying commands on it
/// leaves nothing git would track.
@Suite struct SampleHouseholdTests {
    /// The sample household shows what kakeibo is for: a month with income and 収支 like a two-person household's,
    /// two members who settle, payments by card, cash and IC card, budgets and a savings goal.
    @Test func theSampleHouseholdShowsTheWholeKakeibo() throws {
        let box = try Sandbox()
        let sample = Products.repository.appendingPathComponent("Examples/household").path
        func json(_ arguments: String...) throws -> [String: Any] {
            try #require(try box.run(arguments + ["--store", sample, "--format", "json"]).json() as? [String: Any])
        }
        let month = try json("month", "2024", "12")
        let total = try #require(month["total"] as? Int)
        let food = (month["breakdown"] as? [[String: Any]])?.first { $0["category"] as? String == "food" }?["total"] as? Int ?? 0
        #expect((250_000...330_000).contains(total) && (70_000...90_000).contains(food), "total \(total), food \(food)")
        #expect((month["income"] as? Int ?? 0) > total && month["balance"] as? Int == (month["income"] as? Int ?? 0) - total)
        let keys = Set((month["breakdown"] as? [[String: Any]] ?? []).compactMap { $0["category"] as? String })
        #expect(keys.isSuperset(of: ["housing", "utilities", "communication", "insurance", "transport", "daily"]))
        let settle = try json("settle", "2024-12")
        #expect((settle["members"] as? [[String: Any]])?.compactMap { $0["member"] as? String } == ["ayumi", "ken"])
        #expect((settle["unassigned"] as? [String: Any])?["count"] as? Int == 0 && (settle["transfers"] as? [Any])?.count == 1)
        let payments = try json("month", "2024", "12", "--by", "payment")
        #expect(Set((payments["breakdown"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? String }).isSuperset(of: ["カード", "現金", "Suica"]))
        let review = try box.run("review", "2024", "12", "--store", sample)
        #expect(review.status == 0 && review.stdout.contains("Savings goal ¥150,000") && !review.stdout.contains("Income ¥0"), "\(review.stdout)")
    }

    /// Trying commands on the sample household (a copy of it, here) leaves only what its .gitignore names.
    @Test func tryingTheSampleHouseholdLeavesNothingGitWouldTrack() throws {
        let box = try Sandbox()
        let sample = Products.repository.appendingPathComponent("Examples/household")
        let copy = box.root.appendingPathComponent("household")
        try FileManager.default.copyItem(at: sample, to: copy)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: copy.path))
        for arguments in [["month", "2024", "12"], ["year", "2024"], ["add", "お茶", "150", "--date", "2024-12-05"], ["undo"], ["check"]] {
            #expect(try box.run(arguments + ["--store", copy.path]).status == 0, "\(arguments)")
        }
        let ignored = try String(contentsOf: copy.appendingPathComponent(".gitignore"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.hasSuffix("/") ? String($0.dropLast()) : String($0) }
        let added = Set(try FileManager.default.contentsOfDirectory(atPath: copy.path)).subtracting(before)
        #expect(!added.isEmpty, "the add made summaries or backups")
        for name in added { #expect(ignored.contains(name), "\(name) is not ignored") }
    }
}
