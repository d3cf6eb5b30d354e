import KakeiboKit
import Testing

@testable import KakeiboCLI

@Suite struct ArgumentTests {
    let options: (String) -> [OptionSpec]? = { CommandTable().find($0)?.info.options }

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

    /// One grammar reads the command line once: the command word past global options (the companion's commands too,
    /// from the declarations `kakeibo` carries), and `--lang` even after a mistake, so the error is in that language.
    @Test func oneReadFindsTheCommandAndTheLanguagePastAMistake() {
        let pull = ParsedArguments.read(["--store", "/x", "--lang", "ja", "pull", "2024", "--endpoint", "http://h/exec"], commandOptions: options)
        #expect(pull.command == "pull" && pull.positionals == ["2024"] && pull.problem == nil)
        #expect(pull.values["--endpoint"] == "http://h/exec" && pull.values["--lang"] == "ja")
        #expect(ParsedArguments.read(["--help"], commandOptions: options).command == nil)
        #expect(ParsedArguments.read(["month", "--lang=ja"], commandOptions: options).values["--lang"] == "ja")
        #expect(ParsedArguments.read(["add", "--", "--lang", "x"], commandOptions: options).values["--lang"] == nil)
        let mistaken = ParsedArguments.read(["mnth", "--sort", "price", "--lang", "ja"], commandOptions: options)
        #expect(mistaken.problem == .unknownCommand("mnth"))
        #expect(mistaken.values["--lang"] == "ja")
        let twice = ParsedArguments.read(["month", "--colour", "--desc", "--desc", "--lang", "en"], commandOptions: options)
        #expect(twice.problem == .unknownOption("--colour", command: "month"), "the first problem is the one told")
        #expect(twice.values["--lang"] == "en")
    }

    @Test func anErrorIsToldInTheLanguageGivenAfterIt() {
        let terminal = Terminal(environment: ["HOME": "/nonexistent", "LANG": "C"], stdoutIsTerminal: false, stderrIsTerminal: false)
        let outcome = Kakeibo.run(["mnth", "--lang", "ja"], terminal: terminal)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("kakeibo: 不明なコマンド 'mnth'"))
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
        for command in CommandTable().commands {
            let en = HelpText.command(command.info, .en)
            let ja = HelpText.command(command.info, .ja)
            #expect(en.contains("Usage: kakeibo \(command.info.synopsis)"))
            #expect(ja.contains("使い方: kakeibo \(command.info.synopsis)"))
            #expect(!command.info.summary.en.isEmpty && !command.info.summary.ja.isEmpty)
            for option in command.info.options {
                #expect(option.help.ja.unicodeScalars.contains { $0.value > 0x7F }, "\(command.name) \(option.name)")
            }
        }
    }
}
