import Foundation
import Testing

/// Importing a file again changes nothing the user changed (issue 38): an edited line keeps the user's name, price,
/// category and memo (the file's values are shown, not applied), a line `unmerge` split stays apart, and a deleted
/// or moved line is not brought back.
@Suite struct ReimportKeepsUserChangesTests {
    static let lunch = "z:a8f708c8f0539e6f-1"

    func item(_ box: Sandbox, _ id: String, _ year: String = "2024", _ month: String = "11") throws -> [String: Any]? {
        let json = try #require(try box.run("month", year, month, "--format", "json").json() as? [String: Any])
        return (json["items"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    @Test func anEditedLineKeepsTheUsersValuesAndTheFilesAreShown() throws {
        let box = try WholeHousehold.store()
        try WholeHousehold.expectSuccess(
            box, ["edit", Self.lunch, "--name", "社食", "--price", "950", "--memo", "会社で", "--category", "food/grocery"])
        let edited = try #require(try item(box, Self.lunch))
        let again = try box.run("import", "--from", "zaim", WholeHousehold.path("ken-zaim-2024-11.csv"))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 updated") && again.stdout.contains("name ランチ (yours 社食), price ¥900 (yours ¥950)"), "\(again.stdout)")
        let kept = try #require(try item(box, Self.lunch))
        #expect(NSDictionary(dictionary: kept) == NSDictionary(dictionary: edited), "\(kept)")
    }

    @Test func aSplitLineStaysApart() throws {
        let box = try WholeHousehold.store()
        try WholeHousehold.expectSuccess(box, ["unmerge", "mf:mfNov24E2"])
        let split = try WholeHousehold.month(box)
        #expect(split[0] == 150_650 + 3_280, "the split line counts on its own")
        let again = try box.run("import", "--from", "moneyforward", WholeHousehold.path("ayumi-moneyforward-2024-11.csv"))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try WholeHousehold.month(box) == split, "not merged again")
        #expect(try item(box, "mf:mfNov24E2") != nil)
    }

    @Test func aDeletedOrMovedLineIsNotBroughtBack() throws {
        let box = try WholeHousehold.store()
        try WholeHousehold.expectSuccess(box, ["delete", Self.lunch])
        try WholeHousehold.expectSuccess(box, ["edit", "rc:62fdba317c0a0f57", "--date", "2024-12-01"])
        let before = try WholeHousehold.month(box)
        #expect(before[0] == 150_650 - 900 - 3_280, "the lunch deleted, the ¥3,280 purchase moved to December with its lines")
        for (format, path) in try WholeHousehold.files() {
            let again = try box.run("import", "--from", format, path)
            #expect(again.status == 0, "\(path): \(again.stderr)")
        }
        #expect(try WholeHousehold.month(box) == before)
        #expect(try item(box, Self.lunch) == nil && item(box, "rc:62fdba317c0a0f57") == nil)
        #expect(try item(box, "rc:62fdba317c0a0f57", "2024", "12") != nil, "where the user moved it")
        let zaim = try box.run("import", "--from", "zaim", WholeHousehold.path("ken-zaim-2024-11.csv"))
        #expect(zaim.stdout.contains("Not brought back: 1 line you deleted or moved to another month"), "\(zaim.stdout)")
    }
}
