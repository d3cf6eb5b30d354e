import Foundation
import Testing

/// A long import draws a progress bar on stderr only when stderr is a terminal; pipes and logs get nothing.
@Suite struct ProgressTests {
    /// Two thousand items in the server's format.
    static let wire: String = {
        let items = (0..<2000).map { n in
            #"{"id":"p\#(n)","date":"2024\#(n % 12 < 9 ? "0" : "")\#(n % 12 + 1)01","name":"品\#(n)","price":\#(n + 1),"category":0,"categorySub":null}"#
        }
        return "[" + items.joined(separator: ",\n") + "]"
    }()

    /// The same many purchases as a MoneyForward ME export.
    static let moneyForward: String = {
        let rows = (0..<2000).map { n in "1,2024/12/\(n % 28 + 1),品\(n),-\(n + 1),現金,食費,食料品,,0,p\(n)" }
        return (["計算対象,日付,内容,金額（円）,保有金融機関,大項目,中項目,メモ,振替,ID"] + rows).joined(separator: "\r\n")
    }()

    @Test func aPipeGetsNoProgress() throws {
        let box = try Sandbox()
        // An existing store: a new one's first write says where it was created (issue #13), which is not progress.
        try FileManager.default.createDirectory(at: box.store, withIntermediateDirectories: true)
        let plain = try box.run(["import", "-"], stdin: Self.wire)
        #expect(plain.status == 0)
        #expect(plain.stderr.isEmpty)
        let file = try box.write("mf.csv", Self.moneyForward)
        let from = try box.run("import", "--from", "moneyforward", file)
        #expect(from.status == 0)
        #expect(from.stderr.isEmpty)
    }

    @Test func aTerminalSeesTheBarAndItIsClearedAtTheEnd() throws {
        let box = try Sandbox()
        try FileManager.default.createDirectory(at: box.store, withIntermediateDirectories: true)
        for arguments in [
            ["import", try box.write("in.json", Self.wire)], ["import", "--from", "moneyforward", try box.write("mf.csv", Self.moneyForward)],
        ] {
            let (run, terminal) = try box.runWithTerminalStderr(arguments)
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix("Imported 2000 items"), "the summary still goes to stdout")
            #expect(terminal.contains("Importing "))
            #expect(terminal.contains("100% (2000/2000)"))
            #expect(terminal.hasSuffix("\r\u{1B}[2K"), "the bar's line is cleared when the import ends")
        }
    }
}
