import Foundation
import KakeiboKit
import Testing

/// A day counted from November 1, 2024 as KAKEIBO_NOW, 09:00 UTC (day 31 is December 1).
func november(_ day: Int) -> String {
    let first = ISO8601DateFormatter().date(from: "2024-11-01T09:00:00Z")!
    return ISO8601DateFormatter().string(from: first.addingTimeInterval(Double(day - 1) * 86_400))
}

/// The seams two members met in their first month with kakeibo (issue 32), each as the command line shows it.
@Suite struct FirstMonthSeamsTests {
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

    /// A salary is listed under the income as a purchase is under the spending, and `--category income` shows the
    /// income items as any other category's (a household found its salaries only with `find 給与`).
    @Test func monthListsIncomeItemsAndTheIncomeCategoryShowsThem() throws {
        let box = try Sandbox()
        #expect(try box.run("categories", "init", "--preset", "household").status == 0)
        _ = try box.add("給与", 250_000, date: "2024-11-25", category: "income")
        _ = try box.add("パン", 300, date: "2024-11-21")
        let month = try box.run("month", "2024", "11")
        #expect(month.status == 0)
        let lines = month.lines
        let balance = try #require(lines.firstIndex { $0.hasPrefix("Income ¥250,000") }, "\(month.stdout)")
        let salary = try #require(lines.firstIndex { $0.contains("給与") && $0.contains("¥250,000") }, "\(month.stdout)")
        let bread = try #require(lines.firstIndex { $0.contains("パン") }, "\(month.stdout)")
        #expect(balance < salary && salary < bread, "the salary under the income, before the spending's items: \(month.stdout)")
        let income = try box.run("month", "2024", "11", "--category", "income")
        #expect(income.status == 0 && income.stdout.contains("給与") && income.stdout.contains("Total ¥250,000 · 1 item"), "\(income.stdout)")
        #expect(!income.stdout.contains("No data"), "\(income.stdout)")
    }

