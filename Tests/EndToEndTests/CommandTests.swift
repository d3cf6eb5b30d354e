import Foundation
import Testing

/// Each command run as a user would: the real binary on a temporary store.
@Suite struct CommandTests {
    @Test func addedItemsComeBackFromMonthWithTotalsBreakdownAndOrder() throws {
        let box = try Sandbox()
        _ = try box.add("コーヒー", 178, date: "2024-12-03", category: "food/drink")
        _ = try box.add("牛乳", 198, date: "2024-12-31", category: "食費/食品")
        _ = try box.add("電車", 220, date: "2024-12-15", category: "Transport/Train")
        _ = try box.add("去年", 999, date: "2023-12-31", category: "food")

        let table = try box.run("month", "2024", "12")
        #expect(table.status == 0)
        #expect(table.stdout.contains("December 2024"))
        #expect(table.stdout.contains("Total ¥596 · 3 items"))
        #expect(!table.stdout.contains("去年"))
        let names = table.lines.compactMap { line in ["コーヒー", "電車", "牛乳"].first { line.contains($0) } }
        #expect(names == ["コーヒー", "電車", "牛乳"])
        #expect(table.stdout.contains(" 3 Tue"))
        #expect(table.stderr.isEmpty)

        let json = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect(Set(json.keys).isSuperset(of: ["year", "month", "category", "total", "breakdown", "items"]))
        #expect(json["year"] as? Int == 2024)
        #expect(json["month"] as? Int == 12)
        #expect(json["category"] is NSNull)
        #expect(json["total"] as? Int == 596)
        let breakdown = try #require(json["breakdown"] as? [[String: Any]])
        #expect(breakdown.map { $0["category"] as? String } == ["food", "transport"])
        #expect(breakdown.map { $0["total"] as? Int } == [376, 220])
        #expect(breakdown.map { $0["count"] as? Int } == [2, 1])
        for row in breakdown {
            #expect(Set(row.keys).isSuperset(of: ["category", "subcategory", "label", "total", "count", "share"]))
            let share = try #require(row["share"] as? Double)
            #expect(share >= 0 && share <= 1)
        }
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.map { $0["date"] as? String } == ["2024-12-03", "2024-12-15", "2024-12-31"])
        #expect(items.map { $0["subcategory"] as? String } == ["drink", "train", "grocery"])
        #expect(Set(items[0].keys).isSuperset(of: ["id", "date", "name", "price", "category", "subcategory"]))

