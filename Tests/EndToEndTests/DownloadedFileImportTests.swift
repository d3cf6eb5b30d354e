import Foundation
import Testing

/// The reconstructed downloads of Tests/Fixtures/downloads through the real binaries: each found from the file and
/// imported to the totals its service shows, a second import adding nothing; two ゆうちょ accounts; the shipped
/// layouts, --layout-init and a household's own layouts; refusals; --dry-run.
@Suite struct DownloadedFileImportTests {
    nonisolated(unsafe) static let downloads = DownloadsFolder("Tests/Fixtures/downloads")
    static var directory: URL { downloads.directory }
    static var expected: [String: [String: Any]] { downloads.expected }
    static func path(_ name: String) -> String { downloads.path(name) }

    /// `kakeibo import FILE…`, the format found from each file.
    func importFound(_ box: Sandbox, _ names: [String], _ extra: [String] = []) throws -> Run {
        try box.run(["import"] + names.map(Self.path) + extra)
    }

    /// The month's spending total.
    func total(_ box: Sandbox, _ month: String) throws -> Int {
        let parts = month.split(separator: "-").map(String.init)
        let json = try #require(try box.run("month", parts[0], parts[1], "--format", "json").json() as? [String: Any])
        return json["total"] as? Int ?? 0
    }

    /// What the file adds to each month, imported alone into an empty store (expected.json; see DownloadedFileTests).
    static func months(_ name: String) -> [String: Int] {
        let entry = expected[name] ?? [:]
        if let alone = entry["byMonthIfImportedAlone"] as? [String: Int] { return alone }
        var months = (entry["byMonth"] as? [String: Int]) ?? (entry["monthSpending"] as? [String: Int]) ?? [:]
        if let undated = months.removeValue(forKey: "undated (statement 2024-12)") { months["2024-11", default: 0] += undated }
        if let withCharges = entry["netSpendingWithCharges"] as? Int, let net = entry["netSpending"] as? Int, let last = months.keys.sorted().last {
            // A card's wallet charges are spending as far as the card knows (each of these files has them in its last month).
            months[last, default: 0] += withCharges - net
        }
        if name == "rakuten-enavi-202501-11col-closed.csv" { months["2024-11", default: 0] += 59_800 }
        return months
    }

    @Test(arguments: expected.keys.filter { $0.hasSuffix(".csv") && !$0.hasPrefix("zaim-2024-year-only") }.sorted())
    func everyFileIsFoundFromItselfAndImportedToItsTotalsOnce(name: String) throws {
        let box = try Sandbox()
        let first = try importFound(box, [name])
        #expect(first.status == 0, "\(name): \(first.stderr)")
        for (month, want) in Self.months(name) { #expect(try total(box, month) == want, "\(name) \(month)") }
        let before = try box.snapshot()
        let again = try importFound(box, [name], ["--format", "json"])
        #expect(again.status == 0)
        let json = try #require(try again.json() as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.first?["added"] as? Int == 0, "\(name): a second import adds nothing")
        #expect(try box.snapshot() == before, "\(name): and changes nothing")
    }

    @Test func twoYuchoAccountsKeepEveryLineInOneCommandOrTwo() throws {
        let a = "yucho-202412-account-a-sjis.csv"
        let b = "yucho-202412-account-b-sjis.csv"
        let together = try Sandbox()
        #expect(try importFound(together, [a, b]).status == 0)
        #expect(try total(together, "2024-12") == 45_070 + 89_220)
        let apart = try Sandbox()
        #expect(try importFound(apart, [a]).status == 0)
        let second = try importFound(apart, [b])
        #expect(
            second.stdout.hasPrefix("Imported 6 lines from ゆうちょ銀行 (Shift_JIS): 6 new, 0 already there"),
            "five withdrawals and a deposit: \(second.stdout)")
        #expect(try total(apart, "2024-12") == 45_070 + 89_220)
        let payments = try #require(try apart.run("month", "2024", "12", "--by", "payment", "--format", "json").json() as? [String: Any])
        #expect("\(payments)".contains("ゆうちょ銀行 *5671") && "\(payments)".contains("ゆうちょ銀行 *1701"), "each account is its own payment")
    }

