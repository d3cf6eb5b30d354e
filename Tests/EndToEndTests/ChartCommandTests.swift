import Foundation
import KakeiboKit
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Charts from the real binary: SVG to stdout or a file, and tables that fit the terminal.
@Suite struct ChartCommandTests {
    func household() throws -> Sandbox {
        let box = try Sandbox()
        _ = try box.add("お米 5kg", 2_475, date: "2024-12-01", category: "food/grocery")
        _ = try box.add("コーヒー", 178, date: "2024-12-03", category: "food/drink")
        _ = try box.add("映画", 1_800, date: "2024-11-03", category: "entertainment/luxury")
        return box
    }

    func isWellFormedXML(_ text: String) -> Bool { XMLParser(data: Data(text.utf8)).parse() }

    @Test func svgGoesToStdoutOrAFileWrittenWhole() throws {
        let box = try household()
        for arguments in [["month", "2024", "12"], ["year", "2024"], ["month", "2024", "12", "--category", "food", "--lang", "ja"]] {
            let run = try box.run(arguments + ["--format", "svg"])
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(isWellFormedXML(run.stdout), "\(arguments)")

            let file = box.root.appendingPathComponent("chart.svg").path
            let written = try box.run(arguments + ["--format", "svg", "--output", file])
            #expect(written.status == 0)
            #expect(written.stdout.isEmpty)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == run.stdout)
            #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)
        }
        #expect(try box.run("month", "2024", "12", "--format", "svg", "--lang", "ja").stdout.contains("食費"))
        // "-" is stdout; --output works for the other formats too, without colour.
        #expect(try box.run("year", "2024", "--format", "svg", "--output", "-").stdout.hasPrefix("<?xml"))
        let table = box.root.appendingPathComponent("month.txt").path
        #expect(try box.run("month", "2024", "12", "--output", table).status == 0)
        #expect(try String(contentsOfFile: table, encoding: .utf8).hasPrefix("December 2024\n"))
        // Only the reports draw charts.
        let categories = try box.run("categories", "--format", "svg")
        #expect(categories.status == 2)
        #expect(categories.stderr.contains("table, json"))
    }

    @Test func aBadOutputIsRefusedBeforeAnythingIsWritten() throws {
        let box = try household()
        let existing = box.root.appendingPathComponent("old.svg")
        try Data("old".utf8).write(to: existing)
        let cases: [([String], String)] = [
            (["--output", box.root.path], "is a directory"),
            (["--output", box.root.path + "/"], "is a directory"),
            (["--output", box.root.appendingPathComponent("missing/chart.svg").path], "does not exist"),
            (["--output", ""], "needs a file name"),
        ]
        for (extra, message) in cases {
            for command in [["month", "2024", "12"], ["year", "2024"]] {
                let run = try box.run(command + ["--format", "svg"] + extra)
                #expect(run.status == 2, "\(extra)")
                #expect(run.stdout.isEmpty)
                #expect(run.stderr.hasPrefix("kakeibo: --output") && run.stderr.contains(message) && run.lines.count == 1, "\(run.stderr)")
            }
        }
        let ja = try box.run("month", "2024", "12", "--output", box.root.path, "--lang", "ja")
        #expect(ja.stderr.contains("ディレクトリです"))
        // A store that can't be read leaves an existing chart as it was.
        try Data("not json".utf8).write(to: box.store.appendingPathComponent("2024-12.json"))
        let failed = try box.run("month", "2024", "12", "--format", "svg", "--output", existing.path)
        #expect(failed.status == 1)
        #expect(try Data(contentsOf: existing) == Data("old".utf8))
    }

    @Test func tablesFitTheTerminalInBothLanguages() throws {
        let box = try household()
        for language in ["ja", "en"] {
            for columns in ["40", "60", "100"] {
                let run = try box.run(["year", "2024", "--lang", language], environment: ["COLUMNS": columns])
                #expect(run.status == 0)
                for line in run.lines { #expect(displayWidth(line) <= Int(columns)!, "\(language) \(columns): '\(line)'") }
                let month = try box.run(["month", "2024", "12", "--lang", language], environment: ["COLUMNS": columns])
                let overview = month.lines.prefix { !$0.contains(language == "ja" ? "日付" : "Date") }
                for line in overview { #expect(displayWidth(line) <= Int(columns)!, "\(language) \(columns): '\(line)'") }
            }
        }
        // Piped (and with NO_COLOR) the charts have no escapes, but distinct fills.
        let year = try box.run(["year", "2024"], environment: ["NO_COLOR": "1"])
        #expect(!year.stdout.contains("\u{1B}"))
        #expect(year.stdout.contains("█ Food") && year.stdout.contains("░ Entertainment"))
    }
}
