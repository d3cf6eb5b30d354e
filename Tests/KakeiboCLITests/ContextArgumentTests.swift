import Foundation
import KakeiboKit
import Testing

@testable import KakeiboCLI

/// Counts on the command line (month names are `Period`'s, tested in KakeiboKitTests).
@Suite struct ContextArgumentTests {
    @Test func counts() throws {
        #expect(try Parse.count("12", name: "--months", maximum: 1200) == 12)
        #expect(try Parse.count("１２", name: "--months", maximum: 1200) == 12)
        for text in ["0", "-1", "abc", "1201", "1.5", "", "99999999999999999999", "１２か月"] {
            #expect(throws: ContextArgumentError.count(name: "--months", text: text, maximum: 1200)) {
                try Parse.count(text, name: "--months", maximum: 1200)
            }
        }
    }
}

/// The month-in-context commands' messages follow the language like every other (the checks of `LanguageTests`).
@Suite struct ContextLanguageTests {
    @Test func everyMessageIsInTheChosenLanguage() async {
        let home = await LanguageTests.Home()
        let failures: [[String]] = [
            ["month", "lastmonth"], ["month", "-99999"], ["recent", "0"], ["trend", "--months", "x"], ["trend", "--end", "0001-01", "--months", "2"],
            ["receipt"], ["receipt", "a", "--image", "b"], ["receipt", "-", "--date", "today"], ["receipt", "/no/such.txt"],
            ["receipt", "--image", "/no/such.png"], ["fuel"], ["fuel", "--km", "0", "--km-per-litre", "1", "--yen-per-litre", "1"],
            ["fuel", "--km", "x", "--km-per-litre", "1", "--yen-per-litre", "1"],
            ["fuel", "--km", "1.001", "--km-per-litre", "1", "--yen-per-litre", "1"],
            ["fuel", "--km", "100001", "--km-per-litre", "1", "--yen-per-litre", "1"],
            ["fuel", "--km", "0.01", "--km-per-litre", "9", "--yen-per-litre", "1", "--add"],
        ]
        for arguments in failures {
            let en = await home.run(arguments + ["--lang", "en"])
            let ja = await home.run(arguments, ["LANG": "ja_JP.UTF-8"])
            #expect(en.status != 0 && en.status == ja.status, "\(arguments)")
            #expect(!LanguageTests.hasKana(en.stderr), "\(arguments): \(en.stderr)")
            #expect(LanguageTests.hasJapanese(ja.stderr), "\(arguments): \(ja.stderr)")
            #expect(LanguageTests.englishWords(ja.stderr).isEmpty, "\(arguments): \(ja.stderr) has \(LanguageTests.englishWords(ja.stderr))")
        }
        let tesseract = await home.run(["receipt", "--image", home.root], ["LANG": "ja_JP.UTF-8", "PATH": "/nonexistent"])
        #expect(tesseract.status == 1 && LanguageTests.hasJapanese(tesseract.stderr))
    }
}

/// config.json is read once a run: every setting a command takes from it (the month's start day, whether it syncs,
/// the member) comes from that one read, so a file changed halfway through a run can't give it two answers.
@Suite struct ConfigReadOnceTests {
    @Test func everySettingOfARunComesFromOneReadOfConfigJSON() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-config-\(UUID().uuidString)").path
        let config = directory + "/kakeibo"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = config + "/" + Configuration.fileName
        try Data(#"{"month-start": 25, "endpoint": "http://127.0.0.1:9/exec", "member": "ken"}"#.utf8).write(to: URL(fileURLWithPath: path))
        let terminal = Terminal(environment: ["XDG_CONFIG_HOME": directory], stdoutIsTerminal: false, stderrIsTerminal: false)
        let context = Context(
            terminal: terminal, language: .en, clock: Clock(now: Timestamp(milliseconds: 0), today: CalendarDate(year: 2024, month: 12, day: 1)!),
            storeOption: directory)
        #expect(try context.monthStart() == MonthStart(day: 25))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try context.monthStart() == MonthStart(day: 25), "the first read stands for the run")
        #expect(context.syncs())
        #expect(try context.configuredMember() == "ken")
        #expect(try context.monthStart(MonthStart(day: 10)) == MonthStart(day: 10), "the option still wins")
    }
}