    /// Imported ids that share their first 8 characters: every id a table shows names one item in the whole store,
    /// and the id as the other app shows it (without "mf:") names it too (`edit mf:mfH02` matched 10 items, and
    /// `edit mfH023` found none).
    @Test func shortIdsNameOneItemAndTheSourcesPrefixMayBeLeftOut() throws {
        let box = try Sandbox()
        var rows = [#""計算対象","日付","内容","金額（円）","保有金融機関","大項目","中項目","メモ","振替","ID""#]
        for day in 1...12 { rows.append(#""1","2024/11/\#(day)","ケーキ\#(day)","-\#(1000 + day)","現金","食費","食料品","","0","mfH02\#(day)""#) }
        rows.append(#""1","2024/10/05","パン","-300","現金","食費","食料品","","0","mfH0299""#)
        let file = try box.write("mf.csv", rows.joined(separator: "\n") + "\n")
        #expect(try box.run("import", "--from", "moneyforward", file).status == 0)
        let shown = try box.run("find", "ケーキ3")
        let id = try #require(shown.lines.first { $0.contains("ケーキ3") }?.split(separator: " ").last.map(String.init), "\(shown.stdout)")
        #expect(id == "mf:mfH023", "\(shown.stdout)")
        let parts = try box.run("find", "パン").stdout
        #expect(parts.contains("mf:mfH0299"), "told apart from the November ids it shares 8 characters with: \(parts)")
        let top = try box.run("month", "2024", "11").stdout
        #expect(top.contains("mf:mfH0212") && !top.contains("mf:mfH02 "), "\(top)")
        #expect(try box.run("edit", id, "--price", "1500").status == 0)
        let bare = try box.run("edit", "mfH024", "--price", "2500")
        #expect(bare.status == 0 && bare.stdout.contains("ケーキ4 ¥2,500"), "\(bare.stdout)\(bare.stderr)")
        let deleted = try box.run("delete", "mfH0299")
        #expect(deleted.status == 0 && deleted.stdout.contains("パン"), "\(deleted.stdout)\(deleted.stderr)")
        let ambiguous = try box.run("edit", "mfH02", "--price", "1")
        #expect(ambiguous.status != 0 && ambiguous.stderr.contains("matches 12 items"), "\(ambiguous.stderr)")
    }

    /// `undo` and `backups` name the items of a change, not only its months ("Undid #26, add … 2026-12  no file  1"
    /// and "edit  2024-11 (69 → 69)" said neither which item).
    @Test func undoAndBackupsNameTheItemsOfAChange() throws {
        let box = try Sandbox()
        let cake = try box.add("ケーキ", 1200, date: "2024-11-21")
        #expect(try box.run("edit", cake, "--price", "1500").status == 0)
        _ = try box.add("パン", 300, date: "2024-11-22")
        _ = try box.add("牛乳", 178, date: "2024-11-22")
        let backups = try box.run("backups")
        #expect(backups.stdout.contains("↳ ケーキ ¥1,200 → ¥1,500 (2024-11-21)"), "\(backups.stdout)")
        #expect(backups.stdout.contains("↳ 牛乳 ¥178 (2024-11-22)"), "\(backups.stdout)")
        #expect(try box.run("undo").stdout.hasPrefix("Undid #4: add 牛乳 ¥178 (2024-11-22)\n"))
        #expect(try box.run("undo").stdout.hasPrefix("Undid #3: add パン ¥300 (2024-11-22)\n"))
        let edit = try box.run("undo", "--lang", "ja")
        #expect(edit.stdout.hasPrefix("#2 を取り消しました: edit ケーキ 1,200円 → 1,500円（2024-11-21）\n"), "\(edit.stdout)")
        let json = try #require(try box.run("backups", "--format", "json").json() as? [String: Any])
        let newest = try #require((json["backups"] as? [[String: Any]])?.first?["items"] as? [String: Int])
        #expect(newest == ["added": 0, "removed": 0, "edited": 1], "the undo of the edit edited it back")
    }

    /// A receipt is added as `add` adds: with `--payment` and `--member`, and each line filed by the rules and by its
    /// own name's last use before the shop's (食パン and バナナ went to the shop's last category, Other).
    @Test func aReceiptTakesPaymentAndMemberAndFilesEachLineByItsName() throws {
        let box = try Sandbox()
        _ = try box.add("食パン", 198, date: "2024-11-01", category: "food/grocery")
        #expect(try box.run("rules", "add", "バナナ", "food/grocery").status == 0)
        _ = try box.add("ティッシュ", 300, date: "2024-11-02", category: "other")
        #expect(try box.run("edit", try box.add("洗剤", 400, date: "2024-11-03", category: "other"), "--shop", "イオン").status == 0)
        let receipt = try box.write("receipt.txt", "イオン\n令和6年11月6日\n食パン ¥198\nバナナ ¥158\n合計 ¥356\n")
        let added = try box.run("receipt", receipt, "--add", "--payment", "現金", "--member", "ayumi")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("食パン: food/grocery, as last time") && added.stdout.contains("バナナ: food/grocery, by rule 1"), "\(added.stdout)")
        let json = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]]).filter { ($0["id"] as? String)?.hasPrefix("receipt-") == true }
        #expect(items.count == 2)
        for item in items {
            #expect(item["category"] as? String == "food" && item["subcategory"] as? String == "grocery", "\(item)")
            #expect(item["payment"] as? String == "現金" && item["member"] as? String == "ayumi" && item["shop"] as? String == "イオン", "\(item)")
            #expect(item["date"] as? String == "2024-11-06", "the receipt's 令和 date")
        }
        let alone = try box.run("receipt", receipt, "--payment", "現金")
        #expect(alone.status == 2 && alone.stderr.contains("--payment only applies with --add"))
    }

