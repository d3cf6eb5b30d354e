import Foundation
import Testing

/// `--layout-init` guesses like a person (issue 39): for each reconstructed download of Tests/Fixtures/downloads2,
/// the layout it writes, with no edit but its name and account, imports the file to the totals its service shows —
/// the amount charged over a list price, money out and in by more names, a date across three columns, the rows a
/// column's words make refunds, transfers or set aside.
@Suite struct LayoutGuessTotalsTests {
    nonisolated(unsafe) static let downloads = DownloadsFolder("Tests/Fixtures/downloads2")

    /// Every file, SBI新生銀行's too: its 振込手数料 given back is told by its pairing with the fee paid (money in with
    /// the words and the amount of money out).
    static var files: [String] { downloads.expected.keys.filter { $0.hasSuffix(".csv") }.sorted() }

    @Test func everyDownloadIsGuessed() { #expect(Self.files.count == 35) }

    @Test(arguments: files)
    func theGuessedLayoutImportsTheFileToItsTotals(name: String) throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2026-01-01T09:00:00Z"
        let guess = try box.run("import", "--layout-init", Self.downloads.path(name))
        #expect(guess.status == 0, "\(name): \(guess.stderr)")
        var layout = try #require(try JSONSerialization.jsonObject(with: Data(guess.stdout.utf8)) as? [String: Any])
        layout["name"] = "guessed"
        layout["account"] = "口座"
        let file = box.root.appendingPathComponent("guessed.json")
        try JSONSerialization.data(withJSONObject: layout).write(to: file)
        let run = try box.run("import", "--layout", file.path, Self.downloads.path(name))
        #expect(run.status == 0, "\(name): \(run.stderr)")
        let entry = try #require(Self.downloads.expected[name])
        let spending = (entry["withdrawalsByMonth"] as? [String: Int]) ?? (entry["byMonth"] as? [String: Int]) ?? [:]
        #expect(!spending.isEmpty)
        for (month, want) in spending {
            let parts = month.split(separator: "-").map(String.init)
            let json = try #require(try box.run("month", parts[0], parts[1], "--format", "json").json() as? [String: Any])
            #expect(json["total"] as? Int == want, "\(name) \(month)")
        }
    }
}
