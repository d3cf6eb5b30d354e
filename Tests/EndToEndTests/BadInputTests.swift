import Foundation
import Testing

/// Every bad input from the core issue: exit 2 (or 1 where said), one clear line on stderr naming the bad value,
/// nothing on stdout, and the store byte-for-byte as it was. The cases run in-process (`Kakeibo.run`: what the binary
/// runs and delivers); a damaged month file goes through the real binary.
@Suite struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        var mentions: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["month", "2024", "0"], status: 2, mentions: ["month must be 1–12", "'0'"]),
        Case(arguments: ["month", "2024", "13"], status: 2, mentions: ["month must be 1–12", "'13'"]),
        Case(arguments: ["month", "0", "12"], status: 2, mentions: ["year", "'0'"]),
        Case(arguments: ["year", "99999"], status: 2, mentions: ["year", "'99999'"]),
        Case(arguments: ["year", "0"], status: 2, mentions: ["year", "'0'"]),
        Case(arguments: ["month", "2024"], status: 2, mentions: ["MONTH"]),
        Case(arguments: ["add", "a", "100", "--date", "2024-02-30"], status: 2, mentions: ["2024-02-30", "29 days"]),
        Case(arguments: ["add", "a", "100", "--date", "2024-13-01"], status: 2, mentions: ["2024-13-01", "month must be 1–12"]),
        Case(arguments: ["add", "a", "100", "--date", "tomorrow-ish"], status: 2, mentions: ["tomorrow-ish", "YYYY-MM-DD"]),
        Case(arguments: ["add", "a", "abc"], status: 2, mentions: ["'abc'", "whole number"]),
        Case(arguments: ["add", "a", "0"], status: 2, mentions: ["must not be 0"]),
        Case(arguments: ["add", "a", "1e3"], status: 2, mentions: ["'1e3'"]),
        Case(arguments: ["add", "a", "12.5"], status: 2, mentions: ["'12.5'"]),
        Case(arguments: ["add", "a", "99999999999999999999"], status: 2, mentions: ["'99999999999999999999'", "9,999,999,999"]),
        Case(arguments: ["add", "", "100"], status: 2, mentions: ["name must not be empty"]),
        Case(arguments: ["add", "   ", "100"], status: 2, mentions: ["name must not be empty"]),
        Case(arguments: ["add", String(repeating: "あ", count: 31), "100"], status: 2, mentions: ["at most 30", "31"]),
        Case(arguments: ["add", "a", "100", "--category", "fod"], status: 2, mentions: ["'fod'", "food, housing"]),
        Case(arguments: ["add", "a", "100", "--category", "food/beer"], status: 2, mentions: ["'beer'", "grocery, drink, sweets, supplement"]),
        Case(arguments: ["month", "2024", "12", "--category", "nope"], status: 2, mentions: ["'nope'", "food, housing"]),
        Case(arguments: ["frobnicate"], status: 2, mentions: ["unknown command 'frobnicate'"]),
        Case(arguments: ["month", "--frob"], status: 2, mentions: ["unknown option '--frob'", "kakeibo month --help"]),
        Case(arguments: ["month", "--sort", "name"], status: 2, mentions: ["--sort", "date, price", "'name'"]),
        Case(arguments: ["month", "--format", "xml"], status: 2, mentions: ["--format", "table, json, csv"]),
        Case(arguments: ["month", "--sort"], status: 2, mentions: ["--sort needs a value"]),
        Case(arguments: ["add"], status: 2, mentions: ["add needs NAME PRICE"]),
        Case(arguments: ["add", "a"], status: 2, mentions: ["add needs PRICE"]),
        Case(arguments: ["add", "a", "1", "extra"], status: 2, mentions: ["unexpected argument 'extra'"]),
        Case(arguments: ["edit"], status: 2, mentions: ["edit needs ID"]),
        Case(arguments: ["edit", "abc"], status: 2, mentions: ["at least one of"]),
        Case(arguments: ["edit", "no-such-id", "--price", "5"], status: 1, mentions: ["no item with id 'no-such-id'"]),
        Case(arguments: ["delete", "no-such-id"], status: 1, mentions: ["no item with id 'no-such-id'"]),
        Case(arguments: ["edit", "seed", "--price", "abc"], status: 2, mentions: ["'abc'"]),
        Case(arguments: ["--lang", "fr", "month"], status: 2, mentions: ["--lang", "ja, en"]),
        Case(arguments: ["import"], status: 2, mentions: ["import needs FILE"]),
        Case(arguments: ["import", "/nonexistent/file.json"], status: 1, mentions: ["/nonexistent/file.json"]),
        Case(arguments: ["month", "--desc=yes"], status: 2, mentions: ["--desc takes no value"]),
        Case(arguments: ["month", "--format", "json", "--format", "csv"], status: 2, mentions: ["--format", "more than once"]),
    ]

    @Test(arguments: cases)
    func isRefusedClearlyAndChangesNothing(_ bad: Case) throws {
        let box = try Sandbox()
        #expect(box.runInProcess(["add", "seed", "100", "--date", "2024-12-01", "--category", "food"]).status == 0)
        let before = try box.snapshot()
        let run = box.runInProcess(bad.arguments)
        #expect(run.status == bad.status, "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("kakeibo: "))
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "one line: \(run.stderr)")
        for text in bad.mentions { #expect(run.stderr.contains(text), "\(run.stderr) should mention \(text)") }
        #expect(try box.snapshot() == before)
    }

    static let badImports: [(String, [String])] = [
        (#"{"id":"1"}"#, ["JSON array"]),
        ("[{\"id\":\"1\",", ["not valid JSON", "line 1"]),
        (
            #"[{"id":"1","date":"20241203","name":"a","price":1,"category":0},{"id":"2","date":"20241232","name":"b","price":1,"category":0}]"#,
            ["item [1]", "date"]
        ),
        (
            #"[{"id":"1","date":"20241203","name":"a","price":1,"category":0},{"id":"2","date":"20241203","name":"b","price":"12","category":0}]"#,
            ["item [1]", "price"]
        ),
        (#"[{"id":"1","date":"20241203","name":"","price":1,"category":0}]"#, ["item [0]", "name"]),
        (#"[{"id":"1","date":"20241203","name":"a","price":1}]"#, ["item [0]", "category", "missing"]),
        (
            #"[{"id":"1","date":"20241203","name":"a","price":1,"category":0},{"id":"1","date":"20241203","name":"a","price":1,"category":0}]"#,
            ["item [1]", "repeats"]
        ),
        ("", ["the file is empty"]),
    ]

    @Test(arguments: badImports)
    func aBadImportImportsNothing(_ body: String, _ mentions: [String]) throws {
        let box = try Sandbox()
        #expect(box.runInProcess(["add", "seed", "100", "--date", "2024-12-01", "--category", "food"]).status == 0)
        let before = try box.snapshot()
        let file = try box.write("bad.json", body)
        let run = box.runInProcess(["import", file])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("nothing imported"))
        for text in mentions { #expect(run.stderr.contains(text), "\(run.stderr) should mention \(text)") }
        #expect(try box.snapshot() == before)
    }

    @Test func anUnreadableMonthFileIsReportedNamedAndLeftAlone() throws {
        let box = try Sandbox()
        _ = try box.add("seed", 100, date: "2024-12-01")
        let path = box.store.appendingPathComponent("2024-12.json")
        try Data("{\"schema\":9,\"month\":\"2024-12\",\"items\":[]}".utf8).write(to: path)
        let before = try box.snapshot()
        let month = try box.run("month", "2024", "12")
        #expect(month.status == 1)
        #expect(month.stderr.contains(path.path))
        #expect(month.stderr.contains("schema version 9"))
        let add = try box.run("add", "b", "5", "--date", "2024-12-02")
        #expect(add.status == 1)
        #expect(try box.snapshot() == before)
        #expect(try box.run("month", "2024", "11").status == 0)
    }

    @Test func errorsFollowTheLanguage() throws {
        let box = try Sandbox()
        let run = box.runInProcess(["month", "2024", "13"], environment: ["LANG": "ja_JP.UTF-8"])
        #expect(run.stderr.contains("月は 1〜12"))
    }
}
