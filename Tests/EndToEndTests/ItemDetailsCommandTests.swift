import Foundation
import Testing

/// Payment, shop, memo, member and personal on the command line; `find`; `settle`; and the imports keeping them.
@Suite struct ItemDetailsCommandTests {
    @Test func addAndEditSetShowAndClearDetails() throws {
        let box = try Sandbox()
        let added = try #require(
            try box.run("add", "コーヒー", "178", "--date", "2024-12-03", "--payment", " 現金 ", "--shop", "ドトール", "--memo", "朝", "--format", "json")
                .json() as? [String: Any])
        #expect(added["payment"] as? String == "現金")
        #expect(added["shop"] as? String == "ドトール")
        #expect(added["member"] is NSNull)
        #expect(added["personal"] as? Bool == false)
        let id = try #require(added["id"] as? String)
        let table = try box.run("month", "2024", "12").stdout
        #expect(table.contains("↳ 現金 · @ドトール · “朝”"))
        let edited = try box.run("edit", id, "--member", "ken", "--personal", "--clear", "memo,shop")
        #expect(edited.status == 0, "\(edited.stderr)")
        let item = try #require((try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])?["items"] as? [[String: Any]]).first
        #expect(item?["member"] as? String == "ken")
        #expect(item?["personal"] as? Bool == true)
        #expect(item?["memo"] is NSNull && item?["shop"] is NSNull)
        #expect(item?["payment"] as? String == "現金")
    }

    @Test func badDetailsExitTwoNamingTheValueAndChangeNothing() throws {
        let box = try Sandbox()
        _ = try box.add("a", 100, date: "2024-12-01")
        let before = try box.snapshot()
        let cases: [([String], String)] = [
            (["add", "x", "1", "--payment", ""], "payment must not be empty"),
            (["add", "x", "1", "--memo", String(repeating: "m", count: 200)], "memo must be at most 100 characters, got 200"),
            (["add", "x", "1", "--shop", String(repeating: "s", count: 31)], "shop must be at most 30"),
            (["config", "set", "split", "ayumi=60,ken=30"], "adds up to 90, not 100"),
            (["find", ""], "the text to find is empty"),
            (["find", "a", "--min", "500", "--max", "100"], "below the lowest"),
            (["edit", "a", "--clear", "colour"], "colour"),
        ]
        for (arguments, message) in cases {
            let run = try box.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains(message) && run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        #expect(try box.run("config", "set", "split", "ayumi=60,ken=40").status == 0)
        let unknown = try box.run("add", "x", "1", "--member", "bob")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown member 'bob'"))
        #expect(try box.snapshot() == before)
    }

    @Test func findFoldsWidthAndCaseAndFilters() throws {
        let box = try Sandbox()
        _ = try box.add("コーヒー", 178, date: "2023-05-01")
        _ = try box.add("Coffee beans", 1_200, date: "2024-06-10")
        _ = try box.add("ｺｰﾋｰ牛乳", 150, date: "2024-12-03", category: "food/drink")
        _ = try box.add("紅茶", 300, date: "2024-12-04")
        #expect(try box.run("add", "豆", "900", "--date", "2024-12-05", "--shop", "COFFEE館").status == 0)
        func names(_ arguments: String...) throws -> [String] {
            let run = try box.run(["find"] + arguments + ["--format", "json"])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            return ((try run.json() as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        #expect(try names("ｺｰﾋｰ") == ["ｺｰﾋｰ牛乳", "コーヒー"], "newest first; half-width finds full-width and itself")
        #expect(try names("コーヒー") == ["ｺｰﾋｰ牛乳", "コーヒー"])
        #expect(try names("こーひー") == ["ｺｰﾋｰ牛乳", "コーヒー"], "hiragana finds katakana of either width")
        #expect(try names("ＣＯＦＦＥＥ") == ["豆", "Coffee beans"], "full-width letters, any case, the shop too")
        #expect(try names("coffee", "--from", "2024-07") == ["豆"])
        #expect(try names("ｺｰﾋｰ", "--to", "2023") == ["コーヒー"])
        #expect(try names("ｺｰﾋｰ", "--category", "food/drink") == ["ｺｰﾋｰ牛乳"])
        #expect(try names("coffee", "--min", "1000", "--max", "1200") == ["Coffee beans"])
        #expect(try names("緑茶").isEmpty)
        let csv = try box.run("find", "紅茶", "--format", "csv").stdout
        #expect(csv.hasPrefix("id,date,name,price,category,subcategory,payment,shop,memo,member,personal,tags\r\n"))
        #expect(csv.contains(",2024-12-04,紅茶,300,food,"))
        #expect(try box.run("find", "ｺｰﾋｰ").stdout.contains("2 items · Total ¥328"))
    }

    @Test func settleSplitsSharedSpendingAndShowsWhatItLeavesOut() throws {
        let box = try Sandbox()
        #expect(try box.run("config", "set", "split", "ayumi=60,ken=40").status == 0)
        #expect(try box.run("config", "set", "member", "ayumi").status == 0)
        for arguments in [
            ["add", "食材", "3001", "--date", "2024-12-01"],
            ["add", "電気代", "7000", "--date", "2024-12-02", "--member", "ken"],
            ["add", "本", "1500", "--date", "2024-12-03", "--member", "ken", "--personal"],
        ] {
            #expect(try box.run(arguments).status == 0)
        }
        #expect(try box.run(["import", "-"], stdin: #"[{"id":"x","date":"20241204","name":"謎","price":500,"category":0}]"#).status == 0)
        let report = try #require(try box.run("settle", "2024-12", "--format", "json").json() as? [String: Any])
        #expect((report["shared"] as? [String: Any])?["total"] as? Int == 10_001)
        let members = try #require(report["members"] as? [[String: Any]])
        // 10,001 × 60% = 6,000.6 and × 40% = 4,000.4: rounded down, the yen left goes to the larger remainder (ayumi).
        #expect(members.map { $0["share"] as? Int } == [6_001, 4_000])
        #expect(members.map { $0["balance"] as? Int } == [3_001 - 6_001, 7_000 - 4_000])
        #expect(members[1]["personal"] as? Int == 1_500)
        let transfers = try #require(report["transfers"] as? [[String: Any]])
        #expect(transfers.count == 1 && transfers[0]["from"] as? String == "ayumi" && transfers[0]["amount"] as? Int == 3_000)
        #expect((report["unassigned"] as? [String: Any])?["total"] as? Int == 500)
        let table = try box.run("settle", "2024-12").stdout
        #expect(table.contains("ayumi pays ken ¥3,000"))
        #expect(table.contains("Unassigned (no member, not counted): ¥500 · 1 item"))
    }

    /// `month --by payment` after importing each sample equals the sums by 保有金融機関 / 支払元 worked out from the
    /// CSV here, with its own reading of which rows are expenses.
    @Test(arguments: ["zaim", "moneyforward"])
    func importsKeepDetailsAndMonthByPaymentEqualsTheFilesSums(source: String) throws {
        let file = source == "zaim" ? "zaim-2024-12.csv" : "moneyforward-2024-12-sjis.csv"
        let data = try Data(contentsOf: URL(fileURLWithPath: Products.fixture(file)))
        let text = try #require(String(data: data, encoding: source == "zaim" ? String.Encoding.utf8 : String.Encoding.shiftJIS))
        let rows = csvRows(text)
        let header = rows[0]
        func column(_ name: String) -> Int { header.firstIndex(of: name)! }
        var expected: [String: Int] = [:]
        for row in rows.dropFirst() where row.count == header.count {
            if source == "zaim" {
                guard row[column("方法")] == "payment", row[column("集計の設定")] != "集計に含めない",
                    let amount = Int(row[column("支出")].replacingOccurrences(of: ",", with: "")), amount != 0
                else { continue }
                let payment = row[column("支払元")]
                expected[payment == "-" || payment.isEmpty ? "(none)" : payment, default: 0] += amount
            } else {
                guard row[column("計算対象")] == "1", row[column("振替")] == "0", row[column("大項目")] != "収入",
                    let amount = Int(row[column("金額（円）")].replacingOccurrences(of: ",", with: "")), amount != 0
                else { continue }
                let payment = row[column("保有金融機関")]
                expected[payment.isEmpty ? "(none)" : payment, default: 0] -= amount
            }
        }
        let box = try Sandbox()
        let imported = try box.run("import", "--from", source, Products.fixture(file), "--category", "food")
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try #require(try box.run("month", "2024", "12", "--by", "payment", "--format", "json").json() as? [String: Any])
        var totals: [String: Int] = [:]
        for row in report["breakdown"] as? [[String: Any]] ?? [] { totals[row["label"] as? String ?? ""] = row["total"] as? Int }
        #expect(!expected.isEmpty)
        #expect(totals == expected)
        let items = try #require((try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.contains { $0["memo"] is String }, "memos are kept")
        if source == "zaim" { #expect(items.contains { $0["shop"] as? String == "イオン" }) }
    }

    /// RFC 4180 rows (quoted fields may hold commas, quotes and line breaks).
    func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.replacingOccurrences(of: "\r\n", with: "\n"))
        if characters.first == "\u{FEFF}" { characters.removeFirst() }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character == "\"" {
                    if index + 1 < characters.count && characters[index + 1] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\n" {
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else {
                field.append(character)
            }
            index += 1
        }
        if !field.isEmpty || !row.isEmpty { rows.append(row + [field]) }
        return rows.map { $0.map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// #22: by income, a month where ayumi earned ¥300,000 and ken ¥200,000 splits 60/40, and says so.
    @Test func settleByIncomeSplitsSixtyFortyAndSaysSo() throws {
        let box = try Sandbox()
        #expect(try box.run("config", "set", "split", "by-income").status == 0)
        #expect(try box.run("config", "get", "split").stdout == "by-income\n")
        for arguments in [
            ["add", "給与", "300000", "--income", "--member", "ayumi", "--date", "2024-12-10"],
            ["add", "給与", "200000", "--income", "--member", "ken", "--date", "2024-12-10"],
            ["add", "家賃", "100000", "--member", "ayumi", "--date", "2024-12-01"],
        ] {
            #expect(try box.run(arguments).status == 0)
        }
        let table = try box.run("settle", "2024-12")
        #expect(table.stdout.contains("Split by income: ayumi ¥300,000 (60.0%) · ken ¥200,000 (40.0%)"), "\(table.stdout)")
        #expect(table.stdout.contains("ken pays ayumi ¥40,000"), "\(table.stdout)")
        let report = try #require(try box.run("settle", "2024-12", "--format", "json").json() as? [String: Any])
        #expect(report["split"] as? String == "by-income" && report["incomeMissing"] as? Bool == false)
        let members = try #require(report["members"] as? [[String: Any]])
        #expect(members.map { $0["income"] as? Int } == [300_000, 200_000])
        #expect(members.map { $0["ratio"] as? Double } == [0.6, 0.4] && members.map { $0["share"] as? Int } == [60_000, 40_000])
    }
}
