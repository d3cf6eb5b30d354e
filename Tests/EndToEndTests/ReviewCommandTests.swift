import Foundation
import Testing

/// `review` with its note, run through the real binary (the clock is 2024-12-15: November is finished, December is
/// not).
@Suite struct ReviewCommandTests {
    @Test func reviewAnswersTheFourQuestionsAndKeepsTheNote() throws {
        let box = try Sandbox.incomeAndSpending()
        _ = try box.run("budget", "set", "food", "1000")
        let saved = try box.run("review", "2024", "11", "--note", "外食を減らせた\n来月は光熱費", "--lang", "ja")
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stderr == "kakeibo: 2024-11 のメモを保存しました\n")
        for heading in ["1. 収入はいくらだったか", "2. いくら貯めたかったか", "3. いくら使ったか", "4. どうすれば改善できるか", "外食を減らせた\n来月は光熱費"] {
            #expect(saved.stdout.contains(heading), "\(heading)")
        }
        let json = try #require(try box.run("review", "2024-11", "--format", "json").json() as? [String: Any])
        #expect(json["income"] as? Int == 300_000 && json["spending"] as? Int == 3_000 && json["balance"] as? Int == 297_000)
        #expect(json["note"] as? String == "外食を減らせた\n来月は光熱費")
        let rows = try #require(json["categories"] as? [[String: Any]])
        #expect(rows.map { $0["category"] as? String } == ["food", "entertainment"], "food changed by 3,000, entertainment by 1,000")
        #expect(rows[0]["previous"] as? Int == 5_000 && rows[0]["budget"] as? Int == 1_000 && rows[0]["over"] as? Bool == true)
        let added = try #require(try box.run("add", "賞与", "1000", "--income", "--date", "2024-11-30", "--format", "json").json() as? [String: Any])
        #expect(added["category"] as? String == "income" && added["subcategory"] as? String == "salary", "--income alone is income/salary")
        let last = try #require(try box.run("review", "--format", "json").json() as? [String: Any])
        #expect(last["month"] as? Int == 11, "without a month, the one just finished")
    }

    /// The review follows a month that starts on payday, as `month` does: the same days, and the month before
    /// under the same start day.
    @Test func reviewFollowsTheMonthStart() throws {
        let box = try Sandbox.incomeAndSpending()
        _ = try box.add("本", 700, date: "2024-11-26", category: "entertainment")
        _ = try box.add("茶", 300, date: "2024-10-30", category: "food")
        let review = try #require(
            try box.run("review", "2024", "11", "--month-start", "25", "--format", "json").json() as? [String: Any])
        let month = try #require(try box.run("month", "2024", "11", "--month-start", "25", "--format", "json").json() as? [String: Any])
        #expect(review["first"] as? String == "2024-11-25" && review["last"] as? String == "2024-12-24")
        #expect(review["spending"] as? Int == month["total"] as? Int)
        #expect(review["spending"] as? Int == 700)
        #expect(review["income"] as? Int == 300_000)
        // October 25 – November 24: 300 (Oct 30) + 2,000 + 1,000.
        let total = try #require(review["total"] as? [String: Any])
        #expect(total["previous"] as? Int == 3_300)
        let table = try box.run("review", "2024", "11", "--month-start", "25", "--lang", "en").stdout
        #expect(table.contains("(2024-11-25 – 2024-12-24)"))
    }
}
