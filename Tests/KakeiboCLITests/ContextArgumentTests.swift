import Testing

@testable import KakeiboCLI
@testable import KakeiboOperations
@testable import KakeiboRender
@testable import KakeiboReports
@testable import KakeiboStore
@testable import KakeiboValues

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
