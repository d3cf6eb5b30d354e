import Foundation
import Testing

/// The month-in-context commands in the help.
@Suite struct ContextHelpTests {
    @Test func everyNewCommandIsInTheHelpInBothLanguages() throws {
        let box = try Sandbox()
        let overview = try box.run("--help")
        for command in ["recent", "trend", "receipt", "fuel"] {
            #expect(overview.stdout.contains("  \(command) "), "\(command)")
            let help = try box.run("help", command)
            #expect(help.status == 0 && help.stdout.contains("Examples:") && help.stdout.contains("kakeibo \(command)"))
            #expect(try box.run(command, "--help", "--lang", "ja").stdout.contains("使い方: kakeibo \(command)"))
        }
        #expect(try box.run("help", "month").stdout.contains("this|prev|next"))
    }
}
