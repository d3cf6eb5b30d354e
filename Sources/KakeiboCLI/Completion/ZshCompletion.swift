import KakeiboKit

/// The zsh script.
extension CompletionScripts {
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
}
