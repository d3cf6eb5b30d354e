import Foundation
import Testing

/// A CSV file of one enormous line is refused before it is split into fields.
@Suite struct CSVLineLimitTests {
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
