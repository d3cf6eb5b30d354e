import Foundation
import Testing

/// `undo` puts back the newest change whatever store file it touched: budgets, fixed costs and notes as well as items.
@Suite struct UndoStoreFilesTests {
    func contents(_ box: Sandbox, _ name: String) -> Data? {
        FileManager.default.contents(atPath: box.store.appendingPathComponent(name).path)
    }

    @Test func undoingABudgetSetPutsTheEarlierBudgetBackAndLeavesTheItemsAlone() throws {
        let box = try Sandbox()
        _ = try box.add("お米", 3_000, date: "2024-12-01", category: "food/grocery")
        let items = contents(box, "2024-12.json")
        #expect(try box.run("budget", "set", "food", "1000").status == 0)
        let first = contents(box, "budgets.json")
        #expect(try box.run("budget", "set", "food", "2000").status == 0)
        let undo = try box.run("undo")
        #expect(undo.status == 0)
        #expect(undo.stdout.contains("budget set") && undo.stdout.contains("budgets.json"))
        #expect(contents(box, "budgets.json") == first)
        #expect(try box.run("budget", "list").stdout.contains("1,000"))
        #expect(contents(box, "2024-12.json") == items)
    }

    @Test func undoAfterAnAddThenABudgetSetUndoesTheBudgetFirstThenTheAdd() throws {
        let box = try Sandbox()
        _ = try box.add("お米", 3_000, date: "2024-12-01", category: "food/grocery")
        #expect(try box.run("budget", "set", "food", "1000").status == 0)
        let listed = try box.run("backups")
        #expect(listed.stdout.contains("budget set"))
        let json = try #require(try box.run("backups", "--format", "json").json() as? [String: Any])
        let newest = try #require((json["backups"] as? [[String: Any]])?.first)
        #expect(newest["operation"] as? String == "budget set")
        #expect((newest["files"] as? [[String: Any]])?.first?["file"] as? String == "budgets.json")
        #expect(try box.run("undo").status == 0)
        #expect(contents(box, "budgets.json") == nil)
        #expect(contents(box, "2024-12.json") != nil)
        #expect(try box.run("undo").status == 0)
        #expect(contents(box, "2024-12.json") == nil)
        #expect(try box.run("check").status == 0)
    }

    @Test func undoingAFixedAddLeavesNoFixedCost() throws {
        let box = try Sandbox()
        #expect(try box.run("fixed", "add", "家賃", "85,000", "--day", "27").status == 0)
        #expect(try box.run("undo").status == 0)
        #expect(!(try box.run("fixed", "list").stdout.contains("家賃")))
    }

    @Test func undoingAReviewNoteLeavesNoNote() throws {
        let box = try Sandbox()
        #expect(try box.run("review", "2024", "11", "--note", "x").status == 0)
        #expect(contents(box, "notes.json") != nil)
        #expect(try box.run("undo").status == 0)
        #expect(contents(box, "notes.json") == nil)
        #expect(!(try box.run("review", "2024", "11").stdout.contains("x\n")))
    }

    @Test func aBudgetFileChangedByHandSinceIsRefusedAndLeftAlone() throws {
        let box = try Sandbox()
        #expect(try box.run("budget", "set", "food", "1000").status == 0)
        #expect(try box.run("budget", "set", "food", "2000").status == 0)
        let path = box.store.appendingPathComponent("budgets.json")
        var edited = try #require(contents(box, "budgets.json"))
        edited.append(contentsOf: Array(" ".utf8))
        try edited.write(to: path)
        let undo = try box.run("undo")
        #expect(undo.status == 1)
        #expect(undo.stderr.contains("budgets.json has changed since"))
        #expect(contents(box, "budgets.json") == edited)
    }
}
