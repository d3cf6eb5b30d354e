import Foundation
import Testing

/// `kakeibo import FILE…` with no `--from`, through the real binaries: `kakeibo` finds each file's format from its
/// first bytes and reads it, in `kakeibo` itself; `--from` still forces one.
@Suite struct ImportFormatTests {
    /// Every fixture kakeibo reads, with the format its import names (none for JSON) and the items it adds (an app's
    /// 振替 row, PayPay's チャージ and ゆうちょ's deposit among them: a transfer or income, kept as a line).
    static let files: [(name: String, source: String?, items: Int)] = [
        ("kakeibo-2024-12-with-settings.json", nil, 3), ("household-server-2024-12.json", nil, 3),
        ("moneyforward-2024-10-household.csv", "moneyforward", 11), ("moneyforward-2024-11-bom.csv", "moneyforward", 5),
        ("moneyforward-2024-12-sjis.csv", "moneyforward", 11), ("zaim-2024-10-household.csv", "zaim", 9), ("zaim-2024-12.csv", "zaim", 10),
        ("rakuten-2024-12-bom.csv", "rakuten-card", 7), ("rakuten-2024-12-sjis.csv", "rakuten-card", 7),
        ("vpass-2024-12-sjis.csv", "smbc-vpass", 5), ("paypay-2024-12.csv", "paypay", 5), ("yucho-2024-12-sjis.csv", "yucho", 4),
    ]

    @Test(arguments: files.map(\.name)) func everyFormatIsFoundFromTheFile(name: String) throws {
        let expected = try #require(Self.files.first { $0.name == name })
        let box = try Sandbox()
        // Where no rule files an app's category or a shop, `--category` does (kakeibo's JSON has its own).
        let category = expected.source == nil ? [] : ["--category", "other"]
        let run = try box.run(["import", Products.fixture(name), "--format", "json"] + category)
        #expect(run.status == 0, "\(name): \(run.stderr)")
        let summary = try #require(try run.json() as? [String: Any])
        #expect(summary["source"] as? String == expected.source, "\(name)")
        #expect(summary["added"] as? Int == expected.items, "\(name): \(summary)")
    }

    @Test func anUnknownFileSaysWhatWasTriedAndTheWayForward() throws {
        let box = try Sandbox()
        let unknown = Products.fixture("unknown-statement.csv")
        for language in ["en", "ja"] {
            let run = try box.run("import", unknown, "--lang", language)
            #expect(run.status == 2)
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            // No detector knows it, so the statements' readers and the layouts are tried, and the message says what to do.
            for word in ["moneyforward", "zaim", "rakuten-card", "paypay", "yucho", "--layout-init", "docs/statements.md#layouts"] {
                #expect(run.stderr.contains(word), "\(language): \(word)")
            }
        }
        #expect(try box.snapshot().isEmpty, "nothing written")
    }

    /// Files of any formats go in together, as one change: a statement and an app's export are read before either
    /// is written.
    @Test func severalFilesOfAnyFormatsAreImportedTogether() throws {
        let box = try Sandbox()
        let statements = ["rakuten-2024-12-sjis.csv", "paypay-2024-12.csv", "yucho-2024-12-sjis.csv"].map(Products.fixture)
        let run = try box.run(["import"] + statements + ["--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect((try run.json() as? [String: Any])?["added"] as? Int == 7 + 5 + 4)
        let before = try box.snapshot()
        let mixed = try box.run("import", Products.fixture("vpass-2024-12-sjis.csv"), Products.fixture("zaim-2024-12.csv"), "--category", "other")
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(try box.snapshot() != before)
    }

    /// `--from` forces a format; stdin's is found from what is read, as a file's (a CSV on stdin was refused while
    /// CSV files were read in another binary), or forced.
    @Test func fromForcesAFormatAndStdinIsFoundLikeAFile() throws {
        let box = try Sandbox()
        let forced = try box.run("import", "--from", "zaim", Products.fixture("moneyforward-2024-12-sjis.csv"))
        #expect(forced.status == 2)
        #expect(forced.stderr.contains("not a Zaim export"), "\(forced.stderr)")
        let text = try String(contentsOfFile: Products.fixture("paypay-2024-12.csv"), encoding: .utf8)
        let piped = try box.run(["import", "-", "--format", "json"], stdin: text)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect((try piped.json() as? [String: Any])?["added"] as? Int == 5, "four purchases and the チャージ")
        let told = try Sandbox().run(["import", "--from", "paypay", "-", "--format", "json"], stdin: text)
        #expect(told.status == 0, "\(told.stderr)")
        #expect((try told.json() as? [String: Any])?["added"] as? Int == 5, "the same, told")
        let other = try Sandbox()
        let shiftJIS = try Sandbox.launch(
            Products.kakeibo, ["import", "-", "--category", "other"], environment: other.baseEnvironment,
            stdin: try Data(contentsOf: URL(fileURLWithPath: Products.fixture("moneyforward-2024-12-sjis.csv"))))
        #expect(shiftJIS.status == 0, "Shift_JIS on stdin: \(shiftJIS.stderr)")
        #expect(shiftJIS.stdout.contains("Imported 11 items from MoneyForward ME (Shift_JIS)"), "\(shiftJIS.stdout)")
        let nothing = try Sandbox().run(["import", "-"], stdin: "x,y\n1,2\n")
        #expect(nothing.status == 2)
        #expect(nothing.stderr.hasPrefix("kakeibo: stdin: nothing imported: not a format kakeibo finds from the file"), "\(nothing.stderr)")
        let statementOnly = try box.run("import", "--from", "statement", Products.fixture("zaim-2024-12.csv"))
        #expect(statementOnly.status == 2)
        #expect(statementOnly.stderr.contains("--from statement, but it is Zaim's CSV export, not a statement"))
    }

    /// Several files of kakeibo's JSON are read together and written as one change, each said in one line (they
    /// were refused with "this command runs in kakeibo-companion" while other files were read in another binary).
    @Test func severalFilesOfJSONImportTogetherEachSaidOnce() throws {
        let box = try Sandbox()
        let first = try box.write("a.json", #"[{"id":"s1","date":"20241203","name":"コーヒー","price":178,"category":0,"categorySub":1}]"#)
        let second = try box.write("b.json", #"[{"id":"s2","date":"20241204","name":"パン","price":200,"category":0,"categorySub":1}]"#)
        let run = try box.run("import", first, second)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == "Imported 1 item: 1 new, 0 updated, 0 unchanged, in 1 month\n"
                + "Imported 1 item: 1 new, 0 updated, 0 unchanged, in 1 month\n")
        let month = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect(month["total"] as? Int == 378)
    }
}
