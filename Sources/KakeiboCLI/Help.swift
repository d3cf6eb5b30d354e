import KakeiboKit

/// Help text for the program and each command, in both languages.
enum HelpText {
    static func overview(_ commands: CommandTable, _ language: Language) -> String {
        var out = language.pick(
            "kakeibo \(Kakeibo.version) — a household ledger (家計簿) for the command line\n\n",
            "kakeibo \(Kakeibo.version) — コマンドラインの家計簿\n\n")
        out += language.pick("Usage:", "使い方:") + " kakeibo COMMAND [OPTIONS]\n\n"
        out += language.pick("Commands:\n", "コマンド:\n")
        let width = CommandTable.names.map(\.count).max() ?? 0
        for command in commands.declarations {
            out += "  " + pad(command.name, to: width) + "  " + command.summary(language) + "\n"
        }
        out += "\n" + language.pick("Options for every command:\n", "すべてのコマンドのオプション:\n")
        out += optionLines(GlobalOptions.specs + [GlobalOptions.version.spec], language)
        out += "\n" + language.pick("Examples:\n", "例:\n")
        out += """
              kakeibo add コーヒー 178 --category food/drink
              kakeibo month 2024 12 --category food --sort price --desc
              kakeibo year 2024 --format json | jq '.months[] | .total'

            """
        out += "\n" + exitCodes(language)
        out += language.pick(
            "\nStore: --store DIR, else $KAKEIBO_HOME, else $XDG_DATA_HOME/kakeibo, else ~/.local/share/kakeibo.\n"
                + "Run 'kakeibo help COMMAND' or 'kakeibo COMMAND --help' for a command's options.\n",
            "\n保存先: --store DIR、なければ $KAKEIBO_HOME、$XDG_DATA_HOME/kakeibo、~/.local/share/kakeibo の順。\n"
                + "各コマンドのオプションは 'kakeibo help COMMAND' か 'kakeibo COMMAND --help' で表示します。\n")
        return out
    }

    static func command(_ command: CommandInfo, _ language: Language) -> String {
        var out = language.pick("Usage:", "使い方:") + " kakeibo \(command.synopsis)\n\n"
        out += command.summary(language) + "\n"
        if let description = command.description { out += "\n" + description(language) + "\n" }
        if !command.verbs.isEmpty {
            out += "\n" + language.pick("Verbs:\n", "操作:\n")
            for verb in command.verbs { out += "  " + verb.synopsis + "\n      " + verb.summary(language) + "\n" }
        }
        if !command.arguments.isEmpty {
            out += "\n" + language.pick("Arguments:\n", "引数:\n")
            let width = command.arguments.map { displayWidth($0.name) }.max() ?? 0
            for argument in command.arguments { out += "  " + pad(argument.name, to: width) + "  " + argument.help(language) + "\n" }
        }
        if !command.options.isEmpty {
            out += "\n" + language.pick("Options:\n", "オプション:\n") + optionLines(command.options, language)
        }
        out += "\n" + language.pick("Options for every command:\n", "すべてのコマンドのオプション:\n")
        out += optionLines(GlobalOptions.specs, language)
        if !command.examples.isEmpty {
            out += "\n" + language.pick("Examples:\n", "例:\n")
            for example in command.examples { out += "  " + example + "\n" }
        }
        return out
    }

    static func optionLines(_ options: [OptionSpec], _ language: Language) -> String {
        let labels = options.map(\.label)
        let width = labels.map { displayWidth($0) }.max() ?? 0
        return zip(labels, options).map { "  " + pad($0, to: width) + "  " + $1.help(language) + "\n" }.joined()
    }

    static func exitCodes(_ language: Language) -> String {
        language.pick(
            "Exit status: 0 success, 1 runtime failure (I/O, unreadable store, unknown id), 2 usage error,\n"
                + "3 over budget (month --check-budget), 4 sync conflicts to resolve (pull, push, sync).\n",
            "終了コード: 0 成功、1 実行時の失敗（入出力、読めない保存先、存在しない ID）、2 使い方の誤り、\n"
                + "3 予算超過（month --check-budget）、4 解決が必要な同期の競合（pull、push、sync）。\n")
    }
}

/// `kakeibo help [COMMAND]`
struct HelpCommand: Command {
    static let name = "help"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Show help for kakeibo or one command", ja: "kakeibo やコマンドのヘルプを表示"),
        arguments: [Argument("COMMAND", LocalizedText(en: "the command to explain", ja: "説明するコマンド"), .optional)],
        hidden: [man, markdown],
        examples: ["kakeibo help month"])
    /// `help --man`: the man page, docs/kakeibo.1 (scripts/make-docs).
    static let man = Flag("--man", help: LocalizedText(en: "print the man page (roff)", ja: "man ページ（roff）を表示"))
    /// `help --markdown COMMAND`: the command's page, docs/commands/NAME.md (scripts/make-docs).
    static let markdown = Flag("--markdown", help: LocalizedText(en: "print the command's Markdown page", ja: "コマンドの Markdown ページを表示"))

    enum Page {
        case overview
        case command(CommandInfo)
        case man
        case markdown(CommandInfo)
    }

    let page: Page

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try HelpCommand.positionals(arguments)
        if arguments[Self.man] {
            if let word = words.first { throw UsageError.unexpectedArgument(word, command: HelpCommand.name) }
            page = .man
            return
        }
        guard let word = words.first else {
            guard !arguments[Self.markdown] else { throw UsageError.missingArgument("COMMAND", command: HelpCommand.name) }
            page = .overview
            return
        }
        // Companions' commands are documented from the declarations kakeibo carries for them.
        guard let command = context.commands.declarations.first(where: { $0.name == word }) else { throw UsageError.unknownCommand(word) }
        page = arguments[Self.markdown] ? .markdown(command) : .command(command)
    }

    func run(_ context: Context) throws {
        switch page {
        case .overview: context.print(HelpText.overview(context.commands, context.language))
        case .command(let command): context.print(HelpText.command(command, context.language))
        case .man: context.print(Manual.manPage(context.commands.declarations))
        case .markdown(let command): context.print(Manual.commandPage(command))
        }
    }
}
