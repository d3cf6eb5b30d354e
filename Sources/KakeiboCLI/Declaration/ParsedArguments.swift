import KakeiboKit

/// The options every command accepts, before or after the command name.
enum GlobalOptions {
    static let store = Option("--store", value: "DIR", help: LocalizedText(en: "use the store in DIR", ja: "DIR の保存先を使う"))
    /// Read even from a command line with an error in it (see `ParsedArguments.read`), so the error is in its language.
    static let lang = Option("--lang", value: "ja|en", help: LocalizedText(en: "language of labels and messages", ja: "表示とメッセージの言語"))
    static let help = Flag("--help", help: LocalizedText(en: "show help", ja: "ヘルプを表示"))
    static let version = Flag("--version", help: LocalizedText(en: "print the version", ja: "バージョンを表示"))
    static let lockTimeout = Option(
        "--lock-timeout", value: "SECONDS",
        help: LocalizedText(
            en: "give up (exit 1) if another process holds the store's lock this long (default: wait)",
            ja: "保存先のロックをこの秒数待っても取れなければ終了する（終了コード 1。既定: 待ち続ける）")
    ) { try Parse.count($0, name: "--lock-timeout", maximum: 86_400) }
    static let specs: [OptionSpec] = [store.spec, lang.spec, help.spec, lockTimeout.spec]
}

/// A command line split into the command, its options and its positional arguments.
package struct ParsedArguments: Sendable {
    package var command: String?
    /// The verb of a command with verbs, once `CommandInfo.check` has taken it off the positional words.
    package var verb: String?
    package var positionals: [String] = []
    package var values: [String: String] = [:]
    package var flags: Set<String> = []
    /// Every value of a repeatable option, in order (`values` holds the last).
    package var repeated: [String: [String]] = [:]

    /// The typed value of a declared option, or nil when it was not given; a value that doesn't parse throws.
    package subscript<Value>(option: Option<Value>) -> Value? {
        get throws { try values[option.name].map(option.parse) }
    }

    /// Every value a repeatable option was given, typed, in order; empty when it was not given.
    package func all<Value>(_ option: Option<Value>) throws -> [Value] {
        try (repeated[option.name] ?? []).map(option.parse)
    }

    /// Whether a declared flag was given.
    package subscript(flag: Flag) -> Bool { flags.contains(flag.name) }

    /// Whether the option, of either kind, was given (to check options that only mean something together).
    package func given(_ option: some OptionDeclaration) -> Bool {
        values[option.spec.name] != nil || flags.contains(option.spec.name)
    }

    /// The first thing wrong with the command line, if anything: `read` goes on past it, so that a `--lang` later
    /// on still chooses the language the error is told in.
    package var problem: UsageError?

    /// Splits `arguments` (without the program name), or throws the first thing wrong with them.
    package static func parse(_ arguments: [String], commandOptions: (String) -> [OptionSpec]?) throws(UsageError) -> ParsedArguments {
        let parsed = read(arguments, commandOptions: commandOptions)
        if let problem = parsed.problem { throw problem }
        return parsed
    }

    /// The command-line grammar, in one pass over the words. Options are `--name value` or `--name=value`, before
    /// or after the command word; a word that starts with "-" and a digit ("-500") is a value, not an option; "--"
    /// ends the options. `commandOptions` gives the options of a command word (nil: no such command). The first
    /// problem is kept in `problem` and the rest read on as well as can be (an unknown option taken for a flag).
    package static func read(_ arguments: [String], commandOptions: (String) -> [OptionSpec]?) -> ParsedArguments {
        var parsed = ParsedArguments()
        var options: [OptionSpec] = GlobalOptions.specs
        var commandSeen = false
        var index = 0
        var optionsEnded = false
        func fail(_ problem: UsageError) { if parsed.problem == nil { parsed.problem = problem } }
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || !looksLikeOption(word) {
                if !commandSeen && !optionsEnded {
                    commandSeen = true
                    if let accepted = commandOptions(word) {
                        parsed.command = word
                        options += accepted
                    } else {
                        fail(.unknownCommand(word))
                    }
                } else {
                    parsed.positionals.append(word)
                }
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            var name = word
            var inline: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            guard let spec = options.first(where: { $0.name == name }) else {
                if name == "--version" && !commandSeen {
                    parsed.flags.insert(name)
                } else {
                    fail(.unknownOption(name, command: parsed.command, nearest: Nearest.word(to: name, in: options.map(\.name))))
                }
                continue
            }
            if spec.value == nil {
                if inline != nil { fail(.flagTakesNoValue(name)) }
                if !parsed.flags.insert(name).inserted { fail(.repeatedOption(name)) }
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < arguments.count, !looksLikeOption(arguments[index]) || arguments[index] == "-" else {
                    fail(.missingValue(name))
                    continue
                }
                value = arguments[index]
                index += 1
            }
            if spec.repeatable {
                parsed.repeated[name, default: []].append(value)
            } else if parsed.values[name] != nil {
                fail(.repeatedOption(name))
                continue
            }
            parsed.values[name] = value
        }
        return parsed
    }

    static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        let second = word.utf8[word.utf8.index(after: word.utf8.startIndex)]
        return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second)
    }
}
