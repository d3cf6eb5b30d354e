import Foundation
import Testing

/// The reconstructed downloads of Tests/Fixtures/downloads2 (issue 39) through the real binaries, as a new user
/// imports them: no `--from`, no `--layout`. Each file is found by the shipped layout or the reader that reads it
/// and imported to the totals in expected.json, and a second import adds nothing.
@Suite struct ShippedLayoutImportTests {
    nonisolated(unsafe) static let downloads = DownloadsFolder("Tests/Fixtures/downloads2")
    static var directory: URL { downloads.directory }
    static var expected: [String: [String: Any]] { downloads.expected }
    static func path(_ name: String) -> String { downloads.path(name) }

    /// Each file a shipped layout reads, and the layout that must find it.
    static let shipped: [String: String] = [
        "aeon-bank-202412-sjis.csv": "aeon-bank",
        "amazon-orders-2024-11.csv": "amazon-orders",
        "amazon-orders-older-form.csv": "amazon-orders",
        "dcard-202412-sjis.csv": "dcard",
        "jaccs-card-202412-sjis.csv": "jaccs-card",
        "jibun-bank-202412-sjis.csv": "jibun-bank",
        "lifecard-202504-sjis.csv": "lifecard",
        "mizuho-bank-202412-dotted-sjis.csv": "mizuho-bank",
        "mizuho-bank-202412-kanji-date-sjis.csv": "mizuho-bank-kanji-date",
        "mufg-nicos-card-202412-sjis.csv": "mufg-nicos-card",
        "orico-card-202412-sjis.csv": "orico-card",
        "paypal-202412-ja.csv": "paypal-ja",
        "pitapa-202412-sjis.csv": "pitapa",
        "pocket-card-202412-sjis.csv": "pocket-card",
        "sfcard-viewer-card-b-202503-sjis.csv": "sfcard-viewer",
        "sfcard-viewer-pasmo-202412-sjis.csv": "sfcard-viewer",
        "sfcard-viewer-suica-202411-sjis.csv": "sfcard-viewer",
        "smbc-bank-202412-sjis.csv": "smbc-bank",
        "smbc-bank-201801-wareki-sjis.csv": "smbc-bank-wareki",
        "smbc-bank-201905-era-change-sjis.csv": "smbc-bank-wareki",
        "sony-bank-202412-sjis.csv": "sony-bank",
        "tokyo-star-bank-202412-sjis.csv": "tokyo-star-bank",
        "uc-card-202412-sjis.csv": "uc-card",
        "yahoo-card-2018-sjis.csv": "yahoo-card",
        "yokohama-bank-202412-sjis.csv": "yokohama-bank",
        "ja-bank-2024-12-to-2025-01-sjis.csv": "ja-bank",
        "ja-bank-2025-04-sjis.csv": "ja-bank",
        "mobile-suica-202410.csv": "mobile-suica",
        "sbi-shinsei-202412-utf8.csv": "sbi-shinsei",
        "sbi-shinsei-202412-english-sjis.csv": "sbi-shinsei",
        "waon-202411.csv": "waon",
        "resona-debit-202504-sjis.csv": "resona-debit",
        "paypay-bank-202412-sjis.csv": "paypay-bank",
        "shinsei-powerflex-201812-utf16.csv": "shinsei-powerflex",
        // The app set to English: PayPay's own reader, its words put back in Japanese.
        "paypay-en-202412.csv": "paypay",
    ]

    /// The month's spending and income.
    func totals(_ box: Sandbox, _ month: String) throws -> (spending: Int, income: Int) {
        let parts = month.split(separator: "-").map(String.init)
        let json = try #require(try box.run("month", parts[0], parts[1], "--format", "json").json() as? [String: Any])
        return (json["total"] as? Int ?? 0, json["income"] as? Int ?? 0)
    }

    /// What the file adds to each month's spending in a fresh store: a bank's every withdrawal (no accounts are known,
    /// so no withdrawal can be a transfer), anything else's spending.
    static func spending(_ name: String) -> [String: Int] {
        let entry = expected[name] ?? [:]
        return (entry["withdrawalsByMonth"] as? [String: Int]) ?? (entry["byMonth"] as? [String: Int]) ?? [:]
    }

    @Test func everyFixtureIsFoundAndRead() {
        let files = Set(Self.expected.keys.filter { $0.hasSuffix(".csv") })
        #expect(files.count == 35)
        #expect(Set(Self.shipped.keys) == files)
    }

