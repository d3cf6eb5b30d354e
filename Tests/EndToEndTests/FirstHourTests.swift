import Foundation
import Testing

/// Issue #13, "the first hour also stumbles": each stumble a new user met, as the real binary now answers it.
@Suite struct FirstHourTests {
    @Test func emptiedCategoriesFileSaysWhichFileAndHowToRestore() throws {
        let box = try Sandbox()
        try box.write("config/kakeibo/categories.json", "")
        let month = try box.run("month", "2024", "12")
        #expect(month.status == 1)
        #expect(month.stderr.contains("categories.json: the file is empty"))
        #expect(month.stderr.contains("kakeibo categories init --force"))
        #expect(month.stderr.split(separator: "\n").count == 1)
        let listed = try box.run("categories")
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("栄養補助"))
        #expect(listed.stderr.contains("showing the default categories"))
        let restored = try box.run("categories", "init", "--force")
        #expect(restored.status == 0)
        #expect(try box.run("month", "2024", "12").status == 0)
    }

    @Test func categoriesInitWritesAPresetAndKeepsAnExistingFile() throws {
        let box = try Sandbox()
        let written = try box.run("categories", "init", "--preset", "household")
        #expect(written.status == 0)
        #expect(written.stdout.isEmpty)
        let path = box.config.appendingPathComponent("categories.json").path
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let again = try box.run("categories", "init")
        #expect(again.status == 1)
        #expect(again.stderr.contains("exists already") && again.stderr.contains("--force"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let json = try #require(try box.run("categories", "--format", "json").json() as? [String: Any])
        let list = try #require(json["categories"] as? [[String: Any]])
        let codes = list.compactMap { $0["code"] as? Int }
        #expect(list.filter { [0, 1].contains($0["code"] as? Int) }.map { $0["key"] as? String } == ["food", "entertainment"], "the app's codes")
        // Only the income category (code 90, as in the standard taxonomy) lives in the 90s.
        #expect(codes.filter { (90...99).contains($0) } == [90])
        let names = Set(list.compactMap { $0["ja"] as? String })
        for name in ["食費", "娯楽費", "住居費", "水道光熱費", "通信費", "日用品", "医療費", "教育費", "衣服・美容", "交際費", "特別費"] {
            #expect(names.contains(name), "missing \(name)")
        }
        let rent = try box.run("add", "家賃", "85000", "--category", "rent", "--date", "2024-12-01")
        #expect(rent.stdout.contains("Housing › Rent"))
        #expect(try box.run("categories", "--preset", "household").status == 2)
    }

    @Test(arguments: [
        (["add", "コーヒー", "１７８", "--date", "2024-12-03"], "¥178"),
        (["add", "コーヒー", "178円", "--date", "2024-12-03"], "¥178"),
        (["add", "本", "￥1,899", "--date", "2024-12-03"], "¥1,899"),
        (["add", "本", "¥1,899", "--date", "２０２４-１２-０３"], "2024-12-03"),
    ])
    func pricesAndDatesAsTypedWithAnIME(arguments: [String], shows: String) throws {
        let box = try Sandbox()
        let run = try box.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(shows))
    }

    @Test func periodsAndBudgetsAsTypedWithAnIME() throws {
        let box = try Sandbox()
        try box.run("add", "a", "100", "--date", "2024-12-03")
        let month = try box.run("month", "2024", "１２")
        #expect(month.status == 0)
        #expect(month.stdout.contains("December 2024"))
        let budget = try box.run("budget", "set", "food", "５００００")
        #expect(budget.status == 0)
        #expect(budget.stdout.contains("¥50,000") || budget.stderr.contains("¥50,000"))
    }

    @Test(arguments: [
        (["mnth"], "did you mean 'month'?"),
        (["month", "--categroy", "food"], "did you mean '--category'?"),
        (["add", "a", "1", "--category", "good"], "did you mean entertainment/goods (娯楽費/雑貨（アプリ）)?"),
        (["add", "a", "1", "--category", "娯楽"], "did you mean entertainment (娯楽費)?"),
        (["add", "お米", "5kg", "2,480"], #"kakeibo add "お米 5kg" 2,480"#),
    ])
    func mistakesGetTheNearestSuggestion(arguments: [String], mentions: String) throws {
        let box = try Sandbox()
        let run = try box.run(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(mentions), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aSubcategoryAloneIsEnoughWhenOnlyOneCategoryHasIt() throws {
        let box = try Sandbox()
        let run = try box.run("add", "お茶", "150", "--category", "drink", "--date", "2024-12-03")
        #expect(run.status == 0)
        #expect(run.stdout.contains("Food › Drink"))
    }

    @Test func aStoreIsMadeOnlyInsideAnExistingDirectoryAndSaysWhere() throws {
        let box = try Sandbox()
        let typo = box.root.appendingPathComponent("no/such/parent/dir").path
        let refused = try box.run("add", "x", "1", "--store", typo)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(typo))
        #expect(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("no").path))
        let fresh = box.root.appendingPathComponent("fresh").path
        let first = try box.run("add", "x", "1", "--store", fresh)
        #expect(first.status == 0)
        #expect(first.stderr.contains("created a new store at \(fresh)"))
        #expect(try box.run("add", "y", "2", "--store", fresh).stderr.isEmpty)
    }

    @Test func csvExportNeutralisesFormulas() throws {
        let box = try Sandbox()
        try box.run("add", "=1+2", "100", "--date", "2024-12-03")
        try box.run("add", "返品", "-500", "--date", "2024-12-04")
        let csv = try box.run("month", "2024", "12", "--format", "csv").stdout
        #expect(csv.contains(",'=1+2,100,"))
        #expect(csv.contains(",返品,-500,"))
    }

    /// Display columns as a terminal counts them, near enough for these names: CJK and full-width forms are two.
    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 && $1.value != 0x2026 ? 2 : 1) }
    }

    @Test func theItemListFitsANarrowTerminal() throws {
        let box = try Sandbox()
        try box.run("add", "オーガニック野菜の詰め合わせセット", "3480", "--category", "entertainment/traffic", "--date", "2024-12-03")
        try box.run("add", "コーヒー", "178", "--date", "2024-12-04")
        let narrow = try box.run(["month", "2024", "12"], environment: ["COLUMNS": "40"])
        let lines = narrow.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let list = lines.drop { !$0.contains("Name") }.prefix { !$0.isEmpty }
        #expect(!list.isEmpty)
        for line in list { #expect(Self.columns(line) <= 40, "\(line)") }
        #expect(list.contains { $0.contains("…") })
    }

    @Test func aLongTrendSparklineIsResampledToFit() throws {
        let box = try Sandbox()
        try box.run("add", "a", "100", "--date", "2024-12-03")
        let trend = try box.run(["trend", "--months", "120"], environment: ["COLUMNS": "80"])
        #expect(trend.status == 0)
        let spark = try #require(trend.stdout.split(separator: "\n").dropFirst().first)
        #expect(spark.count == 80)
    }

    /// The sample household shows what kakeibo is for: a month with income and 収支 like a two-person household's,
    /// two members who settle, payments by card, cash and IC card, budgets and a savings goal.
    @Test func theSampleHouseholdShowsTheWholeKakeibo() throws {
        let box = try Sandbox()
        let sample = Products.repository.appendingPathComponent("Examples/household").path
        func json(_ arguments: String...) throws -> [String: Any] {
            try #require(try box.run(arguments + ["--store", sample, "--format", "json"]).json() as? [String: Any])
        }
        let month = try json("month", "2024", "12")
        let total = try #require(month["total"] as? Int)
        let food = (month["breakdown"] as? [[String: Any]])?.first { $0["category"] as? String == "food" }?["total"] as? Int ?? 0
        #expect((250_000...330_000).contains(total) && (70_000...90_000).contains(food), "total \(total), food \(food)")
        #expect((month["income"] as? Int ?? 0) > total && month["balance"] as? Int == (month["income"] as? Int ?? 0) - total)
        let keys = Set((month["breakdown"] as? [[String: Any]] ?? []).compactMap { $0["category"] as? String })
        #expect(keys.isSuperset(of: ["housing", "utilities", "communication", "insurance", "transport", "daily"]))
        let settle = try json("settle", "2024-12")
        #expect((settle["members"] as? [[String: Any]])?.compactMap { $0["member"] as? String } == ["ayumi", "ken"])
        #expect((settle["unassigned"] as? [String: Any])?["count"] as? Int == 0 && (settle["transfers"] as? [Any])?.count == 1)
        let payments = try json("month", "2024", "12", "--by", "payment")
        #expect(Set((payments["breakdown"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? String }).isSuperset(of: ["カード", "現金", "Suica"]))
        let review = try box.run("review", "2024", "12", "--store", sample)
        #expect(review.status == 0 && review.stdout.contains("Savings goal ¥150,000") && !review.stdout.contains("Income ¥0"), "\(review.stdout)")
    }

    /// Trying commands on the sample household (a copy of it, here) leaves only what its .gitignore names.
    @Test func tryingTheSampleHouseholdLeavesNothingGitWouldTrack() throws {
        let box = try Sandbox()
        let sample = Products.repository.appendingPathComponent("Examples/household")
        let copy = box.root.appendingPathComponent("household")
        try FileManager.default.copyItem(at: sample, to: copy)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: copy.path))
        for arguments in [["month", "2024", "12"], ["year", "2024"], ["add", "お茶", "150", "--date", "2024-12-05"], ["undo"], ["check"]] {
            #expect(try box.run(arguments + ["--store", copy.path]).status == 0, "\(arguments)")
        }
        let ignored = try String(contentsOf: copy.appendingPathComponent(".gitignore"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.hasSuffix("/") ? String($0.dropLast()) : String($0) }
        let added = Set(try FileManager.default.contentsOfDirectory(atPath: copy.path)).subtracting(before)
        #expect(!added.isEmpty, "the add made summaries or backups")
        for name in added { #expect(ignored.contains(name), "\(name) is not ignored") }
    }
}