    @Test func zaimsYearOnlyRowsCountInTheYearAndNotInTheirMonth() throws {
        let box = try Sandbox()
        let name = "zaim-2024-year-only-utf8.csv"
        #expect(try importFound(box, [name]).status == 0)
        let entry = try #require(Self.expected[name])
        for (month, want) in try #require(entry["monthSpending"] as? [String: Int]) { #expect(try total(box, month) == want, "\(month)") }
        #expect(try total(box, "2024-06") == 0, "June's only row is a year-only tax")
        let year = try #require(try box.run("year", "2024", "--format", "json").json() as? [String: Any])
        #expect(year["total"] as? Int == (entry["yearSpending"] as? [String: Int])?["2024"])
        let tagged = try #require(try box.run("find", "--tag", "年の集計にのみ含める", "--format", "json").json() as? [String: Any])
        #expect(tagged["count"] as? Int == entry["yearOnlyLines"] as? Int, "the flag is a tag on the item, found like any other")
        #expect(tagged["total"] as? Int == entry["yearOnlyTotal"] as? Int)
        #expect(try importFound(box, [name], ["--dry-run"]).stdout.contains("0 would be added, 9 already there"))
    }

    @Test func theCurrentMonthsCSVThenTheClosedOneCountEachPurchaseOnce() throws {
        let box = try Sandbox()
        for name in ["rakuten-enavi-202412-11col.csv", "rakuten-enavi-202501-12col-current.csv", "rakuten-enavi-202501-11col-closed.csv"] {
            #expect(try importFound(box, [name]).status == 0)
        }
        // December's bill (with its 楽天キャッシュ charge), January's lines once, the installment once.
        #expect(try total(box, "2024-11") == 95_304 + 862)
        #expect(try total(box, "2024-12") == 18_736)
    }