    @Test(arguments: shipped.keys.sorted())
    func aShippedLayoutFindsTheFileAndImportsItToItsTotalsOnce(name: String) throws {
        let box = try Sandbox()
        // After every file's last day: a date without a year may not land after today.
        box.environment["KAKEIBO_NOW"] = "2026-01-01T09:00:00Z"
        let first = try box.run("import", Self.path(name), "--format", "json")
        #expect(first.status == 0, "\(name): \(first.stderr)")
        let files = try #require((try first.json() as? [String: Any])?["files"] as? [[String: Any]])
        #expect(files.first?["format"] as? String == Self.shipped[name], "\(name): found by its layout")
        let entry = try #require(Self.expected[name])
        let spending = Self.spending(name)
        #expect(!spending.isEmpty, "\(name): expected.json has its totals")
        for (month, want) in spending { #expect(try totals(box, month).spending == want, "\(name) \(month) spending") }
        for (month, want) in (entry["incomeByMonth"] as? [String: Int]) ?? [:] {
            #expect(try totals(box, month).income == want, "\(name) \(month) income")
        }
        let before = try box.snapshot()
        let again = try box.run("import", Self.path(name), "--format", "json")
        #expect(again.status == 0, "\(name): \(again.stderr)")
        let second = try #require((try again.json() as? [String: Any])?["files"] as? [[String: Any]])
        #expect(second.first?["added"] as? Int == 0, "\(name): a second import adds nothing")
        #expect(try box.snapshot() == before, "\(name): and changes nothing")
    }

    /// A household that wrote its own layout for a file before kakeibo shipped one keeps importing it with theirs:
    /// a tie with a shipped layout is theirs, not a refusal.
    @Test func aHouseholdsOwnLayoutStillReadsAFileAShippedOneNowFitsAsWell() throws {
        let box = try Sandbox()
        let layouts = box.config.appendingPathComponent("layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        let own =
            #"{"schema": 1, "name": "my-bank", "encoding": "cp932", "header": {"match": ["年月日", "お引出し", "お預入れ", "お取り扱い内容"]}, "#
            + #""date": {"column": "年月日", "format": "yyyy/MM/dd"}, "amount": {"spending": "お引出し", "income": "お預入れ"}, "description": ["お取り扱い内容"]}"#
        try Data(own.utf8).write(to: layouts.appendingPathComponent("my-bank.json"))
        let name = "smbc-bank-202412-sjis.csv"
        let run = try box.run("import", Self.path(name), "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let files = try #require((try run.json() as? [String: Any])?["files"] as? [[String: Any]])
        #expect(files.first?["format"] as? String == "my-bank")
        for (month, want) in Self.spending(name) { #expect(try totals(box, month).spending == want, "\(month)") }
    }

    /// 三井住友銀行's 和暦 download read by its shipped layout: a date its era never had (平成 ended on 2019-04-30) is
    /// refused with its row and column, never moved to another year, and nothing is written.
    @Test func aWarekiDateOutsideItsEraIsRefusedWithItsRow() throws {
        let box = try Sandbox()
        let text = """
            "年月日（和暦）","お引出し","お預入れ","お取り扱い内容","残高"\r
            H31.04.30,20000,,"ｶｰﾄﾞ",584080\r
            H31.05.01,7020,,"ﾃﾞﾝｷﾘﾖｳｷﾝ",577060\r

            """
        let file = box.root.appendingPathComponent("wareki.csv")
        try #require(text.data(using: .shiftJIS)).write(to: file)
        let run = try box.run("import", file.path, "--lang", "en")
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stderr.contains("row 3, column 年月日（和暦）: 'H31.05.01' is not a date: 平成 ran from 1989-01-08 to 2019-04-30"), "\(run.stderr)")
        #expect(try box.snapshot().isEmpty)
    }

    /// JAバンク's dates have no year (`12月25日`): a file whose name and rows say none is refused with its first row,
    /// never given today's year; `--year` gives the newest row's, the rows before a new year get the year before;
    /// a year that makes a row future is refused; a period line above the header says it too.
    @Test func aDateWithoutAYearTakesItFromTheFileOrYearAndNeverFromToday() throws {
        let box = try Sandbox()
        let file = box.root.appendingPathComponent("nyushukkin.csv")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.path("ja-bank-2024-12-to-2025-01-sjis.csv")), to: file)
        box.environment["KAKEIBO_NOW"] = "2025-02-01T09:00:00Z"
        let none = try box.run("import", file.path, "--lang", "en")
        #expect(none.status == 2)
        #expect(
            none.stderr.contains("row 2, column 取扱日付: '12月25日' has no year and the file says none: give the year of its newest row with --year YYYY"),
            "\(none.stderr)")
        #expect(try box.snapshot().isEmpty)
        let future = try box.run("import", file.path, "--year", "2026", "--lang", "en")
        #expect(future.status == 2)
        #expect(
            future.stderr.contains("row 2, column 取扱日付: '12月25日' would be 2025-12-25, after today, with the file's newest row in 2026"),
            "\(future.stderr)")
        #expect(try box.snapshot().isEmpty)
        let given = try box.run("import", file.path, "--year", "2025")
        #expect(given.status == 0, "\(given.stderr)")
        #expect(try totals(box, "2024-12").spending == 35480 && totals(box, "2025-01").spending == 20900)

        let period = try Sandbox()
        period.environment["KAKEIBO_NOW"] = "2025-02-01T09:00:00Z"
        let stated = period.root.appendingPathComponent("meisai.csv")
        let text = "照会期間,2024年12月1日～2025年1月31日\r\n" + (try #require(String(data: Data(contentsOf: file), encoding: .shiftJIS)))
        try #require(text.data(using: .shiftJIS)).write(to: stated)
        let found = try period.run("import", stated.path)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(try totals(period, "2024-12").spending == 35480 && totals(period, "2025-01").spending == 20900)
    }
}
