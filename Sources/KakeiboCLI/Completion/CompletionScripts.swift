import KakeiboKit

/// The shells `kakeibo completion` writes scripts for.
enum Shell: String, CaseIterable {
    case bash, zsh, fish

    /// The completion script: commands, each command's options, option values (choices, files, directories),
    /// and category keys asked of `kakeibo categories --format json` when completing, so a household's own
    /// categories complete too.
    func script(_ model: CompletionModel) -> String {
        switch self {
        case .bash: CompletionScripts.bash(model)
        case .zsh: CompletionScripts.zsh(model)
        case .fish: CompletionScripts.fish(model)
        }
    }
}

enum CompletionScripts {
    // MARK: bash

    static func bash(_ model: CompletionModel) -> String {
        var out = """
            # kakeibo completion for bash. Load it in ~/.bashrc:  source <(kakeibo completion bash)
            _kakeibo_categories() {
                kakeibo categories --format json 2>/dev/null | awk '\(CompletionModel.categoryKeysAwk)'
            }

            _kakeibo_reply() {
                case $1 in
                    file) compopt -o filenames 2>/dev/null; local IFS=$'\\n'; COMPREPLY=($(compgen -f -- "$2")) ;;
                    directory) compopt -o filenames 2>/dev/null; local IFS=$'\\n'; COMPREPLY=($(compgen -d -- "$2")) ;;
                    category) COMPREPLY=($(compgen -W "$(_kakeibo_categories)" -- "$2")) ;;
                    command) COMPREPLY=($(compgen -W "\(model.commands.map(\.name).joined(separator: " "))" -- "$2")) ;;
                    none) COMPREPLY=() ;;
                    *) COMPREPLY=($(compgen -W "$1" -- "$2")) ;;
                esac
            }

            _kakeibo() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command= i=1
                while [ "$i" -lt "$COMP_CWORD" ]; do
                    case ${COMP_WORDS[i]} in
                        \(model.globalValueOptions.joined(separator: "|"))) i=$((i + 1)) ;;
                        -*) ;;
                        *) command=${COMP_WORDS[i]}; break ;;
                    esac
                    i=$((i + 1))
                done
                local verb= j=$((i + 1))
                while [ "$j" -lt "$COMP_CWORD" ]; do
                    case ${COMP_WORDS[j]} in
                        \(model.valueOptions.joined(separator: "|"))) j=$((j + 1)) ;;
                        -*) ;;
                        *) verb=${COMP_WORDS[j]}; break ;;
                    esac
                    j=$((j + 1))
                done
                case "$command $prev" in

            """
        out += valueArms(model) { "_kakeibo_reply \($0) \"$cur\"" }
        out += """
                esac
                local options="\(model.global.map(\.name).joined(separator: " "))" positional=command
                case $command in

            """
        for command in model.commands {
            let options = (command.options + model.global.filter { $0.name != "--version" }).map(\.name)
            out += "        \(command.name)) options=\"\(options.joined(separator: " "))\" positional=\(bashValue(command.positional)) ;;\n"
        }
        out += """
                esac
                case "$command $verb" in

            """
        for command in model.commands {
            for verb in command.verbs {
                let options = (verb.options + model.global.filter { $0.name != "--version" }).map(\.name)
                out +=
                    "        \"\(command.name) \(verb.name)\") options=\"\(options.joined(separator: " "))\" positional=\(bashValue(verb.positional)) ;;\n"
            }
        }
        out += """
                esac
                if [[ $cur == -* ]]; then
                    _kakeibo_reply "$options" "$cur"
                else
                    _kakeibo_reply "$positional" "$cur"
                fi
            }

            complete -F _kakeibo kakeibo

            """
        return out
    }

    /// The arms of bash's and zsh's `case "$command $prev"`: after an option that takes a value, `call` with what
    /// the value completes to (a global option's after any command, a command's own only after that command).
    static func valueArms(_ model: CompletionModel, _ call: (String) -> String) -> String {
        var out = ""
        for option in model.global where option.value != nil {
            out += "        *\" \(option.name)\") \(call(bashValue(option.value))); return ;;\n"
        }
        for command in model.commands {
            for option in command.options where option.value != nil {
                out += "        \"\(command.name) \(option.name)\") \(call(bashValue(option.value))); return ;;\n"
            }
        }
        return out
    }

