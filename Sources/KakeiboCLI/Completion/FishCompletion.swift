import KakeiboKit

/// The fish script.
extension CompletionScripts {
    static func fish(_ model: CompletionModel) -> String {
        var out = """
            # kakeibo completion for fish:  kakeibo completion fish > ~/.config/fish/completions/kakeibo.fish
            function __kakeibo_command
                set -l skip 0
                set -l words (commandline -opc)
                set -e words[1]
                for word in $words
                    if test $skip = 1
                        set skip 0
                        continue
                    end
                    switch $word
                        case \(model.globalValueOptions.joined(separator: " "))
                            set skip 1
                        case '-*'
                        case '*'
                            echo $word
                            return
                    end
                end
            end

            function __kakeibo_using
                set -l command (__kakeibo_command)
                test "$command" = "$argv[1]"
            end

            function __kakeibo_using_verb
                set -l skip 0
                set -l found
                set -l words (commandline -opc)
                set -e words[1]
                for word in $words
                    if test $skip = 1
                        set skip 0
                        continue
                    end
                    switch $word
                        case \(model.valueOptions.joined(separator: " "))
                            set skip 1
                        case '-*'
                        case '*'
                            set -a found $word
                    end
                end
                test "$found[1]" = "$argv[1]" -a "$found[2]" = "$argv[2]"
            end

            function __kakeibo_categories
                kakeibo categories --format json 2>/dev/null | awk '\(CompletionModel.categoryKeysAwk)'
            end

            complete -c kakeibo -f

            """
        for command in model.commands {
            out += "complete -c kakeibo -n '__kakeibo_using \"\"' -a \(command.name) -d \(fishQuote(command.summary))\n"
        }
        for option in model.global {
            out += fishOption(option, condition: option.name == "--version" ? "__kakeibo_using \"\"" : nil, model)
        }
        for command in model.commands {
            guard !command.verbs.isEmpty else {
                out += fishEntry(command, condition: "__kakeibo_using \(command.name)", model)
                continue
            }
            for verb in command.verbs {
                out +=
                    "complete -c kakeibo -n \(fishQuote("__kakeibo_using_verb \(command.name) ''")) -a \(verb.name) -d \(fishQuote(verb.summary))\n"
                out += fishEntry(verb, condition: "__kakeibo_using_verb \(command.name) \(verb.name)", model)
            }
        }
        return out
    }

    /// A command's (or a verb's) options and what its words complete to, offered when `condition` holds.
    static func fishEntry(_ entry: CompletionModel.Entry, condition: String, _ model: CompletionModel) -> String {
        var out = ""
        for option in entry.options { out += fishOption(option, condition: condition, model) }
        switch entry.positional {
        case .none: break
        case .file: out += "complete -c kakeibo -n \(fishQuote(condition)) -F\n"
        default: out += "complete -c kakeibo -n \(fishQuote(condition)) -a \(fishArguments(entry.positional, model))\n"
        }
        return out
    }

    static func fishOption(_ option: CompletionModel.Option, condition: String?, _ model: CompletionModel) -> String {
        var line = "complete -c kakeibo"
        if let condition { line += " -n \(fishQuote(condition))" }
        line += " -l \(option.name.dropFirst(2))"
        switch option.value {
        case nil: break
        case .file?: line += " -r -F"
        case .directory?: line += " -x -a '(__fish_complete_directories (commandline -ct))'"
        case .none?: line += " -x"
        case let value?: line += " -x -a \(fishArguments(value, model))"
        }
        return line + " -d \(fishQuote(option.help))\n"
    }

    static func fishArguments(_ value: CompletionModel.Value, _ model: CompletionModel) -> String {
        switch value {
        case .choices(let words): fishQuote(words.joined(separator: " "))
        case .category: "'(__kakeibo_categories)'"
        case .command: fishQuote(model.commands.map(\.name).joined(separator: " "))
        default: "''"
        }
    }
}
