import KakeiboKit

/// `kakeibo completion bash|zsh|fish` — a shell completion script, made from the command specs.
struct CompletionCommand: Command {
    static let name = "completion"
    static let info = CommandInfo(
        name: name,
        summary: LocalizedText(en: "Print a shell completion script (bash, zsh or fish)", ja: "シェルの補完スクリプトを表示（bash・zsh・fish）"),
        arguments: [
            Argument(Shell.allCases.map(\.rawValue).joined(separator: "|"), LocalizedText(en: "the shell to complete in", ja: "補完するシェル"))
        ],
        examples: [
            "source <(kakeibo completion bash)                                  # in ~/.bashrc",
            "kakeibo completion zsh > ~/.zfunc/_kakeibo                         # with fpath+=~/.zfunc before compinit",
            "kakeibo completion fish > ~/.config/fish/completions/kakeibo.fish",
        ])

    let shell: Shell

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let word = try CompletionCommand.positionals(arguments)[0]
        guard let shell = Shell(rawValue: word.lowercased()) else {
            throw UsageError.invalidChoice(option: "SHELL", value: word, choices: Shell.allCases.map(\.rawValue))
        }
        self.shell = shell
    }

    func run(_ context: Context) throws {
        context.print(shell.script(CompletionModel(context.language, commands: context.commands)))
    }
}
