import Foundation
import Testing

/// Tags as a person uses them: `--tag` on add, edit, rules and import; `month`/`year --by tag`, `find --tag`; tags
/// in JSON, CSV and the ledger export; and both sync protocols carrying them (`tax medical`'s tag: TaxCommandTests).
@Suite struct TagCommandTests {
    /// August 2024: a trip home (旅行, 帰省), a taxi to the clinic tagged 医療, and an untagged loaf.
    func household() throws -> Sandbox {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2025-02-10T09:00:00Z"
        for arguments in [
            ["categories", "init", "--preset", "household"],
            ["add", "新幹線", "14000", "--date", "2024-08-10", "--category", "transport", "--tag", "＃旅行", "--tag", "帰省"],
            ["add", "駅弁", "1200", "--date", "2024-08-10", "--category", "food", "--tag", "#旅行"],
            ["add", "タクシー", "2000", "--date", "2024-08-12", "--category", "transport", "--tag", "医療"],
            ["add", "パン", "300", "--date", "2024-08-12", "--category", "food"],
        ] {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        return box
    }

    func items(_ box: Sandbox, _ month: [String] = ["2024", "8"]) throws -> [[String: Any]] {
        let json = try #require(try box.run(["month"] + month + ["--format", "json"]).json() as? [String: Any])
        return try #require(json["items"] as? [[String: Any]])
    }

    func tags(_ box: Sandbox, _ name: String) throws -> [String]? {
        try items(box).first { $0["name"] as? String == name }?["tags"] as? [String]
    }

    func id(_ box: Sandbox, _ name: String) throws -> String {
        try #require(try items(box).first { $0["name"] as? String == name }?["id"] as? String)
    }

    @Test func addAndEditTagsAsPeopleTypeThem() throws {
        let box = try household()
        #expect(try tags(box, "新幹線") == ["旅行", "帰省"])
        #expect(try tags(box, "パン") == [], "JSON always has the key; an untagged item an empty array")
        let bento = try id(box, "駅弁")
        #expect(try box.run("edit", bento, "--tag", "旅行", "--tag", "Ｆｏｏｄ").status == 0)
        #expect(try tags(box, "駅弁") == ["旅行", "Ｆｏｏｄ"], "旅行 once; the first spelling kept")
        #expect(try box.run("edit", bento, "--tag", "food").status == 0)
        #expect(try tags(box, "駅弁") == ["旅行", "Ｆｏｏｄ"], "food is Ｆｏｏｄ")
        #expect(try box.run("edit", bento, "--untag", "ＦＯＯＤ").status == 0)
        #expect(try tags(box, "駅弁") == ["旅行"], "taken off in any spelling")
        let table = try box.run("month", "2024", "8", "--lang", "ja").stdout
        #expect(table.contains("↳ #旅行 #帰省"), "\(table)")
        #expect(try box.run("edit", bento, "--no-tags", "--tag", "帰省").status == 0)
        #expect(try tags(box, "駅弁") == ["帰省"], "--no-tags first, then --tag")
        #expect(try box.run("edit", bento, "--no-tags").status == 0)
        #expect(try tags(box, "駅弁") == [])
    }

    @Test func aStoreWithoutTagsStaysByteForByteAsBefore() throws {
        let box = try Sandbox()
        let id = try box.add("牛乳", 178, date: "2024-12-03")
        let file = box.store.appendingPathComponent("2024-12.json")
        let before = try Data(contentsOf: file)
        #expect(String(decoding: before, as: UTF8.self).hasPrefix(#"{"schema":1,"#))
        #expect(try box.run("edit", id, "--tag", "旅行").status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix(#"{"schema":4,"#), "a tagged month says an older kakeibo can't read it")
        #expect(try box.run("edit", id, "--untag", "旅行").status == 0)
        #expect(try Data(contentsOf: file) == before, "untagged again, the file is as it was")
    }

    @Test func badTagsExitTwoWithAClearLineAndChangeNothing() throws {
        let box = try household()
        let before = try box.snapshot()
        let bento = try id(box, "駅弁")
        let cases: [([String], String)] = [
            (["add", "x", "1", "--tag", "#"], "a tag must not be empty"),
            (["add", "x", "1", "--tag", ""], "a tag must not be empty"),
            (["add", "x", "1", "--tag", String(repeating: "旅", count: 21)], "at most 20 characters, got 21"),
            (["add", "x", "1", "--tag", "a\u{1B}[31m"], "control characters"),
            (["add", "x", "1", "--tag", "旅行 帰省"], "one word"),
            (["add", "x", "1"] + (0...10).flatMap { ["--tag", "t\($0)"] }, "at most 10 tags, got 11"),
            (["edit", bento] + (0...9).flatMap { ["--tag", "t\($0)"] }, "at most 10 tags, got 11"),
            (["edit", bento, "--untag", " "], "a tag must not be empty"),
            (["find", "--tag", "a,b"], "one word"),
            (["find"], "TEXT"),
            (["rules", "list", "--tag", "x"], "--tag"),
            (["rules", "add", "a", "food", "--tag", ""], "a tag must not be empty"),
            (["import", "-", "--tag", "a:b"], "one word"),
        ]
        for (arguments, message) in cases {
            let run = try box.run(arguments, stdin: "[]")
            #expect(run.status == 2, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        }
        let japanese = try box.run("add", "x", "1", "--tag", "a b", "--lang", "ja")
        #expect(japanese.status == 2 && japanese.stderr.contains("タグは 1 語です"), "\(japanese.stderr)")
        #expect(try box.snapshot() == before)
    }

    /// The rows are checked against sums made here from the month's JSON items, tag by tag.
    @Test func monthAndYearByTagCountAnItemInEachOfItsTags() throws {
        let box = try household()
        let list = try items(box)
        var expected: [String: (total: Int, count: Int)] = [:]
        for item in list {
            let tags = item["tags"] as? [String] ?? []
            for key in tags.isEmpty ? [""] : tags {
                expected[key, default: (0, 0)].total += item["price"] as? Int ?? 0
                expected[key, default: (0, 0)].count += 1
            }
        }
        for command in [["month", "2024", "8"], ["year", "2024"]] {
            let json = try #require(try box.run(command + ["--by", "tag", "--format", "json"]).json() as? [String: Any])
            #expect(json["by"] as? String == "tag" && json["total"] as? Int == 17_500 && json["overlap"] as? Int == 1)
            let rows = try #require(json["breakdown"] as? [[String: Any]])
            #expect(rows.count == expected.count)
            for row in rows {
                let key = row["value"] as? String ?? ""
                #expect(row["total"] as? Int == expected[key]?.total && row["count"] as? Int == expected[key]?.count, "\(row)")
            }
            #expect(rows.last?["value"] is NSNull && rows.last?["label"] as? String == "(untagged)")
            let csv = try box.run(command + ["--by", "tag", "--format", "csv"]).stdout
            #expect(csv.hasPrefix("value,label,total,count,share\r\n旅行,旅行,15200,2,"), "\(csv)")
            let table = try box.run(command + ["--by", "tag", "--lang", "en"]).stdout
            #expect(table.contains("Tag") && table.contains("(untagged)") && table.contains("rows sum past the total"), "\(table)")
            let ja = try box.run(command + ["--by", "tag", "--lang", "ja"]).stdout
            #expect(ja.contains("タグ") && ja.contains("(タグなし)") && ja.contains("行の合計は総額を超えます"), "\(ja)")
        }
    }

    @Test func findByTagAloneOrWithTheOtherFilters() throws {
        let box = try household()
        func names(_ arguments: String...) throws -> [String] {
            let run = try box.run(["find"] + arguments + ["--format", "json"])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            let items = try #require((try run.json() as? [String: Any])?["items"] as? [[String: Any]])
            return items.compactMap { $0["name"] as? String }
        }
        #expect(Set(try names("--tag", "旅行")) == ["新幹線", "駅弁"])
        #expect(Set(try names("--tag", "＃旅行")) == ["新幹線", "駅弁"], "as people type it")
        #expect(try names("--tag", "旅行", "--tag", "帰省") == ["新幹線"], "every tag given")
        #expect(try names("弁", "--tag", "旅行") == ["駅弁"])
        #expect(try names("--tag", "旅行", "--category", "food") == ["駅弁"])
        #expect(try names("--tag", "旅行", "--max", "5000") == ["駅弁"])
        #expect(try names("--tag", "旅行", "--from", "2024-09").isEmpty)
        #expect(try names("--tag", "医療") == ["タクシー"])
        let csv = try box.run("find", "--tag", "帰省", "--format", "csv").stdout.components(separatedBy: "\r\n")
        #expect(csv[0].hasSuffix(",personal,tags") && csv[1].hasSuffix(",旅行 帰省"), "\(csv)")
        #expect(try box.run("find", "--tag", "出張").stdout.contains("Nothing matches '#出張'"))
    }

    @Test func rulesAndImportsPutTagsOnWhatTheyFile() throws {
        let box = try household()
        let added = try box.run("rules", "add", "薬局", "medical/medicine", "--tag", "#医療")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Rule 1: '薬局' files as medical/medicine · #医療\n", "the confirmation says what the rule adds")
        let rules = try String(contentsOf: box.store.appendingPathComponent("rules.json"), encoding: .utf8)
        #expect(rules.contains(#""tags""#) && rules.contains("医療"))
        #expect(try box.run("rules", "list").stdout.contains("#医療"))
        #expect(try box.run("rules", "test", "スギ薬局").stdout.contains("#医療"))
        #expect(try box.run("add", "スギ薬局", "980", "--date", "2024-08-20", "--tag", "旅行").status == 0)
        #expect(try tags(box, "スギ薬局") == ["旅行", "医療"], "the rule's tags after those typed")
        let imported = try box.run(
            ["import", "-", "--tag", "帰省", "--tag", "お盆"],
            stdin: #"[{"id":"w1","date":"20240813","name":"お供え","price":1500,"category":0,"tags":["帰省"]}]"#)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try tags(box, "お供え") == ["帰省", "お盆"])
        let statement = try box.run("import", "--from", "statement", Products.fixture("paypay-2024-12.csv"), "--tag", "paypay")
        #expect(statement.status == 0, "\(statement.stderr)")
        let december = try items(box, ["2024", "12"])
        #expect(!december.isEmpty && december.allSatisfy { ($0["tags"] as? [String])?.contains("paypay") == true })
        let zaim = try box.run("import", "--from", "zaim", Products.fixture("zaim-2024-12.csv"), "--tag", "zaim", "--category", "other")
        #expect(zaim.status == 0, "\(zaim.stderr)")
        #expect(try items(box, ["2024", "12"]).contains { ($0["tags"] as? [String]) == ["zaim"] })
    }

    @Test func theLedgerExportCarriesTagsThatLedgerAndHledgerRead() throws {
        let box = try household()
        let journal = try box.run("export", "--format", "ledger").stdout
        #expect(journal.contains("    ; :旅行:\n    ; :帰省:\n"), "\(journal)")
        guard Tools.has("ledger") && Tools.has("hledger") else { return }
        let file = try box.write("kakeibo.journal", "\(journal)")
        let ledger = try Tools.run("ledger", ["-f", file, "reg", "%帰省", "--format", "%(payee)\n"], environment: box.baseEnvironment)
        #expect(ledger.status == 0 && ledger.stdout.split(separator: "\n") == ["新幹線", "新幹線"], "\(ledger.stdout)\(ledger.stderr)")
        let hledger = try Tools.run("hledger", ["-f", file, "reg", "tag:旅行", "expenses"], environment: box.baseEnvironment)
        #expect(hledger.status == 0 && hledger.stdout.contains("新幹線") && hledger.stdout.contains("駅弁"), "\(hledger.stdout)\(hledger.stderr)")
        #expect(!hledger.stdout.contains("タクシー"))
    }

    /// The app protocol carries tags where it carries memo: an optional `tags` array on the item, both ways.
    @Test func thePlainAppServerCarriesTagsWithTheItem() throws {
        let server = try HouseholdServer()
        let (a, b) = (try Sandbox(), try Sandbox())
        for box in [a, b] { box.environment["KAKEIBO_ENDPOINT"] = server.endpoint }
        #expect(try a.run("add", "駅弁", "1200", "--date", "2024-12-10", "--category", "food", "--tag", "旅行", "--memo", "新大阪").status == 0)
        #expect(try a.run("push").status == 0)
        let row = try #require(try server.sheets()["2024-12"]?.first)
        #expect(row["tags"] as? [String] == ["旅行"] && row["memo"] as? String == "新大阪")
        #expect(try b.run("pull", "2024", "12").status == 0)
        #expect(try tags(b, "駅弁", month: ["2024", "12"]) == ["旅行"])
    }

    /// The household server: a tag added on one member's machine reaches the other, and so does taking it off.
    @Test func aTagEditOnOneMemberReachesTheOther() throws {
        let server = try ShippedServer()
        let (a, b) = (try Sandbox(), try Sandbox())
        for box in [a, b] {
            box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
            box.environment["KAKEIBO_TOKEN"] = ShippedServer.token
        }
        let bento = try a.add("駅弁", 1200, date: "2024-12-10")
        for box in [a, b] { #expect(try box.run("sync").status == 0) }
        #expect(try a.run("edit", bento, "--tag", "旅行", "--tag", "帰省").status == 0)
        for box in [a, b] { #expect(try box.run("sync").status == 0) }
        #expect(try tags(b, "駅弁", month: ["2024", "12"]) == ["旅行", "帰省"])
        #expect(try b.run("edit", bento, "--untag", "旅行").status == 0)
        for box in [b, a] { #expect(try box.run("sync").status == 0) }
        #expect(try tags(a, "駅弁", month: ["2024", "12"]) == ["帰省"])
        #expect(try a.run("pull", "2024", "12").status == 0, "a full pull reads the tags column too")
        #expect(try tags(a, "駅弁", month: ["2024", "12"]) == ["帰省"])
        // Both tag it at once: a conflict whose two versions part only in their tags, shown under each.
        #expect(try b.run("sync").status == 0)
        #expect(try a.run("edit", bento, "--tag", "出張").status == 0)
        #expect(try b.run("edit", bento, "--tag", "家族").status == 0)
        #expect(try a.run("sync").status == 0)
        #expect(try b.run("sync").status == 4)
        let conflicts = try b.run("conflicts").stdout
        #expect(conflicts.contains("↳ #帰省 #家族") && conflicts.contains("↳ #帰省 #出張"), "\(conflicts)")
        #expect(try b.run("resolve", bento, "theirs").status == 0)
        #expect(try tags(b, "駅弁", month: ["2024", "12"]) == ["帰省", "出張"])
        // Every tag taken off: the update says so (`"tags": []`), so the server doesn't keep them as it does for an
        // update from a kakeibo that knows no tags.
        #expect(try b.run("edit", bento, "--no-tags").status == 0)
        for box in [b, a] { #expect(try box.run("sync").status == 0) }
        #expect(try tags(a, "駅弁", month: ["2024", "12"]) == [])
    }

    /// A name and a tag typed into the sheet longer than kakeibo lets anyone type are pulled as they are, by `sync`
    /// and by a full `pull` (which must not take the item away).
    @Test func aLongNameAndTagTypedIntoTheSheetArePulledAsTheyAre() throws {
        let server = try ShippedServer()
        let box = try Sandbox()
        box.environment["KAKEIBO_ENDPOINT"] = server.endpoint
        box.environment["KAKEIBO_TOKEN"] = ShippedServer.token
        _ = try box.add("牛乳", 178, date: "2024-12-03")
        #expect(try box.run("sync").status == 0)
        let long = String(repeating: "長", count: 40)
        let tag = String(repeating: "あ", count: 25)
        for (row, col, value) in [(2, 2, long), (1, 15, "タグ Tags"), (2, 15, "#旅行、" + tag)] {
            try server.command(["cmd": "type", "sheet": "2024-12", "row": row, "col": col, "values": [value]])
        }
        for command in [["sync"], ["pull", "2024", "12"]] {
            let run = try box.run(command)
            #expect(run.status == 0 && !run.stderr.contains("set aside"), "\(command): \(run.stderr)")
            let item = try #require(try items(box, ["2024", "12"]).first)
            #expect(item["name"] as? String == long && item["tags"] as? [String] == ["旅行", tag], "\(command): \(item)")
        }
    }

    func tags(_ box: Sandbox, _ name: String, month: [String]) throws -> [String]? {
        try items(box, month).first { $0["name"] as? String == name }?["tags"] as? [String]
    }
}