    /// Dates as receipts and forms print them (2024.11.2, R6.11.2, 令和6年11月2日) by one rule for `add`, `edit`,
    /// `find`'s bounds and receipts, and every date option's help lists the forms.
    @Test func datesParseAsPeopleWriteThemAndHelpSaysSo() throws {
        let box = try Sandbox()
        let id = try box.add("ケーキ", 1200, date: "2024.11.2")
        for typed in ["R6.11.3", "令和6年11月4日", "Ｒ６．１１．５", "2024/11/6"] {
            let run = try box.run("edit", id, "--date", typed)
            #expect(run.status == 0, "\(typed): \(run.stderr)")
        }
        let found = try box.run("find", "--from", "R6.11.6", "--to", "2024.11.6", "--format", "json")
        #expect((try found.json() as? [String: Any])?["count"] as? Int == 1, "\(found.stdout)\(found.stderr)")
        let overview = try box.run("help").stdout
        #expect(overview.split(separator: "\n").contains { $0.contains("import ") && $0.contains("statement") }, "\(overview)")
        for command in ["add", "edit", "receipt", "fuel", "furusato", "find"] {
            let help = try box.run(command, "--help").stdout
            #expect(help.contains("2024.12.1") && help.contains("R6.12.1"), "\(command): \(help)")
        }
    }

