import Foundation
import Testing

/// A mistyped command, option or category gets the nearest suggestion in one line; a subcategory alone is enough
/// when only one category has it.
@Suite struct SuggestionTests {
    @Test(arguments: [
        (["mnth"], "did you mean 'month'?"),
        (["month", "--categroy", "food"], "did you mean '--category'?"),
        (["add", "a", "1", "--category", "good"], "did you mean entertainment/goods (娯楽費/雑貨（アプリ）)?"),
        (["add", "a", "1", "--category", "娯楽"], "did you mean entertainment (娯楽費)?"),
        (["add", "お米", "5kg", "2,480"], #"kakeibo add "お米 5kg" 2,480"#),
    ])
    func mistakesGetTheNearestSuggestion(arguments: [String], mentions: String) throws {
        let box = try Sandbox()
        let run = box.runInProcess(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(mentions), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aSubcategoryAloneIsEnoughWhenOnlyOneCategoryHasIt() throws {
        let box = try Sandbox()
        let run = box.runInProcess("add", "お茶", "150", "--category", "drink", "--date", "2024-12-03")
        #expect(run.status == 0)
        #expect(run.stdout.contains("Food › Drink"))
    }
}