        let csv = try box.run("month", "2024", "12", "--format", "csv", "--sort", "price", "--desc")
        #expect(csv.stdout.hasPrefix("id,date,name,price,category,subcategory,payment,shop,memo,member,personal,tags\r\n"))
        #expect(csv.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[3] } == ["220", "198", "178"])
    }

    @Test func monthByCategoryShowsSubcategoriesWithNoneLast() throws {
        let box = try Sandbox()
        _ = try box.add("弁当", 500, date: "2024-12-02", category: "food")
        _ = try box.add("コーヒー", 178, date: "2024-12-03", category: "food/drink")
        _ = try box.add("電車", 220, date: "2024-12-15", category: "entertainment/traffic")
        let json = try #require(try box.run("month", "2024", "12", "--category", "FOOD", "--format", "json").json() as? [String: Any])
        #expect(json["category"] as? String == "food")
        #expect(json["total"] as? Int == 678)
        let rows = try #require(json["breakdown"] as? [[String: Any]])
        #expect(rows.map { $0["subcategory"] as? String } == ["drink", nil])
        #expect(rows.map { $0["label"] as? String } == ["Drink", "none"])
        let ja = try box.run("month", "2024", "12", "--category", "食費", "--lang", "ja")
        #expect(ja.stdout.contains("2024年12月 · 食費"))
        #expect(ja.stdout.contains("合計 678円 · 2件"))
        #expect(ja.stdout.contains("なし"))
        #expect(ja.stdout.contains("3(火)"))
    }

    @Test func yearHasTwelveMonthsInEveryFormat() throws {
        let box = try Sandbox()
        _ = try box.add("a", 100, date: "2024-01-31", category: "food/grocery")
        _ = try box.add("b", 300, date: "2024-12-31", category: "entertainment/goods")
        _ = try box.add("c", 999, date: "2025-01-01", category: "food")
        let json = try #require(try box.run("year", "2024", "--format", "json").json() as? [String: Any])
        #expect(json["total"] as? Int == 400)
        let months = try #require(json["months"] as? [[String: Any]])
        #expect(months.count == 12)
        #expect(months.map { $0["total"] as? Int } == [100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 300])
        #expect(Set(months[0].keys).isSuperset(of: ["month", "total", "breakdown"]))
        let table = try box.run("year", "2024")
        #expect(table.stdout.contains("Total ¥400 · 2 items"))
        #expect(table.stdout.contains("Dec"))
        let csv = try box.run("year", "2024", "--format", "csv")
        let rows = csv.stdout.split(separator: "\r\n")
        #expect(rows.first == "month,category,subcategory,label,total,count,share")
        #expect(rows.filter { $0.hasPrefix("2024-06,,") }.count == 1)
        #expect(rows.contains("2024-12,entertainment,,Entertainment,300,1,1"))
        let food = try #require(try box.run("year", "2024", "--category", "food", "--format", "json").json() as? [String: Any])
        #expect(food["total"] as? Int == 100)
    }

    @Test func anEmptyMonthSaysNoDataAndSucceeds() throws {
        let box = try Sandbox()
        let en = try box.run("month", "2024", "2")
        #expect(en.status == 0)
        #expect(en.stdout.contains("No data"))
        let ja = try box.run(["month", "2024", "2"], environment: ["LANG": "ja_JP.UTF-8"])
        #expect(ja.stdout.contains("データなし"))
        let json = try #require(try box.run("month", "2024", "2", "--format", "json").json() as? [String: Any])
        #expect(json["total"] as? Int == 0)
        #expect((json["items"] as? [Any])?.isEmpty == true)
    }

    @Test func monthDefaultsToThisMonthAndAddToToday() throws {
        let box = try Sandbox() // KAKEIBO_NOW is 2024-12-15
        let added = try box.run("add", "今日", "100", "--format", "json")
        #expect((try added.json() as? [String: Any])?["date"] as? String == "2024-12-15")
        _ = try box.run("add", "昨日", "100", "--date", "yesterday")
        let json = try #require(try box.run("month", "--format", "json").json() as? [String: Any])
        #expect(json["month"] as? Int == 12)
        #expect((json["items"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2024-12-14", "2024-12-15"])
    }

    @Test func editChangesAnItemAndMayMoveItToAnotherMonth() throws {
        let box = try Sandbox()
        let id = try box.add("コーヒー", 178, date: "2024-12-03", category: "food/drink")
        let edited = try box.run("edit", String(id.prefix(8)), "--price", "198", "--date", "2025-01-02", "--name", "カフェラテ")
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout.contains("カフェラテ"))
        #expect(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any] == nil || true)
        let december = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect(december["total"] as? Int == 0)
        let january = try #require(try box.run("month", "2025", "1", "--format", "json").json() as? [String: Any])
        let items = try #require(january["items"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items[0]["id"] as? String == id)
        #expect(items[0]["price"] as? Int == 198)
        #expect(items[0]["subcategory"] as? String == "drink")
    }

    @Test func deleteRemovesAnItem() throws {
        let box = try Sandbox()
        let keep = try box.add("a", 100, date: "2024-12-03")
        let drop = try box.add("b", 200, date: "2024-12-04")
        let deleted = try box.run("delete", drop)
        #expect(deleted.status == 0)
        #expect(deleted.stdout.contains("Deleted"))
        let json = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect((json["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [keep])
    }

    @Test func importAddsKeepsIdsAndUpdatesInsteadOfDuplicating() throws {
        let box = try Sandbox()
        let file = try box.write(
            "in.json",
            """
            [{"id":"s1","date":"20241203","name":"コーヒー","price":178,"category":0,"categorySub":1},
             {"id":"s2","date":"20241130","name":"牛乳","price":198,"category":0,"categorySub":null},
             {"id":"s3","date":"20241201","name":"謎","price":50,"category":57}]
            """)
        let first = try box.run("import", file, "--format", "json")
        #expect(first.status == 0, "\(first.stderr)")
        #expect((try first.json() as? [String: Any])?["added"] as? Int == 3)
        let again = try box.run("import", file, "--format", "json")
        #expect((try again.json() as? [String: Any])?["unchanged"] as? Int == 3)
        let changed = try box.run(["import", "-"], stdin: #"[{"id":"s1","date":"20250105","name":"コーヒー","price":200,"category":0,"categorySub":1}]"#)
        #expect(changed.status == 0)
        let december = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect((december["items"] as? [[String: Any]])?.map { $0["id"] as? String } == ["s3"])
        let unknown = try #require((december["items"] as? [[String: Any]])?.first)
        #expect(unknown["category"] as? String == "57")
        #expect(try box.run("month", "2024", "12").stdout.contains("category 57"))
        let january = try #require(try box.run("month", "2025", "1", "--format", "json").json() as? [String: Any])
        #expect(january["total"] as? Int == 200)
    }

    @Test func categoriesListsTheTaxonomyAndAHouseholdCanReplaceIt() throws {
        let box = try Sandbox()
        let table = try box.run("categories")
        #expect(table.stdout.contains("food"))
        #expect(table.stdout.contains("栄養補助"))
        let json = try #require(try box.run("categories", "--format", "json").json() as? [String: Any])
        #expect(
            (json["categories"] as? [[String: Any]])?.map { $0["key"] as? String }
                == [
                    "food", "housing", "utilities", "communication", "transport", "daily", "entertainment", "medical", "education", "clothing",
                    "social", "allowance", "car", "insurance", "taxes", "special", "other", "income",
                ])
        try box.write(
            "config/kakeibo/categories.json",
            #"{"categories":[{"key":"home","code":5,"ja":"住居","en":"Home","subcategories":[{"key":"rent","code":0,"ja":"家賃","en":"Rent"}]}]}"#)
        let added = try box.run("add", "家賃", "80000", "--category", "住居/家賃", "--date", "2024-12-01")
        #expect(added.status == 0)
        #expect(added.stdout.contains("Home › Rent"))
        try box.write("config/kakeibo/categories.json", "{broken")
        let broken = try box.run("month", "2024", "12")
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("categories.json"))
    }

    @Test func twoProcessesAddingAtOnceBothLand() async throws {
        let box = try Sandbox()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    for n in 0..<15 { try box.run("add", "w\(writer)-\(n)", "100", "--date", "2024-12-03") }
                }
            }
            try await group.waitForAll()
        }
        let json = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect(json["total"] as? Int == 3000)
    }

    @Test func helpAndVersion() throws {
        let box = try Sandbox()
        let help = try box.run("--help")
        #expect(help.status == 0)
        for command in ["add", "month", "year", "edit", "delete", "import", "categories"] { #expect(help.stdout.contains(command)) }
        #expect(try box.run("help", "month").stdout.contains("--sort date|price"))
        #expect(try box.run("month", "--help").stdout.contains("Examples:"))
        #expect(try box.run("add", "-h").stdout.contains("Usage: kakeibo add"))
        #expect(try box.run("--lang", "ja", "help", "add").stdout.contains("使い方"))
        #expect(try box.run("--version").stdout.hasPrefix("kakeibo "))
    }

    @Test func storeAndLangGoBeforeOrAfterTheCommand() throws {
        let box = try Sandbox()
        let other = box.root.appendingPathComponent("other").path
        #expect(try box.run("--store", other, "add", "a", "1", "--date", "2024-12-01").status == 0)
        #expect(try box.run("month", "2024", "12", "--store", other, "--format", "json").stdout.contains("\"total\": 1"))
        #expect(try box.run("month", "2024", "12", "--format", "json").stdout.contains("\"total\": 0"))
        #expect(try box.run("month", "2024", "12", "--store=\(other)", "--lang=ja").stdout.contains("合計 1円"))
    }

    @Test func negativePricesAreRefundsNotOptions() throws {
        let box = try Sandbox()
        _ = try box.add("買い物", 1000, date: "2024-12-01")
        let refund = try box.run("add", "返品", "-300", "--date", "2024-12-02")
        #expect(refund.status == 0, "\(refund.stderr)")
        let json = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect(json["total"] as? Int == 700)
    }

    @Test func colourOnlyOnATerminal() throws {
        let box = try Sandbox()
        _ = try box.add("a", 100, date: "2024-12-01")
        #expect(!(try box.run("month", "2024", "12").stdout.contains("\u{1B}[")))
    }
}

@Suite struct EnvironmentEdgeTests {
    @Test func aStoreOptionIsEnoughWithoutHome() throws {
        let box = try Sandbox()
        let store = box.root.appendingPathComponent("s").path
        let env = ["PATH": "/usr/bin:/bin", "KAKEIBO_NOW": "2024-12-15T09:00:00Z", "TZ": "UTC", "LANG": "C.UTF-8"]
        let added = try Sandbox.launch(Products.kakeibo, ["add", "a", "5", "--store", store], environment: env)
        #expect(added.status == 0, "\(added.stderr)")
        let month = try Sandbox.launch(Products.kakeibo, ["month", "--store", store, "--format", "json"], environment: env)
        #expect(month.status == 0, "\(month.stderr)")
        let none = try Sandbox.launch(Products.kakeibo, ["month"], environment: env)
        #expect(none.status == 1)
        #expect(none.stderr.contains("--store"))
    }
}
