import Foundation
import Testing

/// `kakeibo find` as a user runs it: by its options alone, with no text.
@Suite struct FindCommandTests {
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
}
