import Foundation
import KakeiboKit
import Testing

/// A review note is the household's: it syncs to the other member, a note both changed is a conflict, and a year
/// of notes stays within what the server keeps in one setting.
@Suite struct ReviewNoteSyncTests {
    /// A review note is the household's (it stayed on the machine that wrote it: "メモはまだありません" on the other's):
    /// sync takes it to the other member; notes on different months of one year both stay; one month's note changed
    /// by both is a conflict, settled either way; and years of notes, more than one request carries, all arrive.
    @Test func reviewNotesAreTheHouseholdsAndSync() throws {
        let server = try ShippedServer()
        let helper = ChangeSyncTests()
        let (a, b) = (try helper.member(server), try helper.member(server))
        func note(_ box: Sandbox, _ month: String) throws -> String? {
            (try box.run("review", month, "--format", "json").json() as? [String: Any])?["note"] as? String
        }
        #expect(try a.run("review", "2024-11", "--note", "外食が多かった").status == 0)
        _ = try helper.sync(a)
        let took = try helper.sync(b)
        #expect(took["settingsReceived"] as? [String] == ["notes-2024"], "\(took)")
        #expect(try note(b, "2024-11") == "外食が多かった")
        // Different months of one year, by each member: both stay, no conflict.
        #expect(try a.run("review", "2024-10", "--note", "a の 10 月").status == 0)
        #expect(try b.run("review", "2024-12", "--note", "b の 12 月").status == 0)
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        _ = try helper.sync(a)
        for box in [a, b] {
            #expect(try [note(box, "2024-10"), note(box, "2024-11"), note(box, "2024-12")] == ["a の 10 月", "外食が多かった", "b の 12 月"])
        }
        // One month's note changed by both: a conflict, neither overwritten, settled either way.
        #expect(try a.run("review", "2024-11", "--note", "A: 外食を減らす").status == 0)
        #expect(try b.run("review", "2024-11", "--note", "B: 自炊を増やす").status == 0)
        #expect(try b.run("review", "2024-10", "--note", "b も 10 月").status == 0)
        _ = try helper.sync(a)
        let conflicted = try b.run("sync", "--format", "json")
        #expect(conflicted.status == 4)
        #expect((try conflicted.json() as? [String: Any])?["settingConflicts"] as? [String] == ["notes-2024"], "\(conflicted.stdout)")
        let shown = try b.run("conflicts").stdout
        #expect(shown.contains("2024-11 B: 自炊を増やす") && shown.contains("2024-11 A: 外食を減らす"), "\(shown)")
        #expect(try note(b, "2024-11") == "B: 自炊を増やす", "neither side was overwritten")
        #expect(try b.run("resolve", "notes-2024", "theirs").status == 0)
        #expect(try [note(b, "2024-10"), note(b, "2024-11")] == ["b も 10 月", "A: 外食を減らす"], "only the month both changed took theirs")
        _ = try helper.sync(b)
        _ = try helper.sync(a)
        #expect(try [note(a, "2024-10"), note(a, "2024-11")] == ["b も 10 月", "A: 外食を減らす"])
        #expect(try b.run("conflicts").stdout == "No conflicts\n")
        // Years of notes: a year to a setting, 25 of them, more than the server takes in one request.
        for year in 2000...2023 { #expect(try a.run("review", "\(year)-03", "--note", "\(year) 年の春").status == 0) }
        _ = try helper.sync(a)
        let c = try helper.member(server)
        let all = try helper.sync(c)
        #expect((all["settingsReceived"] as? [String])?.count == 25, "\(all)")
        #expect(try [note(c, "2000-03"), note(c, "2023-03"), note(c, "2024-11")] == ["2000 年の春", "2023 年の春", "A: 外食を減らす"])
    }

    /// A year of notes syncs as one setting, so a note that would make its year longer than the server keeps is
    /// refused when it is written, not by every sync after.
    @Test func aYearOfNotesStaysWithinTheServersLimitOnASetting() throws {
        let box = try Sandbox()
        let quoted = String(repeating: "\"", count: 2000) // 4,000 as JSON writes it
        for month in 1...11 { #expect(try box.run("review", "2024-\(pad2(month))", "--note", quoted).status == 0) }
        let refused = try box.run("review", "2024-12", "--note", quoted)
        #expect(refused.status == 2 && refused.stderr.contains("more than the household server keeps for a year (45000)"), "\(refused.stderr)")
        #expect(try box.run("review", "2025-01", "--note", quoted).status == 0, "another year is another setting")
    }
}
