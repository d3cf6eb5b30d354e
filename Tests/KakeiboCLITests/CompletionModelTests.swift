import KakeiboKit
import Testing

@testable import KakeiboCLI

@Suite struct CompletionModelTests {
    @Test func placeholdersSayWhatAValueCompletesTo() {
        #expect(CompletionModel.value("CAT[/SUB]") == .category)
        #expect(CompletionModel.value("FILE") == .file)
        #expect(CompletionModel.value("FILE|-") == .file)
        #expect(CompletionModel.value("DIR") == .directory)
        #expect(CompletionModel.value("COMMAND") == .command)
        #expect(CompletionModel.value("table|json|csv") == .choices(["table", "json", "csv"]))
        #expect(CompletionModel.value("ja|en") == .choices(["ja", "en"]))
        #expect(CompletionModel.value("YYYY-MM-DD|today|yesterday") == .none)
        #expect(CompletionModel.value("NAME") == .none)
        #expect(CompletionModel.value("YEAR MONTH") == .none)
    }

    @Test func theModelIsTheCommandSpecs() {
        let model = CompletionModel(.en)
        let names = model.commands.map(\.name)
        let table = CommandTable().commands
        #expect(names == table.map { $0.name }, "every command, the companion's too, in help's order")
        #expect(Set(names).count == names.count)
        for command in table {
            let entry = model.commands.first { $0.name == command.name }
            #expect(entry?.options.map(\.name) == command.info.options.map(\.name), "\(command.name)")
        }
        let month = model.commands.first { $0.name == "month" }
        #expect(month?.options.first { $0.name == "--category" }?.value == .category)
        #expect(month?.options.first { $0.name == "--desc" }?.value == nil)
        #expect(model.commands.first { $0.name == "import" }?.positional == .file)
        #expect(model.commands.first { $0.name == "help" }?.positional == .command)
        #expect(model.commands.first { $0.name == "completion" }?.positional == .choices(["bash", "zsh", "fish"]))
        #expect(model.globalValueOptions == ["--store", "--lang", "--lock-timeout"])
        // The companions' commands complete their options too, from the same declarations kakeibo-companion parses with.
        for name in ["pull", "push", "sync"] {
            let options = ["--endpoint", "--timeout", "--format"] + (name == "pull" ? [] : ["--dry-run"]) + (name == "sync" ? ["--all"] : [])
            #expect(model.commands.first { $0.name == name }?.options.map(\.name) == options, "\(name)")
        }
        #expect(model.commands.first { $0.name == "budget" }?.positional == .choices(["set", "list", "unset"]))
        // Each verb completes its own options, and the words after it as its arguments say.
        let budget = model.commands.first { $0.name == "budget" }?.verbs ?? []
        #expect(budget.map(\.name) == ["set", "list", "unset"])
        #expect(budget.first?.options.map(\.name) == ["--member", "--yearly", "--rollover", "--from", "--format"])
        #expect(budget.first?.positional == .category)
        #expect(budget.dropFirst().first?.options.map(\.name) == ["--format"])
        #expect(model.commands.first { $0.name == "rules" }?.verbs.first?.positional == CompletionModel.Value.none, "add PATTERN: nothing to offer")
    }

    @Test func everyScriptOffersAVerbsOwnOptionsAfterIt() {
        let model = CompletionModel(.en)
        let bash = Shell.bash.script(model)
        #expect(bash.contains("\"budget list\") options=\"--format --store --lang --help --lock-timeout\" positional=none ;;"))
        #expect(bash.contains("\"budget set\") options=\"--member --yearly --rollover --from --format "))
        let zsh = Shell.zsh.script(model)
        #expect(zsh.contains("\"accounts edit\") options=('--kind[") && zsh.contains("'--joint["))
        let fish = Shell.fish.script(model)
        #expect(fish.contains("complete -c kakeibo -n '__kakeibo_using_verb fixed post' -l month-start"))
        #expect(fish.contains("complete -c kakeibo -n '__kakeibo_using_verb budget \\'\\'' -a unset -d 'remove CAT\\'s budget'"))
    }

    @Test func everyScriptNamesEveryCommandAndOption() {
        let model = CompletionModel(.ja)
        for shell in Shell.allCases {
            let script = shell.script(model)
            for command in model.commands {
                #expect(script.contains(command.name), "\(shell) \(command.name)")
                for option in command.options {
                    let word = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
                    #expect(script.contains(word), "\(shell) \(command.name) \(option.name)")
                }
            }
            #expect(script.contains("kakeibo categories --format json"), "\(shell) asks kakeibo for the category keys")
            #expect(script.contains(CompletionModel.categoryKeysAwk))
        }
    }

    @Test func quotingSurvivesApostrophesAndBackslashes() {
        #expect(CompletionScripts.posixQuote("the server's") == #"'the server'\''s'"#)
        #expect(CompletionScripts.fishQuote(#"the server's \ path"#) == #"'the server\'s \\ path'"#)
        #expect(!CompletionModel.categoryKeysAwk.contains("'") && !CompletionModel.categoryKeysAwk.contains("\\"))
    }
}
