import Foundation
import Testing

/// A day counted from November 1, 2024 as KAKEIBO_NOW, 09:00 UTC (day 31 is December 1).
func november(_ day: Int) -> String {
    let first = ISO8601DateFormatter().date(from: "2024-11-01T09:00:00Z")!
    return ISO8601DateFormatter().string(from: first.addingTimeInterval(Double(day - 1) * 86_400))
}

/// A fixed cost's posting deleted on the day it came is skipped: daily posts (cron) never bring it back that month,
/// and the skip travels with the household's fixed costs to the other member.
@Suite struct FixedSkipTests {
    /// The cron case: `fixed post` runs every day of November and December; the phone bill's posting, deleted on the
    /// day it came (Zaim already had it), is never posted again that month, December's posts as usual, and
    /// `fixed list` says which month was skipped.
    @Test func aDeletedFixedPostingStaysDeletedThroughAMonthOfDailyPosts() throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2024-11-01T09:00:00Z"
        #expect(try box.run("fixed", "add", "携帯電話", "2970", "--day", "24").status == 0)
        #expect(try box.run("fixed", "add", "家賃", "85000", "--day", "27").status == 0)
        var posts: [String] = []
        for day in 1...61 {
            box.environment["KAKEIBO_NOW"] = november(day)
            let post = try box.run("fixed", "post")
            #expect(post.status == 0, "\(post.stderr)")
            posts += post.lines.filter { !$0.isEmpty }
            if day == 24 {
                #expect(post.stdout.contains("fixed-0d934b28-2024-11"), "\(post.stdout)")
                let deleted = try box.run("delete", "fixed-0d934b28-2024-11")
                #expect(deleted.status == 0 && deleted.stdout.contains("携帯電話 is skipped in 2024-11"), "\(deleted.stdout)\(deleted.stderr)")
            }
        }
        #expect(posts.count == 4, "Nov: phone, rent; Dec: phone, rent: \(posts)")
        #expect(posts.filter { $0.contains("携帯電話") }.map { $0.contains("2024-11-24") || $0.contains("2024-12-24") } == [true, true])
        let november = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        #expect((november["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["家賃"], "the phone bill stays deleted")
        let list = try box.run("fixed", "list").stdout
        #expect(list.contains("↳ skipped in 2024-11"), "\(list)")
        // Skipped ahead of time: December's rent is not posted, and undo takes the skip back.
        box.environment["KAKEIBO_NOW"] = "2025-01-02T09:00:00Z"
        let skip = try box.run("fixed", "skip", "家賃", "2025-01")
        #expect(skip.status == 0 && skip.stdout.contains("家賃 is skipped in 2025-01"), "\(skip.stdout)\(skip.stderr)")
        box.environment["KAKEIBO_NOW"] = "2025-01-28T09:00:00Z"
        #expect(try box.run("fixed", "post").stdout.contains("家賃") == false)
        #expect(try box.run("fixed", "skip", "家賃", "2025-13").status == 2)
        #expect(try box.run("fixed", "skip", "電気", "2025-01").status == 1)
    }

    /// The skip is the household's: it travels in the fixed costs with `sync`, so the other member's daily post
    /// doesn't bring the deleted posting back either.
    @Test func aSkippedPostingTravelsToTheOtherMember() throws {
        let server = try ShippedServer()
        let helper = ChangeSyncTests()
        let (a, b) = (try helper.member(server), try helper.member(server))
        for box in [a, b] { box.environment["KAKEIBO_NOW"] = "2024-11-25T09:00:00Z" }
        #expect(try a.run("fixed", "add", "携帯電話", "2970", "--day", "24").status == 0)
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try b.run("fixed", "post").stdout.contains("携帯電話"))
        _ = try helper.sync(b)
        _ = try helper.sync(a)
        #expect(try a.run("delete", "fixed-0d934b28-2024-11").status == 0)
        _ = try helper.sync(a)
        let took = try helper.sync(b)
        #expect(took["settingsReceived"] as? [String] == ["fixed-costs"], "\(took)")
        #expect(try b.run("fixed", "post").stdout == "", "b's cron posts nothing again")
        #expect(try b.run("fixed", "list").stdout.contains("skipped in 2024-11"))
    }
}
