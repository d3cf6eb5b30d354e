import Foundation
import Testing

/// The seams two members met in their first month with kakeibo (issue 32), each as the command line shows it.
@Suite struct FirstMonthSeamsTests {
    /// `find --min 3000 --max 3000` looks for an amount, with no text: the first thing one does when a number looks
    /// doubled.
    @Test func findSearchesByItsOptionsAlone() throws {
        let box = try Sandbox()
        _ = try box.add("ケーキ", 3000, date: "2024-11-21")
        _ = try box.add("ケーキ", 3000, date: "2024-10-02")
        _ = try box.add("パン", 300, date: "2024-11-21")
        let amount = try box.run("find", "--min", "3000", "--max", "3000", "--format", "json")
        #expect(amount.status == 0, "\(amount.stderr)")
        let json = try #require(try amount.json() as? [String: Any])
        #expect(json["count"] as? Int == 2 && json["query"] as? String == "")
        let november = try box.run("find", "--from", "2024-11", "--to", "2024-11")
        #expect(november.status == 0 && november.stdout.contains("パン") && !november.stdout.contains("2024-10-02"), "\(november.stdout)")
        let none = try box.run("find", "--min", "9000")
        #expect(none.status == 0 && none.stdout == "Nothing matches\n", "\(none.stdout)")
        let bare = try box.run("find")
        #expect(bare.status == 2 && bare.stderr.contains("TEXT"), "no text and no option still asks for TEXT")
    }

    /// A salary is listed under the income as a purchase is under the spending, and `--category income` shows the
    /// income items as any other category's (a household found its salaries only with `find 給与`).
    @Test func monthListsIncomeItemsAndTheIncomeCategoryShowsThem() throws {
        let box = try Sandbox()
        #expect(try box.run("categories", "init", "--preset", "household").status == 0)
        _ = try box.add("給与", 250_000, date: "2024-11-25", category: "income")
        _ = try box.add("パン", 300, date: "2024-11-21")
        let month = try box.run("month", "2024", "11")
        #expect(month.status == 0)
        let lines = month.lines
        let balance = try #require(lines.firstIndex { $0.hasPrefix("Income ¥250,000") }, "\(month.stdout)")
        let salary = try #require(lines.firstIndex { $0.contains("給与") && $0.contains("¥250,000") }, "\(month.stdout)")
        let bread = try #require(lines.firstIndex { $0.contains("パン") }, "\(month.stdout)")
        #expect(balance < salary && salary < bread, "the salary under the income, before the spending's items: \(month.stdout)")
        let income = try box.run("month", "2024", "11", "--category", "income")
        #expect(income.status == 0 && income.stdout.contains("給与") && income.stdout.contains("Total ¥250,000 · 1 item"), "\(income.stdout)")
        #expect(!income.stdout.contains("No data"), "\(income.stdout)")
    }
}
