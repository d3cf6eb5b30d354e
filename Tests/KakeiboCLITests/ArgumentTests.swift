import Testing

@testable import KakeiboCLI
@testable import KakeiboOperations
@testable import KakeiboRender
@testable import KakeiboReports
@testable import KakeiboStore
@testable import KakeiboValues

@Suite struct ArgumentTests {
    let options: (String) -> [OptionSpec]? = { CommandTable().find($0)?.options }

    @Test func splitsCommandOptionsAndPositionals() throws {
        let parsed = try ParsedArguments.parse(
            ["--store", "/s", "month", "2024", "12", "--sort=price", "--desc", "--lang", "ja"], commandOptions: options)
        #expect(parsed.command == "month")
        #expect(parsed.positionals == ["2024", "12"])
        #expect(try parsed[GlobalOptions.store] == "/s")
        #expect(try parsed[MonthCommand.sort] == .price)
        #expect(try parsed[GlobalOptions.lang] == "ja")
        #expect(parsed[MonthCommand.desc])
        #expect(!parsed[MonthCommand.checkBudget])
        #expect(try parsed[MonthCommand.category] == nil)
    }

    @Test func aMinusFollowedByADigitIsAValueNotAnOption() throws {
        let parsed = try ParsedArguments.parse(["add", "返品", "-500", "--date", "2024-12-01"], commandOptions: options)
        #expect(parsed.positionals == ["返品", "-500"])
        let dashed = try ParsedArguments.parse(["add", "--", "-name", "5"], commandOptions: options)
        #expect(dashed.positionals == ["-name", "5"])
        #expect(try ParsedArguments.parse(["import", "-"], commandOptions: options).positionals == ["-"])
    }

    @Test func refusesWhatItDoesNotKnow() {
        #expect(throws: UsageError.unknownCommand("mnth")) { try ParsedArguments.parse(["mnth"], commandOptions: options) }
        #expect(throws: UsageError.unknownOption("--color", command: "month")) {
            try ParsedArguments.parse(["month", "--color"], commandOptions: options)
        }
        #expect(throws: UsageError.unknownOption("--sort", command: nil)) {
            try ParsedArguments.parse(["--sort", "price", "month"], commandOptions: options)
        }
        #expect(throws: UsageError.missingValue("--category")) { try ParsedArguments.parse(["month", "--category"], commandOptions: options) }
        #expect(throws: UsageError.missingValue("--category")) {
            try ParsedArguments.parse(["month", "--category", "--desc"], commandOptions: options)
        }
        #expect(throws: UsageError.repeatedOption("--sort")) {
            try ParsedArguments.parse(["month", "--sort", "date", "--sort=price"], commandOptions: options)
        }
        #expect(throws: UsageError.flagTakesNoValue("--desc")) { try ParsedArguments.parse(["month", "--desc=1"], commandOptions: options) }
    }

    @Test func findsTheCommandWordPastGlobalOptions() {
        #expect(Kakeibo.commandName(["--store", "/x", "--lang", "ja", "pull", "2024"]) == "pull")
        #expect(Kakeibo.commandName(["--help"]) == nil)
        #expect(Kakeibo.preScanLanguage(["month", "--lang=ja"]) == "ja")
        #expect(Kakeibo.preScanLanguage(["add", "--", "--lang", "x"]) == nil)
    }

    @Test func languageComesFromTheLocaleInPosixOrder() {
        #expect(Language.fromLocale(["LANG": "ja_JP.UTF-8"]) == .ja)
        #expect(Language.fromLocale(["LC_ALL": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"]) == .en)
        #expect(Language.fromLocale(["LC_MESSAGES": "ja_JP", "LANG": "C"]) == .ja)
        #expect(Language.fromLocale(["LC_ALL": "", "LANG": "ja"]) == .ja)
        #expect(Language.fromLocale([:]) == .en)
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        let terminal = Terminal(environment: [:], stdoutIsTerminal: true, stderrIsTerminal: true)
        #expect(terminal.stdoutColour)
        #expect(!Terminal(environment: ["NO_COLOR": "1"], stdoutIsTerminal: true, stderrIsTerminal: true).stdoutColour)
        #expect(!Terminal(environment: ["TERM": "dumb"], stdoutIsTerminal: true, stderrIsTerminal: true).stdoutColour)
        #expect(!Terminal(environment: [:], stdoutIsTerminal: false, stderrIsTerminal: false).stdoutColour)
        #expect(Terminal(environment: ["COLUMNS": "120"], stdoutIsTerminal: false, stderrIsTerminal: false).width == 120)
        #expect(Terminal(environment: ["COLUMNS": "wide"], stdoutIsTerminal: false, stderrIsTerminal: false).width == 80)
    }

    @Test func everyCommandHasHelpInBothLanguages() {
        for command in CommandTable.builtIn {
            let en = HelpText.command(command.info, .en)
            let ja = HelpText.command(command.info, .ja)
            #expect(en.contains("Usage: kakeibo \(command.synopsis)"))
            #expect(ja.contains("使い方: kakeibo \(command.synopsis)"))
            #expect(!command.summary.en.isEmpty && !command.summary.ja.isEmpty)
            for option in command.options { #expect(option.help.ja.unicodeScalars.contains { $0.value > 0x7F }, "\(command.name) \(option.name)") }
        }
    }
}
