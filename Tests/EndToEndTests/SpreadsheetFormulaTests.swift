import Foundation
import Testing

/// A cell a spreadsheet would run as a formula is escaped the same way by every writer (CSV, TSV, the workbook),
/// and a refund stays a number.
@Suite struct SpreadsheetFormulaTests {
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

    @Test func csvExportNeutralisesFormulas() throws {
        let box = try Sandbox()
        try box.run("add", "=1+2", "100", "--date", "2024-12-03")
        try box.run("add", "返品", "-500", "--date", "2024-12-04")
        let csv = try box.run("month", "2024", "12", "--format", "csv").stdout
        #expect(csv.contains(",'=1+2,100,"))
        #expect(csv.contains(",返品,-500,"))
    }
}