    @Test func aDryRunSaysWhatEachFileWouldDoAndWritesNothing() throws {
        let box = try Sandbox()
        #expect(try box.run("add", "昼ごはん", "800", "--date", "2024-11-02").status == 0)
        let before = try box.snapshot()
        let names = [
            "rakuten-enavi-202412-11col.csv", "yucho-202412-account-b-sjis.csv", "zaim-202411-own-category-sjis.csv", "jcb-myjcb-202412-sjis.csv",
        ]
        let run = try box.run(["import", "--dry-run"] + names.map(Self.path))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try box.snapshot() == before, "a dry run writes nothing")
        for text in [
            "rakuten-enavi-202412-11col.csv: 楽天カード (e-NAVI, 11 columns, 手数料/利息, 当月請求額; UTF-8)",
            "11 rows read, 10 to import: 10 would be added, 0 already there", "2024-11: +10 items, spending +¥95,304",
            "yucho-202412-account-b-sjis.csv: ゆうちょ銀行", "2024-12: +6 items, spending +¥89,220, income +¥198,000",
            "Not in your categories: 車/駐車場, 1 row, ¥1,200 →", "jcb-myjcb-202412-sjis.csv: JCBカード (MyJCB) (shipped with kakeibo; Shift_JIS)",
            "Set aside 2 rows: not billed 2", "Note: 1 line has no date on the statement and took the date of the line above",
            "Nothing was written (--dry-run).",
        ] {
            #expect(run.stdout.contains(text), "\(text)\n\(run.stdout)")
        }
        let json = try #require(try box.run(["import", "--dry-run", "--format", "json"] + names.map(Self.path)).json() as? [String: Any])
        #expect(json["dryRun"] as? Bool == true)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["format"] as? String } == ["rakuten-card", "yucho", "zaim", "jcb"])
        #expect(files.map { $0["added"] as? Int } == [10, 6, 9, 5], "ゆうちょ's deposit is income, Zaim's 振替 a transfer: lines of their own")
        // After the import, the same dry run finds everything there.
        #expect(try importFound(box, names).status == 0)
        let after = try #require(try box.run(["import", "--dry-run", "--format", "json"] + names.map(Self.path)).json() as? [String: Any])
        #expect((after["files"] as? [[String: Any]])?.map { $0["added"] as? Int } == [0, 0, 0, 0])
    }

    // MARK: layouts

    static let layoutFiles = [
        "aeon-card-202412-sjis.csv", "jcb-myjcb-202412-sjis.csv", "epos-card-202412-sjis.csv", "saison-card-202412-sjis.csv",
        "paypay-card-202412.csv", "view-card-202412-sjis.csv", "rakuten-bank-202412-sjis.csv", "rakuten-bank-201912-old-header-sjis.csv",
        "sbi-sumishin-202412-sjis.csv", "mufg-202412-sjis.csv",
    ]

    @Test(arguments: layoutFiles)
    func layoutInitWritesALayoutThatReadsTheFile(name: String) throws {
        let box = try Sandbox()
        let guess = try box.run("import", Self.path(name), "--layout-init")
        #expect(guess.status == 0, "\(name): \(guess.stderr)")
        #expect(guess.stderr.contains("date: ") && guess.stderr.contains("amount: ") && guess.stderr.contains("name: "), "\(guess.stderr)")
        #expect(try box.snapshot().isEmpty, "--layout-init imports nothing")
        let layout = box.root.appendingPathComponent("guessed.json")
        try guess.stdout.write(to: layout, atomically: true, encoding: .utf8)
        let run = try box.run("import", "--layout", layout.path, Self.path(name))
        #expect(run.status == 0, "\(name): \(run.stderr)\n\(guess.stdout)")
        for (month, want) in Self.months(name) { #expect(try total(box, month) == want, "\(name) \(month)\n\(guess.stdout)") }
    }

    @Test func aHouseholdsOwnLayoutIsFoundFromTheFile() throws {
        let box = try Sandbox()
        let bank = box.root.appendingPathComponent("bank.csv")
        try Data("お取引日,お取引内容,お引出し,お預入れ,残高\n2024.12.03,ＡＭＡＺＯＮ,1200,,5000\n2024.12.05,給与,,200000,205000\n".utf8).write(to: bank)
        let refused = try box.run("import", bank.path)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--layout-init"), "the way forward: \(refused.stderr)")
        let guess = try box.run("import", bank.path, "--layout-init")
        #expect(guess.status == 0, "\(guess.stderr)")
        try FileManager.default.createDirectory(at: box.config.appendingPathComponent("layouts"), withIntermediateDirectories: true)
        try guess.stdout.write(to: box.config.appendingPathComponent("layouts/bank.json"), atomically: true, encoding: .utf8)
        let run = try box.run("import", bank.path, "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try total(box, "2024-12") == 1200)
        #expect("\(try run.json())".contains("bank"))
    }

    /// A layout file that can't read its file: one line, exit 2, nothing imported.
    @Test(arguments: [
        (
            "missing column", #""amount": {"column": "ご利用額", "sign": "positive-is-spending"}"#,
            "reads column 'ご利用額', which the header (row 8) doesn't have"
        ),
        ("unknown encoding", #""encoding": "euc-jp""#, #""encoding" must be auto, utf-8, cp932, utf-16, got 'euc-jp'"#),
        (
            "date format", #""date": {"column": "ご利用日", "format": "yyyy/MM/dd"}"#,
            "row 9, column ご利用日: '241103' does not match the layout's date format yyyy/MM/dd"
        ),
    ])
    func aLayoutThatDoesNotFitIsRefusedInOneLine(what: String, change: String, message: String) throws {
        let box = try Sandbox()
        var layout: [String: Any] = [
            "schema": 1, "name": "aeon", "encoding": "cp932", "header": ["match": ["ご利用日", "ご利用先"], "within": 20],
            "date": ["column": "ご利用日", "format": "yyMMdd"], "amount": ["column": "ご利用金額"], "description": ["ご利用先"],
            "stop": [["column": 1, "equals": "分割・ボーナス払い明細"]],
        ]
        let changed = try #require(try JSONSerialization.jsonObject(with: Data("{\(change)}".utf8)) as? [String: Any])
        layout.merge(changed) { $1 }
        let file = box.root.appendingPathComponent("aeon.json")
        try JSONSerialization.data(withJSONObject: layout).write(to: file)
        let run = try box.run("import", "--layout", file.path, Self.path("aeon-card-202412-sjis.csv"))
        #expect(run.status == 2, "\(what)")
        #expect(run.stderr.contains(message), "\(what): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(what): \(run.stderr)")
        #expect(try box.snapshot().isEmpty, "\(what): nothing imported")
    }

    @Test func aRefusalNamesTheRowTheColumnWhatWasExpectedAndTheWayForward() throws {
        let box = try Sandbox()
        let bad = box.root.appendingPathComponent("enavi.csv")
        try Data(
            "利用日,利用店名・商品名,利用者,支払方法,利用金額,手数料/利息,支払総額\n2024/12/01,店,本人,1回払い,100,0,100\n2024/13/02,店,本人,1回払い,200,0,200\n".utf8
        ).write(to: bad)
        let run = try box.run("import", bad.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("row 3, column 利用日: '2024/13/02' is not a date: month must be 1–12"), "\(run.stderr)")
        #expect(run.stderr.contains("--layout-init"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try box.snapshot().isEmpty)
    }

    /// A layout bank's file is one more source of the one ledger: its money in is income, and with the household's
    /// accounts its card bill and ATM withdrawal are transfers, never spending (as ゆうちょ's are).
    @Test func aLayoutBanksMoneyInIsIncomeAndItsCardBillATransfer() throws {
        let name = "rakuten-bank-202412-sjis.csv"
        let entry = try #require(Self.expected[name])
        let box = try Sandbox()
        for account in [["楽天銀行", "--kind", "bank"], ["楽天カード", "--kind", "card", "--alias", "ラクテンカードサービス"], ["現金", "--kind", "cash"]] {
            #expect(try box.run(["accounts", "add"] + account).status == 0)
        }
        let run = try importFound(box, [name])
        #expect(run.status == 0, "\(run.stderr)")
        let month = try #require(try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])
        #expect(month["total"] as? Int == entry["spendingTotal"] as? Int)
        #expect(month["income"] as? Int == entry["incomeTotal"] as? Int)
        let transfers = try #require(month["transfers"] as? [String: Any])
        #expect(transfers["count"] as? Int == entry["transferLines"] as? Int)
        #expect(transfers["total"] as? Int == (entry["withdrawalTotal"] as? Int ?? 0) - (entry["spendingTotal"] as? Int ?? 0))
    }

    /// A bank's id repeated within one file is two lines (¥1,100, not ¥600), and importing the file again adds nothing.
    @Test func aLayoutsRepeatedIdWithinOneFileIsTwoLines() throws {
        let box = try Sandbox()
        let layout = try box.write(
            "bank.json",
            #"{"schema": 1, "name": "bank", "header": {"match": ["日付", "内容", "金額", "番号"]}, "date": {"column": "日付", "format": "yyyy/MM/dd"}, "amount": {"column": "金額"}, "description": ["内容"], "id": "番号"}"#
        )
        let file = try box.write("bank.csv", "日付,内容,金額,番号\n2024/12/01,書店,600,A1\n2024/12/02,薬局,500,A1\n")
        let first = try box.run("import", "--layout", layout, file, "--format", "json")
        #expect(first.status == 0, "\(first.stderr)")
        let month = try box.run("month", "2024", "12", "--format", "json")
        let object = try #require(try month.json() as? [String: Any])
        #expect(object["count"] as? Int == 2, "\(month.stdout)")
        let again = try box.run("import", "--layout", layout, file)
        #expect(again.status == 0, "\(again.stderr)")
        #expect((try box.run("month", "2024", "12", "--format", "json").json() as? [String: Any])?["count"] as? Int == 2)
    }
}
