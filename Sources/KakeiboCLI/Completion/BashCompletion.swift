import KakeiboKit

/// The bash script.
extension CompletionScripts {
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
}