    /// The word `_kakeibo_reply` and `_kakeibo_offer` take: a kind, or the choices themselves (quoted as one word).
    static func bashValue(_ value: CompletionModel.Value?) -> String {
        switch value ?? .none {
        case .none: "none"
        case .choices(let words): "\"\(words.joined(separator: " "))\""
        case .file: "file"
        case .directory: "directory"
        case .category: "category"
        case .command: "command"
        }
    }

    // MARK: zsh

    static func zsh(_ model: CompletionModel) -> String {
        var out = """
            #compdef kakeibo
            # kakeibo completion for zsh. Put it on $fpath as _kakeibo:  kakeibo completion zsh > ~/.zfunc/_kakeibo
            # (with fpath+=~/.zfunc before compinit in ~/.zshrc), or load it after compinit:  source <(kakeibo completion zsh)

            _kakeibo_categories() {
                kakeibo categories --format json 2>/dev/null | awk '\(CompletionModel.categoryKeysAwk)'
            }

            _kakeibo_offer() {
                case $1 in
                    file) _files ;;
                    directory) _files -/ ;;
                    category) local -a keys; keys=(${(f)"$(_kakeibo_categories)"}); compadd -a keys ;;
                    command) _describe command _kakeibo_commands ;;
                    none) return 1 ;;
                    *) compadd -- ${=1} ;;
                esac
            }

            _kakeibo() {
                local -a _kakeibo_commands
                _kakeibo_commands=(

            """
        for command in model.commands {
            out += "        \(posixQuote(command.name + ":" + command.summary))\n"
        }
        out += """
                )
                local command= i=2 prev=${words[CURRENT-1]}
                while (( i < CURRENT )); do
                    case ${words[i]} in
                        \(model.globalValueOptions.joined(separator: "|"))) (( i++ )) ;;
                        -*) ;;
                        *) command=${words[i]}; break ;;
                    esac
                    (( i++ ))
                done
                local verb= j=$(( i + 1 ))
                while (( j < CURRENT )); do
                    case ${words[j]} in
                        \(model.valueOptions.joined(separator: "|"))) (( j++ )) ;;
                        -*) ;;
                        *) verb=${words[j]}; break ;;
                    esac
                    (( j++ ))
                done
                case "$command $prev" in

            """
        out += valueArms(model) { "_kakeibo_offer \($0)" }
        out += """
                esac
                local -a options
                local positional=command
                options=(\(model.global.map { posixQuote($0.name + "[" + zshBracketSafe($0.help) + "]") }.joined(separator: " ")))
                case $command in

            """
        for command in model.commands {
            let options = (command.options + model.global.filter { $0.name != "--version" })
                .map { posixQuote($0.name + "[" + zshBracketSafe($0.help) + "]") }
            out += "        \(command.name)) options=(\(options.joined(separator: " "))); positional=\(bashValue(command.positional)) ;;\n"
        }
        out += """
                esac
                case "$command $verb" in

            """
        for command in model.commands {
            for verb in command.verbs {
                let options = (verb.options + model.global.filter { $0.name != "--version" })
                    .map { posixQuote($0.name + "[" + zshBracketSafe($0.help) + "]") }
                out +=
                    "        \"\(command.name) \(verb.name)\") options=(\(options.joined(separator: " "))); positional=\(bashValue(verb.positional)) ;;\n"
            }
        }
        out += """
                esac
                if [[ $PREFIX == -* ]]; then
                    _values option $options
                else
                    _kakeibo_offer "$positional"
                fi
            }

            if [ "$funcstack[1]" = "_kakeibo" ]; then
                _kakeibo "$@"
            else
                compdef _kakeibo kakeibo
            fi

            """
        return out
    }

    /// `_values` reads "[…]" as the description: brackets inside it must be escaped.
    static func zshBracketSafe(_ text: String) -> String {
        text.replacingEvery("[", with: "\\[").replacingEvery("]", with: "\\]")
    }

    // MARK: fish

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

    // MARK: Quoting

    /// A word in single quotes for sh, bash and zsh.
    static func posixQuote(_ text: String) -> String { "'" + text.replacingEvery("'", with: "'\\''") + "'" }

    /// A word in single quotes for fish, where a backslash escapes a quote or a backslash.
    static func fishQuote(_ text: String) -> String {
        "'" + text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'") + "'"
    }
}
