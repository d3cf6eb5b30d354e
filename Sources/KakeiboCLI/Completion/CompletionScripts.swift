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

/// The completion scripts, one file per shell (BashCompletion, ZshCompletion, FishCompletion), and what they share.
enum CompletionScripts {
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

    // MARK: Quoting

    /// A word in single quotes for sh, bash and zsh.
    static func posixQuote(_ text: String) -> String { "'" + text.replacingEvery("'", with: "'\\''") + "'" }

    /// A word in single quotes for fish, where a backslash escapes a quote or a backslash.
    static func fishQuote(_ text: String) -> String {
        "'" + text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'") + "'"
    }
}
