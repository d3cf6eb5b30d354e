import KakeiboKit
import Testing

@testable import KakeiboCLI

/// What is generated from the commands' declarations: the synopsis, parsing to typed values, completion, the manual.
@Suite struct DeclarationTests {
    let table = CommandTable()

    @Test func theSynopsisComesFromTheArgumentsAndOptions() {
        #expect(
            AddCommand.synopsis
                == "add NAME PRICE [--date D] [--category CAT[/SUB]] [--payment METHOD] [--shop SHOP] [--memo TEXT] [--member NAME] [--personal] [--reimbursed AMOUNT] [--tag NAME…] [--format table|json] [--income]"
        )
        #expect(
            MonthCommand.synopsis
                == "month [YEAR MONTH] [--category CAT[/SUB]] [--sort date|price] [--desc] [--by category|payment|account|member|shop|tag] [--payment METHOD] [--member NAME] [--shop SHOP] [--transfers] [--format table|json|csv|svg] [--bom] [--output FILE] [--check-budget] [--month-start DAY]"
        )
        // Required options stand outside brackets; notes on an argument's other spellings stay out of the synopsis.
        #expect(FuelCommand.synopsis.hasPrefix("fuel --km KM --km-per-litre KM --yen-per-litre YEN [--add]"))
        #expect(!MonthCommand.synopsis.contains("YYYY-MM"))
        #expect(SyncDeclarations.sync.synopsis == "sync [PERIOD] [--endpoint URL] [--timeout SECONDS] [--format table|json] [--dry-run] [--all]")
    }

    @Test func declaredOptionsParseToTypedValues() throws {
        let parse = { (words: [String]) in try ParsedArguments.parse(words) { table.find($0)?.info.accepted } }
        let month = try parse(["month", "--sort", "PRICE", "--output", "-"])
        #expect(try month[MonthCommand.sort] == .price)
        let output = try month[MonthCommand.output]
        #expect(output != nil && output! == nil) // given, and `-` means stdout
        #expect(try month[MonthCommand.format] == nil)
        #expect(throws: UsageError.invalidChoice(option: "--sort", value: "name", choices: ["date", "price"])) {
            try parse(["month", "--sort", "name"])[MonthCommand.sort]
        }
        let edit = try parse(["edit", "abc", "--price", "1,899", "--date", "yesterday"])
        #expect(try edit[EditCommand.price] == Yen(1899))
        #expect(try edit[EditCommand.date] == .relative(-1))
        #expect(try parse(["trend", "--months", "24"])[TrendCommand.months] == 24)
        #expect(throws: ContextArgumentError.self) { try parse(["trend", "--months", "0"])[TrendCommand.months] }
        #expect(try parse(["export", "--format", "ledger"])[ExportCommand.format] == .ledger)
        let end = try parse(["trend", "--end", "先月"])[TrendCommand.end]
        #expect(try end?.resolve(today: YearMonth(year: 2025, month: 1)!) == .month(YearMonth(year: 2024, month: 12)!))
        #expect(throws: PeriodError.form("2024", .month)) { try parse(["trend", "--end", "2024"])[TrendCommand.end] }
    }

    @Test func hiddenOptionsAreAcceptedButNotShown() throws {
        let parsed = try ParsedArguments.parse(["help", "--man"]) { table.find($0)?.info.accepted }
        #expect(parsed[HelpCommand.man])
        #expect(!HelpText.command(HelpCommand.info, .en).contains("--man"))
        #expect(!HelpCommand.synopsis.contains("--man"))
        #expect(CompletionModel(.en).commands.first { $0.name == "help" }?.options.isEmpty == true)
    }

    /// A command is found by its `name` alone (its declaration is built only when it runs): the two must agree, and
    /// no two commands may share a word.
    @Test func everyCommandIsFoundByTheNameItsDeclarationGives() {
        for command in table.commands {
            let name = command.name
            let declared = command.info.name
            #expect(name == declared)
            #expect(table.find(declared)?.info.summary == command.info.summary)
        }
        let names = table.commands.map { $0.name }
        #expect(Set(names).count == names.count)
    }
    @Test func theManPageDocumentsEveryCommandAndOption() {
        let page = Manual.manPage(table.declarations)
        #expect(page.hasPrefix(".\\\" Generated"))
        #expect(page.contains(".TH KAKEIBO 1"))
        for command in table.declarations {
            #expect(page.contains(".SS \"\(Manual.roff(command.name))\""), "\(command.name)")
            for option in command.options { #expect(page.contains(Manual.roff(option.name)), "\(command.name) \(option.name)") }
            for example in command.examples { #expect(page.contains(Manual.roff(example)), "\(example)") }
        }
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "\"EXIT STATUS\"", "ENVIRONMENT", "FILES"] {
            #expect(page.contains(".SH \(section)\n"), "\(section)")
        }
        // Every line that starts with a dot is a request this page means; text never does.
        let requests: Set<Substring> = [".\\\"", ".TH", ".SH", ".SS", ".B", ".BI", ".I", ".RI", ".BR", ".TP", ".PP", ".RS", ".RE", ".nf", ".fi"]
        for line in page.split(separator: "\n") where line.hasPrefix(".") {
            #expect(requests.contains(line.split(separator: " ").first ?? ""), "\(line)")
        }
    }

    @Test func roffEscapesWhatItMustAndCommandPagesEscapePipes() {
        #expect(Manual.roff("--sort a\\b") == "\\-\\-sort a\\eb")
        #expect(Manual.roff(".hidden\n'quote") == "\\&.hidden\n\\&'quote")
        let page = Manual.commandPage(MonthCommand.info)
        #expect(page.contains("# kakeibo month\n"))
        #expect(page.contains("```\nkakeibo \(MonthCommand.synopsis)\n```"))
        #expect(page.contains("| `--sort date\\|price` | order of the items (default date) |"))
        for example in MonthCommand.examples { #expect(page.contains(example + "\n")) }
    }

    /// A command's verbs are declared once, each with its arguments and options: the parser holds a command line to
    /// the verb it names, and help and the manual list each verb's own line.
    @Test func theParserHoldsACommandLineToItsVerbsDeclaration() throws {
        func check(_ words: [String]) throws(UsageError) -> ParsedArguments {
            let parsed = try ParsedArguments.parse(words) { table.find($0)?.info.accepted }
            return try table.find(words[0])!.info.check(parsed)
        }
        let set = try check(["budget", "set", "food", "30000", "--yearly"])
        #expect(set.verb == "set" && set.positionals == ["food", "30000"])
        #expect(try set.verb(BudgetCommand.Verb.self) == .set)
        #expect(try check(["accounts"]).verb == "list", "a command with a default verb")
        #expect(throws: UsageError.missingArgument("set|list|unset", command: "budget")) { try check(["budget"]) }
        #expect(throws: UsageError.invalidChoice(option: "fixed", value: "edit", choices: ["add", "list", "remove", "post", "skip"])) {
            try check(["fixed", "edit"])
        }
        #expect(throws: UsageError.onlyWith("--yearly", "budget set")) { try check(["budget", "list", "--yearly"]) }
        #expect(throws: UsageError.onlyWith("--kind", "accounts add|edit")) { try check(["accounts", "remove", "x", "--kind", "card"]) }
        #expect(throws: UsageError.onlyWith("--month-start", "fixed post")) { try check(["fixed", "list", "--month-start", "5"]) }
        #expect(throws: UsageError.missingArgument("AMOUNT", command: "budget")) { try check(["budget", "set", "food"]) }
        #expect(throws: UsageError.unexpectedArgument("x", command: "rules")) { try check(["rules", "list", "x"]) }
        #expect(try check(["fixed", "post", "2024", "12"]).positionals == ["2024", "12"])
        // Commands without verbs are left as they are.
        #expect(try check(["month", "2024", "12"]).positionals == ["2024", "12"])

        #expect(BudgetCommand.synopsis == "budget set|list|unset …" && AccountsCommand.synopsis == "accounts [add|list|edit|remove] …")
        let help = HelpText.command(BudgetCommand.info, .en)
        for line in [
            "  set CAT AMOUNT [--member M] [--yearly] [--rollover] [--from YYYY-MM] [--format table|json]\n", "  list [--format table|json]\n",
        ] {
            #expect(help.contains(line), "\(line)")
        }
        #expect(Manual.commandPage(FixedCommand.info).contains("| `post [YEAR MONTH] [--month-start DAY] [--format table\\|json]` |"))
        #expect(Manual.manPage(table.declarations).contains(".B \"unset CAT [\\-\\-member M] [\\-\\-format table|json]\""))
    }

    @Test func companionsCommandsCompleteTheirOptionsInEveryShell() {
        let model = CompletionModel(.en)
        for shell in Shell.allCases {
            let script = shell.script(model)
            for option in ["endpoint", "timeout"] {
                #expect(script.contains(shell == .fish ? "__kakeibo_using pull' -l \(option)" : "--\(option)"), "\(shell) \(option)")
            }
        }
    }
}
