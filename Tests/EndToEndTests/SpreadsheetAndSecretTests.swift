import Foundation
import Testing

/// What kakeibo writes for spreadsheets and shows of its settings (issue #33): a cell a spreadsheet would run as a
/// formula is escaped the same way by every writer, a key in an endpoint's query is never shown, and a CSV file of
/// one enormous line is refused before it is split into fields.
@Suite struct SpreadsheetAndSecretTests {
    @Test func everySpreadsheetWriterEscapesAFormulaAlike() throws {
        let box = try Sandbox()
        box.environment["KAKEIBO_NOW"] = "2025-02-10T09:00:00Z"
        #expect(try box.run("categories", "init", "--preset", "household").status == 0)
        let payee = #"=HYPERLINK("//e.co","x")"#
        let added = try box.run("add", payee, "3200", "--date", "2024-03-01", "--category", "medical/clinic", "--member", "ken")
        #expect(added.status == 0, "\(added.stderr)")
        let tsv = try box.run("tax", "medical", "2024", "--format", "tsv")
        #expect(tsv.status == 0, "\(tsv.stderr)")
        let row = try #require(tsv.lines.first { $0.contains("HYPERLINK") })
        #expect(row.split(separator: "\t").contains { $0 == "'" + payee }, "\(row)")
        #expect(!tsv.lines.contains { $0.split(separator: "\t").contains { $0.hasPrefix("=") } })
        let csv = try box.run("export", "--format", "csv")
        #expect(csv.stdout.contains(#""'=HYPERLINK(""//e.co"",""x"")""#), "\(csv.stdout)")
        // A refund stays a number.
        #expect(try box.run("add", "返金", "-500", "--date", "2024-03-02", "--category", "medical/clinic").status == 0)
        #expect(try box.run("export", "--format", "csv").stdout.contains(",-500,"))
    }

    @Test func aKeyInTheEndpointsQueryIsNeverShown() throws {
        let box = try Sandbox()
        let endpoint = "https://script.google.com/macros/s/AKfy/exec?token=s3cret&key=k3y&v"
        #expect(try box.run("config", "set", "endpoint", endpoint).status == 0)
        let get = try box.run("config", "get", "endpoint")
        #expect(get.stdout == "https://script.google.com/macros/s/AKfy/exec?token=***&key=***&v\n", "\(get.stdout)")
        let list = try box.run("config", "list")
        #expect(list.status == 0 && list.stdout.contains("token=***") && !list.stdout.contains("s3cret") && !list.stdout.contains("k3y"))
        // Without a query the address is shown as it is.
        #expect(try box.run("config", "set", "endpoint", "https://example.com/exec").status == 0)
        #expect(try box.run("config", "get", "endpoint").stdout == "https://example.com/exec\n")
    }

    @Test func aCSVFileOfOneHugeLineIsRefusedBeforeItIsSplit() throws {
        let box = try Sandbox()
        let path = box.root.appendingPathComponent("one-line.csv")
        try Data(String(repeating: "a,", count: 1_500_000).utf8).write(to: path)
        for source in ["zaim", "moneyforward"] {
            let run = try box.run("import", path.path, "--from", source)
            #expect(run.status == 2 && run.stderr.contains("longer than 1 MB"), "\(source): \(run.stderr)")
        }
        // Any statement, or no --from: the format is looked for in the file's first bytes only, and none is there.
        for arguments in [["--from", "statement"], []] {
            let run = try box.run(["import", path.path] + arguments)
            #expect(run.status == 2 && run.stderr.contains("nothing imported"), "\(arguments): \(run.stderr)")
        }
    }
}
