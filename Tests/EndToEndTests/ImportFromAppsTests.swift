import Foundation
import Testing

/// `kakeibo import --from moneyforward|zaim` on the committed exports, through the real binary.
@Suite struct ImportFromAppsTests {
    let december = Products.fixture("moneyforward-2024-12-sjis.csv")
    let november = Products.fixture("moneyforward-2024-11-bom.csv")
    let zaim = Products.fixture("zaim-2024-12.csv")

    /// Each export's rows as "category/subcategory" by name, after importing it into a new store with no mapping file.
    func importedCategories(_ file: String) throws -> (summary: [String: Any], categories: [String: String], members: Set<String>) {
        let box = try Sandbox()
        #expect(try box.run("config", "set", "member", "ken").status == 0)
        let source = file.contains("zaim") ? "zaim" : "moneyforward"
        let run = try box.run("import", "--from", source, file, "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try box.run("month", "2024", "10", "--format", "json").json() as? [String: Any])
        let all = (json["items"] as? [[String: Any]] ?? []) + (json["incomeItems"] as? [[String: Any]] ?? [])
        var categories: [String: String] = [:]
        for item in all {
            categories[item["name"] as? String ?? ""] = "\(item["category"] as? String ?? "")/\(item["subcategory"] as? String ?? "")"
        }
        return (try #require(try run.json() as? [String: Any]), categories, Set(all.compactMap { $0["member"] as? String }))
    }

    @Test func aHouseholdsMoneyForwardExportImportsWithNoMappingFile() throws {
        let (summary, categories, members) = try importedCategories(Products.fixture("moneyforward-2024-10-household.csv"))
        #expect(summary["imported"] as? Int == 11 && (summary["skipped"] as? [String: Int])?["zero"] == 1, "the zero row is skipped")
        #expect(
            categories == [
                "家賃 11月分": "housing/rent", "東京電力": "utilities/electricity", "東京ガス": "utilities/gas", "さくらクリニック": "medical/clinic",
                "鳥貴族": "social/dining", "日本生命": "insurance/life", "ドコモ": "communication/mobile", "住民税": "taxes/tax",
                "ヨドバシカメラ": "special/appliances", "ＰＡＹＰＡＹ": "other/", "給与": "income/salary",
            ])
        #expect(members == ["ken"])
    }

    @Test func theMappingExampleInTheDocsWorks() throws {
        let page = try String(contentsOf: Products.repository.appendingPathComponent("docs/import-export.md"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix(#"    {"moneyforward": "#) })
        let example = lines[start...].prefix { !$0.isEmpty }.map { $0.dropFirst(4) }.joined(separator: "\n")
        let box = try Sandbox()
        let mapping = try box.write("mapping.json", example)
        let run = try box.run("import", "--from", "moneyforward", december, "--mapping", mapping)
        #expect(run.status == 0, "\(run.stderr)")
        let cafe = try items(box, "2024", "12").first { $0["name"] as? String == "スターバックス コーヒー" }
        #expect(cafe?["category"] as? String == "entertainment" && cafe?["subcategory"] as? String == "luxury", "the file's rule wins")
    }

    @Test func aHouseholdsZaimExportImportsWithNoMappingFile() throws {
        let (summary, categories, members) = try importedCategories(Products.fixture("zaim-2024-10-household.csv"))
        #expect(summary["imported"] as? Int == 9 && (summary["skipped"] as? [String: Int])?["zero"] == 1, "the ¥0 payment is skipped")
        #expect(
            categories == [
                "家賃": "housing/rent", "電気代": "utilities/electricity", "住民税": "taxes/tax", "電子レンジ": "special/appliances",
                "携帯": "communication/mobile", "内科": "medical/clinic", "同期会": "social/dining", "お小遣い": "allowance/",
                "給与": "income/salary",
            ])
        #expect(members == ["ken"])
    }

    func items(_ box: Sandbox, _ year: String, _ month: String) throws -> [[String: Any]] {
        let json = try #require(try box.run("month", year, month, "--format", "json").json() as? [String: Any])
        return try #require(json["items"] as? [[String: Any]])
    }

    @Test func moneyForwardShiftJISImportsEveryRowIntoTheDefaultTaxonomyAsThisMachinesMember() throws {
        let box = try Sandbox()
        #expect(try box.run("config", "set", "member", "ayumi").status == 0)
        let run = try box.run("import", "--from", "moneyforward", december, "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try run.json() as? [String: Any])
        #expect(summary["imported"] as? Int == 11 && (summary["unmapped"] as? [Any])?.isEmpty == true, "ten rows and the card's bill (a transfer)")
        let byName = Dictionary(uniqueKeysWithValues: try items(box, "2024", "12").map { ($0["name"] as? String ?? "", $0) })
        func category(_ name: String) -> String? {
            byName[name].map { "\($0["category"] as? String ?? "")/\($0["subcategory"] as? String ?? "")" }
        }
        #expect(category("家賃 12月分") == "housing/rent" && category("東京電力") == "utilities/electricity")
        #expect(category("マツモトキヨシ 返品") == "daily/", "a refund in 日用品 counts against daily goods")
        #expect(byName.values.allSatisfy { $0["member"] as? String == "ayumi" }, "imported items are this machine's member's")
    }

    @Test func withTheAppsTaxonomyUnmappedCategoriesAreFiledAndListedThenAFallbackMovesThem() throws {
        let box = try Sandbox()
        #expect(try box.run("categories", "init", "--preset", "expenselog").status == 0)
        // A category nothing maps never refuses the file: its rows are filed by rules or history, else unfiled, and listed.
        let filed = try box.run("import", "--from", "moneyforward", december)
        #expect(filed.status == 0, "\(filed.stderr)")
        #expect(filed.stdout.contains("Not in your categories: 住宅/家賃・地代, 1 row, ¥85,000 → "), "\(filed.stdout)")
        #expect(filed.stdout.contains("Not in your categories: 水道・光熱費/電気代, 1 row"))

        let first = try box.run("import", "--from", "moneyforward", december, "--category", "food", "--format", "json")
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try #require(try first.json() as? [String: Any])
        // The app's categories have no income (収入 is kakeibo's): the salary row is skipped and counted as income.
        #expect(summary["imported"] as? Int == 10, "nine expenses and the card's bill")
        #expect(summary["added"] as? Int == 0, "the rows were imported by the first run; a fallback only moves the unmapped ones")
        #expect(summary["income"] as? Int == 0)
        #expect(summary["transfers"] as? Int == 1, "the 振替 row is a transfer: kept, never spending")
        #expect(summary["rows"] as? Int == 13)
        #expect(summary["encoding"] as? String == "Shift_JIS")
        #expect(summary["source"] as? String == "moneyforward")
        #expect(summary["fallback"] as? String == "food")
        #expect(summary["shortened"] as? Int == 1)
        #expect(
            summary["skipped"] as? [String: Int] == [
                "notCounted": 1, "transfer": 0, "income": 1, "balance": 0, "zero": 1, "duplicate": 0, "mapping": 0,
            ])
        let unmapped = try #require(summary["unmapped"] as? [[String: Any]])
        #expect(unmapped.map { $0["category"] as? String } == ["住宅/家賃・地代", "水道・光熱費/電気代"])

        let stored = try items(box, "2024", "12")
        #expect(stored.count == 9)
        #expect(stored.allSatisfy { ($0["id"] as? String)?.hasPrefix("mf:mf7Qk2xA") == true })
        #expect(stored.reduce(0) { $0 + ($1["price"] as? Int ?? 0) } == 101_305)
        let byName = Dictionary(uniqueKeysWithValues: stored.map { ($0["name"] as? String ?? "", $0) })
        #expect(byName["髙島屋① 地下～惣菜"]?["price"] as? Int == 1296, "code page 932 characters survive")
        #expect(byName["スターバックス コーヒー"]?["subcategory"] as? String == "drink")
        let refund = try #require(byName["マツモトキヨシ 返品"])
        #expect(refund["price"] as? Int == -480)
        #expect(refund["category"] as? String == "entertainment" && refund["subcategory"] as? String == "goods")
        #expect(byName["すき家"]?["price"] as? Int == 1200)
        #expect(byName["ＡＭＡＺＯＮ．ＣＯ．ＪＰ マーケットプレイス ワイヤレスイヤ"] != nil, "cut to 30 characters")
        let month = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect(month["income"] as? Int == 0, "the salary row is never spending, and this taxonomy has no income")
        #expect((month["incomeItems"] as? [[String: Any]])?.isEmpty == true)

        let before = try box.snapshot()
        let again = try box.run("import", "--from", "moneyforward", december, "--category", "food")
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("Imported 10 items from MoneyForward ME (Shift_JIS): 0 new, 0 updated, 10 unchanged"))
        #expect(again.stdout.contains("Sent 2 rows of unmapped categories to Food: 住宅/家賃・地代 1, 水道・光熱費/電気代 1"))
        #expect(again.stdout.contains("Names cut to 30 characters: 1"))
        #expect(try box.snapshot() == before, "importing the same file again changes nothing")

        let moved = try box.run("import", "--from", "moneyforward", december, "--category", "entertainment", "--format", "json")
        let changed = try #require(try moved.json() as? [String: Any])
        // An import changes nothing the store has (issue 38): the two lines a new fallback would place elsewhere are shown.
        #expect(changed["updated"] as? Int == 0 && (changed["kept"] as? [Any])?.count == 2, "nothing is changed or duplicated")
        #expect(try items(box, "2024", "12").count == 9)
    }

    @Test func moneyForwardUTF8WithAByteOrderMarkAndALineBreakInAName() throws {
        let box = try Sandbox()
        let run = try box.run("import", "--from", "moneyforward", november, "--lang", "ja")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("MoneyForward ME（UTF-8）から5 件を取り込みました: 新規 5"))
        #expect(run.stdout.contains("改行などの制御文字を空白にした品名: 1 件"))
        #expect(run.stdout.contains("収入: 1 件"))
        let income = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        #expect(income["income"] as? Int == 300_000)
        #expect((income["incomeItems"] as? [[String: Any]])?.first?["subcategory"] as? String == "bonus")
        let stored = try items(box, "2024", "11")
        #expect(Set(stored.map { $0["name"] as? String ?? "" }) == ["セブン-イレブン", "ドトール 新宿店", "ENEOS", "日用品"])
        let fuel = try #require(stored.first { $0["name"] as? String == "ENEOS" })
        #expect(fuel["category"] as? String == "car" && fuel["subcategory"] as? String == "fuel")
    }

    @Test func zaimWithEveryMethodAMappingFileAndStdin() throws {
        let box = try Sandbox()
        try box.write("config/kakeibo/mapping.json", #"{"zaim": {"住まい/*": null}}"#)
        let run = try box.run("import", "--from", "zaim", zaim, "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try run.json() as? [String: Any])
        #expect(summary["imported"] as? Int == 9, "seven payments, the salary and the ATM transfer")
        #expect(summary["rows"] as? Int == 12)
        #expect(
            summary["skipped"] as? [String: Int] == [
                "notCounted": 1, "transfer": 0, "income": 0, "balance": 1, "zero": 0, "duplicate": 0, "mapping": 1,
            ])
        #expect(summary["transfers"] as? Int == 1)
        #expect((summary["unmapped"] as? [Any])?.isEmpty == true)

        let stored = try items(box, "2024", "12")
        let names = stored.map { $0["name"] as? String ?? "" }
        #expect(names.sorted() == ["\"ハリー・ポッター\" 文庫", "JR東日本", "カフェラテ", "カフェラテ", "消耗品", "牛乳", "食パン, 6枚切り"].sorted())
        let lattes = stored.filter { $0["name"] as? String == "カフェラテ" }.compactMap { $0["id"] as? String }
        #expect(lattes.count == 2 && Set(lattes).count == 2, "two identical purchases stay two items")
        #expect(stored.first { $0["name"] as? String == "\"ハリー・ポッター\" 文庫" }?["price"] as? Int == 1034)
        #expect(stored.allSatisfy { ($0["id"] as? String)?.hasPrefix("z:") == true })
        let month = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect(month["income"] as? Int == 250_000)
        #expect((month["incomeBreakdown"] as? [[String: Any]])?.first?["subcategory"] as? String == "salary", "給与所得 is salary")

        let before = try box.snapshot()
        let text = try String(contentsOfFile: zaim, encoding: .utf8)
        let again = try box.run(["import", "--from", "zaim", "-", "--format", "json"], stdin: text)
        #expect(again.status == 0, "\(again.stderr)")
        #expect((try again.json() as? [String: Any])?["unchanged"] as? Int == 9)
        #expect(try box.snapshot() == before)
    }

    @Test func mappingOptionOverridesTheConfigFileAndBadMappingsAreRefused() throws {
        let box = try Sandbox()
        try box.write("config/kakeibo/mapping.json", #"{"zaim": {"住まい/*": null}}"#)
        let own = try box.write("own.json", #"{"zaim": {"住まい/家賃": "entertainment/goods"}}"#)
        let run = try box.run("import", "--from", "zaim", zaim, "--mapping", own, "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect((try run.json() as? [String: Any])?["imported"] as? Int == 10, "the config file's null rule does not apply")

        let before = try box.snapshot()
        let bad = try box.write("bad.json", #"{"zaim": {"住まい/*": "home"}}"#)
        let cases: [([String], String)] = [
            (["--mapping", bad], "\(bad): zaim: 住まい/*: unknown category 'home'"),
            (["--mapping", box.root.appendingPathComponent("missing.json").path], "missing.json: no such mapping file"),
            (["--mapping", try box.write("broken.json", "{")], "broken.json: not valid JSON"),
        ]
        for (options, message) in cases {
            let refused = try box.run(["import", "--from", "zaim", zaim] + options)
            #expect(refused.status == 2)
            #expect(refused.stderr.contains(message), "\(refused.stderr)")
            #expect(try box.snapshot() == before)
        }
        let json = try box.write("x.json", #"[{"id":"s1","date":"20241203","name":"a","price":1,"category":0,"categorySub":1}]"#)
        let misplaced = try box.run("import", json, "--category", "food")
        #expect(misplaced.status == 2)
        #expect(
            misplaced.stderr
                == "kakeibo: option --category is for other apps' exports and statements, not kakeibo's JSON (see 'kakeibo help import')\n")
    }

    struct BadFile: CustomTestStringConvertible, Sendable {
        var name: String
        var source: String
        var bytes: [UInt8]
        var status: Int32 = 2
        var mentions: [String]
        var testDescription: String { name }
    }

    static let header = "計算対象,日付,内容,金額（円）,保有金融機関,大項目,中項目,メモ,振替,ID\r\n"
    static let goodRow = "1,2024/12/01,ローソン,-580,カード,食費,食料品,,0,a1\r\n"

    static let badFiles: [BadFile] = [
        BadFile(
            name: "binary", source: "moneyforward", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xFF],
            mentions: ["not text in UTF-8 or Shift_JIS"]),
        BadFile(name: "JSON", source: "zaim", bytes: Array(#"[{"id":"1","date":"20241201"}]"#.utf8), mentions: ["not valid CSV", "row 1"]),
        BadFile(
            name: "the other app's file", source: "zaim", bytes: Array((header + goodRow).utf8),
            mentions: ["not a Zaim export", "use --from moneyforward"]),
        BadFile(name: "empty", source: "zaim", bytes: [], mentions: ["the file is empty"]),
        BadFile(
            name: "bad date", source: "moneyforward", bytes: Array((header + goodRow + "1,2024/02/30,x,-1,c,食費,,,0,a2\r\n").utf8),
            mentions: ["row 3, column 日付", "'2024/02/30'", "29 days"]),
        BadFile(
            name: "bad amount", source: "moneyforward",
            bytes: Array((header + goodRow + goodRow.replacing("a1", with: "a2") + "1,2024/12/02,x,¥500,c,食費,,,0,a3\r\n").utf8),
            mentions: ["row 4, column 金額（円）", "'¥500'"]),
        BadFile(
            name: "short row", source: "moneyforward", bytes: Array((header + "1,2024/12/01,x,-1\r\n").utf8),
            mentions: ["row 2 has 4 fields; the header has 10"]),
        BadFile(
            name: "unclosed quote", source: "moneyforward", bytes: Array((header + goodRow + "1,2024/12/02,\"open,-1,c,食費,,,0,a2\r\n").utf8),
            mentions: ["row 3: a quoted field is never closed"]),
        BadFile(
            name: "escape in a bad value", source: "moneyforward", bytes: Array((header + "1,\u{1B}[2J,x,-1,c,食費,,,0,a2\r\n").utf8),
            mentions: ["\\u{1B}[2J"]),
    ]

    @Test(arguments: badFiles) func aBadFileImportsNothingAndSaysWhereItIsBad(_ file: BadFile) throws {
        let box = try Sandbox()
        _ = try box.add("既存", 100, date: "2024-12-01")
        let before = try box.snapshot()
        let path = try box.write("in.csv", bytes: file.bytes)
        let run = try box.run("import", "--from", file.source, path, "--category", "food")
        #expect(run.status == file.status)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("kakeibo: \(path): nothing imported: "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!run.stderr.contains("\u{1B}"))
        for text in file.mentions { #expect(run.stderr.contains(text), "\(run.stderr)") }
        #expect(!run.signalled)
        #expect(try box.snapshot() == before)
    }

    @Test func unknownSourcesAndMissingFiles() throws {
        let box = try Sandbox()
        let unknown = try box.run("import", "--from", "freee", "x.csv")
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "kakeibo: --from must be one of kakeibo, server, moneyforward, zaim, rakuten-card, smbc-vpass, paypay, yucho, felica, statement, got 'freee'\n"
        )
        let missing = try box.run("import", "--from", "zaim", "/nonexistent/Zaim.csv")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/Zaim.csv"))
    }

    /// `kakeibo` alone (installed without the companion, outside a build directory) reads its own JSON and another
    /// app's Shift_JIS export; only sync needs the companion, and the message says the command that installs it there.
    @Test func everyImportRunsInKakeiboAloneAndSyncNeedsTheCompanionBesideIt() throws {
        let box = try Sandbox()
        let alone = box.root.appendingPathComponent("bin/kakeibo")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Copied by `cp`, not in this process (see Sandbox.writeExecutable: "Text file busy").
        let copy = try Sandbox.launch(URL(fileURLWithPath: "/bin/cp"), [Products.kakeibo.path, alone.path], environment: box.baseEnvironment)
        #expect(copy.status == 0, "\(copy.stderr)")
        let wire = try box.write("in.json", #"[{"id":"s1","date":"20241203","name":"コーヒー","price":178,"category":0,"categorySub":1}]"#)
        let plain = try Sandbox.launch(alone, ["import", wire], environment: box.baseEnvironment)
        #expect(plain.status == 0, "\(plain.stderr)")
        let help = try Sandbox.launch(alone, ["help", "import"], environment: box.baseEnvironment)
        #expect(help.status == 0 && help.stdout.contains("moneyforward|zaim"))
        for arguments in [
            ["import", "--from", "zaim", zaim], ["import", zaim, "--dry-run"], ["import", Products.fixture("moneyforward-2024-12-sjis.csv")],
        ] {
            let run = try Sandbox.launch(alone, arguments, environment: box.baseEnvironment)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        for arguments in [["sync"]] {
            let run = try Sandbox.launch(alone, arguments, environment: box.baseEnvironment)
            #expect(run.status == 1)
            let directory = alone.deletingLastPathComponent().path
            #expect(run.stderr.contains("cannot run \(directory)/kakeibo-companion (No such file or directory)"), "\(run.stderr)")
            #expect(run.stderr.contains("which must be installed beside it: from kakeibo's source, run scripts/install \(directory)\n"))
            #expect(run.stdout.isEmpty && run.stderr.split(separator: "\n").count == 1)
        }
    }
}