    /// The cron case: `fixed post` runs every day of November and December; the phone bill's posting, deleted on the
    /// day it came (Zaim already had it), is never posted again that month, December's posts as usual, and
    /// `fixed list` says which month was skipped.
    @Test func aDeletedFixedPostingStaysDeletedThroughAMonthOfDailyPosts() throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2024-11-01T09:00:00Z"
        #expect(try box.run("fixed", "add", "携帯電話", "2970", "--day", "24").status == 0)
        #expect(try box.run("fixed", "add", "家賃", "85000", "--day", "27").status == 0)
        var posts: [String] = []
        for day in 1...61 {
            box.environment["KAKEIBO_NOW"] = november(day)
            let post = try box.run("fixed", "post")
            #expect(post.status == 0, "\(post.stderr)")
            posts += post.lines.filter { !$0.isEmpty }
            if day == 24 {
                #expect(post.stdout.contains("fixed-0d934b28-2024-11"), "\(post.stdout)")
                let deleted = try box.run("delete", "fixed-0d934b28-2024-11")
                #expect(deleted.status == 0 && deleted.stdout.contains("携帯電話 is skipped in 2024-11"), "\(deleted.stdout)\(deleted.stderr)")
            }
        }
        #expect(posts.count == 4, "Nov: phone, rent; Dec: phone, rent: \(posts)")
        #expect(posts.filter { $0.contains("携帯電話") }.map { $0.contains("2024-11-24") || $0.contains("2024-12-24") } == [true, true])
        let november = try #require(try box.run("month", "2024", "11", "--format", "json").json() as? [String: Any])
        #expect((november["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["家賃"], "the phone bill stays deleted")
        let list = try box.run("fixed", "list").stdout
        #expect(list.contains("↳ skipped in 2024-11"), "\(list)")
        // Skipped ahead of time: December's rent is not posted, and undo takes the skip back.
        box.environment["KAKEIBO_NOW"] = "2025-01-02T09:00:00Z"
        let skip = try box.run("fixed", "skip", "家賃", "2025-01")
        #expect(skip.status == 0 && skip.stdout.contains("家賃 is skipped in 2025-01"), "\(skip.stdout)\(skip.stderr)")
        box.environment["KAKEIBO_NOW"] = "2025-01-28T09:00:00Z"
        #expect(try box.run("fixed", "post").stdout.contains("家賃") == false)
        #expect(try box.run("fixed", "skip", "家賃", "2025-13").status == 2)
        #expect(try box.run("fixed", "skip", "電気", "2025-01").status == 1)
    }

    /// The skip is the household's: it travels in the fixed costs with `sync`, so the other member's daily post
    /// doesn't bring the deleted posting back either.
    @Test func aSkippedPostingTravelsToTheOtherMember() throws {
        let server = try ShippedServer()
        let helper = ChangeSyncTests()
        let (a, b) = (try helper.member(server), try helper.member(server))
        for box in [a, b] { box.environment["KAKEIBO_NOW"] = "2024-11-25T09:00:00Z" }
        #expect(try a.run("fixed", "add", "携帯電話", "2970", "--day", "24").status == 0)
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try b.run("fixed", "post").stdout.contains("携帯電話"))
        _ = try helper.sync(b)
        _ = try helper.sync(a)
        #expect(try a.run("delete", "fixed-0d934b28-2024-11").status == 0)
        _ = try helper.sync(a)
        let took = try helper.sync(b)
        #expect(took["settingsReceived"] as? [String] == ["fixed-costs"], "\(took)")
        #expect(try b.run("fixed", "post").stdout == "", "b's cron posts nothing again")
        #expect(try b.run("fixed", "list").stdout.contains("skipped in 2024-11"))
    }

    /// `conflicts` puts the names first and the short id last, so 80 columns show what the item is; its JSON keeps its
    /// published keys and adds each version as `month` writes an item (ISO date, category key and label).
    @Test func conflictsShowNamesFirstAndItemsAsMonthWritesThem() throws {
        let server = try ShippedServer()
        let helper = ChangeSyncTests()
        let (a, b) = (try helper.member(server), try helper.member(server))
        let soap = try a.add("オーガニックハンドソープ詰め替え用", 2756, date: "2024-11-24", category: "daily")
        _ = try helper.sync(a)
        _ = try helper.sync(b)
        #expect(try a.run("edit", soap, "--price", "2800").status == 0)
        #expect(try b.run("edit", soap, "--price", "2900").status == 0)
        _ = try helper.sync(a)
        #expect(try b.run("sync").status == 4)
        let table = try b.run("conflicts").stdout
        let row = try #require(table.split(separator: "\n").first { $0.contains("¥2,900") }.map(String.init), "\(table)")
        // At 80 columns the name gives way only after the id is short: most of it is read, where the UUID left "オオ…".
        #expect(row.hasPrefix("オーガニックハンドソー") && row.hasSuffix(String(soap.prefix(8))), "\(table)")
        #expect(!table.contains(soap), "the short id, not the whole UUID: \(table)")
        let listed = try #require(try b.run("conflicts", "--format", "json").json() as? [[String: Any]])
        let conflict = try #require(listed.first)
        #expect(Set(conflict.keys).isSuperset(of: ["id", "code", "mine", "theirs", "theirsRevision"]))
        #expect((conflict["theirs"] as? [String: Any])?["date"] as? String == "20241124", "the published wire shape stays")
        let mine = try #require(conflict["mineItem"] as? [String: Any])
        let theirs = try #require(conflict["theirsItem"] as? [String: Any])
        #expect(mine["date"] as? String == "2024-11-24" && mine["price"] as? Int == 2900 && theirs["price"] as? Int == 2800)
        #expect(mine["category"] as? String == "daily" && mine["label"] as? String == "Daily necessities", "\(mine)")
        #expect(try b.run("resolve", String(soap.prefix(8)), "theirs").status == 0)
    }

    /// `fixed list` at 80 columns folds a schedule that doesn't fit instead of cutting its date ("monthly, day 24,
    /// from 20…"): the months it runs go to the line under the cost, with the months it is skipped in.
    @Test func fixedListFoldsAScheduleInsteadOfCuttingItsDate() throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2024-11-25T09:00:00Z"
        #expect(try box.run("fixed", "add", "携帯電話", "2970", "--day", "24", "--from", "2024-11", "--category", "communication/mobile").status == 0)
        let folded = try box.run(["fixed", "list"], environment: ["COLUMNS": "80"])
        #expect(!folded.stdout.contains("…") && folded.stdout.contains("↳ from 2024-11\n"), "nothing cut: \(folded.stdout)")
        // With a skipped month, both on the one line under the cost.
        #expect(try box.run("fixed", "skip", "携帯電話", "2024-12").status == 0)
        let list = try box.run(["fixed", "list"], environment: ["COLUMNS": "80"])
        for line in list.lines { #expect(displayWidth(line) <= 80, "'\(line)'") }
        #expect(!list.stdout.contains("…"), "nothing cut: \(list.stdout)")
        #expect(list.stdout.contains("monthly, day 24") && list.stdout.contains("↳ from 2024-11 · skipped in 2024-12"), "\(list.stdout)")
        // Where it fits, the schedule stays whole on its line.
        let wide = try box.run(["fixed", "list"], environment: ["COLUMNS": "120"])
        #expect(wide.stdout.contains("monthly, day 24, from 2024-11") && wide.stdout.contains("↳ skipped in 2024-12"), "\(wide.stdout)")
    }

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
