import Foundation
import Testing

/// The month-in-context commands in the help.
@Suite struct ContextHelpTests {
    @Test func everyNewCommandIsInTheHelpInBothLanguages() throws {
        let box = try Sandbox()
        let overview = box.runInProcess("--help")
        for command in ["recent", "trend", "receipt", "fuel"] {
            #expect(overview.stdout.contains("  \(command) "), "\(command)")
            let help = box.runInProcess("help", command)
            #expect(help.status == 0 && help.stdout.contains("Examples:") && help.stdout.contains("kakeibo \(command)"))
            #expect(box.runInProcess(command, "--help", "--lang", "ja").stdout.contains("使い方: kakeibo \(command)"))
        }
        #expect(box.runInProcess("help", "month").stdout.contains("this|prev|next"))
    }
}
