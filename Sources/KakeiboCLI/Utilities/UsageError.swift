import KakeiboKit

/// A command line kakeibo can't run: exit 2, with a pointer to the help that explains it.
package enum UsageError: KakeiboFailure, Equatable {
    case unknownCommand(String)
    case unknownOption(String, command: String?, nearest: String? = nil)
    case missingValue(String)
    case repeatedOption(String)
    case missingArgument(String, command: String)
    case unexpectedArgument(String, command: String)
    case invalidChoice(option: String, value: String, choices: [String])
    case needsOneOf([String], command: String)
    case flagTakesNoValue(String)
    /// An option that means something only beside another (`--mapping` without `--from`).
    case onlyWith(String, String)
    /// `add お米 5kg 2,480`: a name of several words, given unquoted (the words, then the price).
    case unquotedName([String], price: String, command: String)

    package var kind: FailureKind { .badInput }

    package func message(in language: Language) -> String {
        switch self {
        case .unknownCommand(let name):
            if let nearest = Nearest.word(to: name, in: CommandTable.names) {
                return language.pick(
                    "unknown command '\(name)' — did you mean '\(nearest)'? (see 'kakeibo --help')",
                    "不明なコマンド '\(name)'（もしかして '\(nearest)'？）（'kakeibo --help' を参照）")
            }
            return language.pick(
                "unknown command '\(name)'; commands: \(CommandTable.names.joined(separator: ", ")) (see 'kakeibo --help')",
                "不明なコマンド '\(name)'。コマンド: \(CommandTable.names.joined(separator: ", "))（'kakeibo --help' を参照）")
        case .unknownOption(let option, let command, let nearest):
            let help = command.map { "kakeibo \($0) --help" } ?? "kakeibo --help"
            let guess = nearest.map { language.pick(" — did you mean '\($0)'?", "（もしかして '\($0)'？）") } ?? ""
            return language.pick("unknown option '\(option)'\(guess) (see '\(help)')", "不明なオプション '\(option)'\(guess)（'\(help)' を参照）")
        case .missingValue(let option):
            return language.pick("option \(option) needs a value", "オプション \(option) には値が必要です")
        case .repeatedOption(let option):
            return language.pick("option \(option) is given more than once", "オプション \(option) が複数回指定されています")
        case .missingArgument(let name, let command):
            return language.pick(
                "\(command) needs \(name) (see 'kakeibo \(command) --help')",
                "\(command) には \(name) が必要です（'kakeibo \(command) --help' を参照）")
        case .unexpectedArgument(let value, let command):
            return language.pick(
                "unexpected argument '\(value)' for \(command) (see 'kakeibo \(command) --help')",
                "\(command) に余分な引数 '\(value)' があります（'kakeibo \(command) --help' を参照）")
        case .invalidChoice(let option, let value, let choices):
            return language.pick(
                "\(option) must be one of \(choices.joined(separator: ", ")), got '\(value)'",
                "\(option) は \(choices.joined(separator: ", ")) のいずれかです（指定: '\(value)'）")
        case .needsOneOf(let options, let command):
            return language.pick(
                "\(command) needs at least one of \(options.joined(separator: ", "))",
                "\(command) には \(options.joined(separator: ", ")) のどれかが必要です")
        case .flagTakesNoValue(let option):
            return language.pick("option \(option) takes no value", "オプション \(option) に値は指定できません")
        case .onlyWith(let option, let other):
            return language.pick("option \(option) works only with \(other)", "オプション \(option) は \(other) と一緒にだけ使えます")
        case .unquotedName(let words, let price, let command):
            let name = words.joined(separator: " ")
            let quoted = "kakeibo \(command) \"\(name)\" \(price)"
            return language.pick(
                "unexpected argument '\(words[1])' for \(command): a name with spaces needs quotes, as in \(quoted)",
                "\(command) に余分な引数 '\(words[1])' があります。空白を含む品名は引用符で囲んでください: \(quoted)")
        }
    }
}

/// A command that ran but could not do what was asked: exit 1.
package enum CommandError: KakeiboFailure, Equatable {
    case readInput(String, code: Int32)
    case importFile(String, problem: WireProblem)
    /// A device (/dev/zero) given where a file is read.
    case notAFile(String)
    /// `--account` with a file that is not an IC card's dump.
    case accountWithoutCardDump(String)

    package var kind: FailureKind {
        switch self {
        case .importFile, .accountWithoutCardDump: .badInput
        default: .runtime
        }
    }

    package func message(in language: Language) -> String {
        switch self {
        case .readInput(let path, let code):
            return StoreError.io(path: path, operation: .read, code: code).message(in: language)
        case .notAFile(let path):
            return language.pick("\(path) is a device, not a file: give a file, or - for stdin", "\(path) はファイルではなくデバイスです。ファイルか、標準入力なら - を指定してください")
        case .importFile(let path, let problem):
            return language.pick("\(path): nothing imported: ", "\(path): 何も取り込んでいません: ") + problem.message(in: language)
        case .accountWithoutCardDump(let path):
            return language.pick(
                "\(path): nothing imported: --account names an IC card's account, and this is not a card's dump (see docs/ic-card.md)",
                "\(path): 何も取り込んでいません: --account は IC カードの口座名ですが、このファイルはカードのダンプではありません（docs/ic-card.md）")
        }
    }
}
