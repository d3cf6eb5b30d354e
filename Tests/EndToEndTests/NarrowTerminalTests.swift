import Foundation
import KakeiboKit
import Testing

/// Every table kakeibo prints fits a 40-column terminal: the sample household and a store with long names, budgets,
/// fixed costs, members and backups, each command in both languages, at COLUMNS=40.
@Suite struct NarrowTerminalTests {
    static let width = 40

    /// The sample household, with what it lacks added: long names, details, a split, budgets, fixed costs, an
    /// income, an item in a category the taxonomy doesn't know, and so a history of backups.
    func household() throws -> Sandbox {
        let box = try Sandbox()
        let sample = Products.repository.appendingPathComponent("Examples/household")
        try FileManager.default.createDirectory(at: box.store.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: sample, to: box.store)
        box.environment["KAKEIBO_NOW"] = "2024-12-20T09:00:00Z"
        for arguments in [
            ["config", "set", "split", "あゆみ=60,けんいちろう=40"],
            ["budget", "set", "food", "30000"], ["budget", "set", "entertainment/traffic", "5000"], ["budget", "set", "savings", "20000"],
            ["budget", "set", "特別費", "240000", "--yearly"], ["budget", "set", "entertainment", "20000", "--rollover", "--from", "2024-10"],
            ["fixed", "add", "家賃（管理費・共益費込み）", "85000", "--day", "27", "--category", "entertainment"],
            ["fixed", "add", "給与", "300000", "--day", "25", "--category", "income/salary"],
            [
                "add", "オーガニック野菜の詰め合わせセット", "3480", "--date", "2024-12-03", "--member", "あゆみ", "--payment", "楽天カード（家族）", "--shop", "成城石井 新宿店",
                "--tag", "おもてなし料理の材料", "--tag", "年末",
            ],
            ["add", "本", "1500", "--date", "2024-12-04", "--member", "けんいちろう", "--personal", "--memo", "誕生日のプレゼントに", "--tag", "年末"],
            ["add", "給与", "300000", "--date", "2024-12-25", "--category", "income/salary", "--member", "あゆみ"],
            ["review", "2024-12", "--note", "外食が多かった。来月は自炊を増やす"],
        ] {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        let imported = try box.run(
            ["import", "-"], stdin: #"[{"id":"x7","date":"20241220","name":"謎の項目","price":300,"category":7,"categorySub":2}]"#)
        #expect(imported.status == 0, "\(imported.stderr)")
        return box
    }

    /// Every command that prints a table, as a person would type it. `check` is not among them: its last column is
    /// each problem's message, a sentence that is never cut (a report of damage must say all of it).
    static let commands: [[String]] = [
        ["month", "2024", "12"], ["month", "2024", "11"], ["month", "2024", "12", "--category", "food"],
        ["month", "2024", "12", "--by", "payment"], ["month", "2024", "12", "--by", "shop"], ["month", "2024", "12", "--by", "member"],
        ["month", "2024", "12", "--by", "tag"], ["year", "2024"], ["year", "2025"], ["year", "2024", "--by", "member"],
        ["year", "2024", "--by", "tag"], ["trend", "--end", "2024-12"], ["recent"], ["recent", "30"],
        ["review", "2024", "12"], ["settle", "2024-12"], ["settle", "2024"], ["find", "コーヒー"], ["find", "セット"], ["find", "家賃"],
        ["find", "--tag", "年末"],
        ["categories"], ["budget", "list"], ["fixed", "list"], ["backups"], ["conflicts"],
    ]

    /// A line of a table: text, then a gap of two spaces or more between columns.
    static func isTableLine(_ line: Substring) -> Bool {
        let text = line.drop { $0 == " " }
        return text.contains("  ") && !text.hasSuffix("  ")
    }

    @Test(arguments: ["en", "ja"]) func everyTableFitsFortyColumns(language: String) throws {
        let box = try household()
        var tables = 0
        for command in Self.commands {
            let run = try box.run(command + ["--lang", language], environment: ["COLUMNS": String(Self.width)])
            #expect(run.status == 0, "\(command): \(run.stderr)")
            for line in run.stdout.split(separator: "\n") where Self.isTableLine(line) {
                tables += 1
                #expect(displayWidth(String(line)) <= Self.width, "\(command.joined(separator: " ")): \(displayWidth(String(line))) columns: \(line)")
            }
        }
        #expect(tables > 200, "the walk saw the tables")
    }

    /// Not only the tables: every line of the sample household's month fits, the income line too (it was 58 columns).
    @Test(arguments: ["en", "ja"]) func everyLineOfTheSampleMonthFitsFortyColumns(language: String) throws {
        let sample = Products.repository.appendingPathComponent("Examples/household").path
        let run = try Sandbox().run(
            ["month", "2024", "12", "--store", sample, "--lang", language], environment: ["COLUMNS": String(Self.width)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(language == "en" ? "Savings rate" : "貯蓄率"), "the income line is there")
        for line in run.lines { #expect(displayWidth(line) <= Self.width, "\(displayWidth(line)) columns: \(line)") }
    }

    /// The month's comparison with its neighbours keeps the previous month and the change when it must drop columns,
    /// and keeps all of them on a wide terminal.
    @Test func theNeighboursTableDropsTheNextMonthFirst() throws {
        let box = try household()
        let narrow = try box.run(["month", "2024", "11"], environment: ["COLUMNS": "40"])
        let header = try #require(narrow.lines.first { $0.contains("Oct 2024") })
        #expect(header.contains("Nov 2024") && header.contains("Change") && !header.contains("Dec 2024"), "\(header)")
        let wide = try box.run(["month", "2024", "11"], environment: ["COLUMNS": "100"])
        let full = try #require(wide.lines.first { $0.contains("Oct 2024") })
        #expect(full.contains("Dec 2024") && full.contains("Change"), "\(full)")
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
}
