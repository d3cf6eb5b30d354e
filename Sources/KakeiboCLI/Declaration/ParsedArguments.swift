import KakeiboKit

/// The options every command accepts, before or after the command name.
enum GlobalOptions {
    static let store = Option("--store", value: "DIR", help: LocalizedText(en: "use the store in DIR", ja: "DIR の保存先を使う"))
    /// Read before parsing (see `Kakeibo.preScanLanguage`), so even parse errors are in the chosen language.
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
public struct ParsedArguments: Sendable {
    public var command: String?
    public var positionals: [String] = []
    public var values: [String: String] = [:]
    public var flags: Set<String> = []
    /// Every value of a repeatable option, in order (`values` holds the last).
    public var repeated: [String: [String]] = [:]

    /// The typed value of a declared option, or nil when it was not given; a value that doesn't parse throws.
    public subscript<Value>(option: Option<Value>) -> Value? {
        get throws { try values[option.name].map(option.parse) }
    }

    /// Every value a repeatable option was given, typed, in order; empty when it was not given.
    public func all<Value>(_ option: Option<Value>) throws -> [Value] {
        try (repeated[option.name] ?? []).map(option.parse)
    }

    /// Whether a declared flag was given.
    public subscript(flag: Flag) -> Bool { flags.contains(flag.name) }

    /// Whether the option, of either kind, was given (to check options that only mean something together).
    public func given(_ option: some OptionDeclaration) -> Bool {
        values[option.spec.name] != nil || flags.contains(option.spec.name)
    }

    /// Splits `arguments` (without the program name). Options are `--name value` or `--name=value`; a word that
    /// starts with "-" and a digit ("-500") is a value, not an option; "--" ends the options.
    public static func parse(_ arguments: [String], commandOptions: (String) -> [OptionSpec]?) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || !looksLikeOption(word) {
                if parsed.command == nil && !optionsEnded {
                    guard commandOptions(word) != nil || Companion.find(word) != nil else { throw .unknownCommand(word) }
                    parsed.command = word
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
            let known = GlobalOptions.specs + (parsed.command.flatMap(commandOptions) ?? [])
            guard let spec = known.first(where: { $0.name == name }) else {
                if name == "--version" && parsed.command == nil {
                    parsed.flags.insert(name)
                    continue
                }
                throw .unknownOption(name, command: parsed.command, nearest: Nearest.word(to: name, in: known.map(\.name)))
            }
            if spec.value == nil {
                guard inline == nil else { throw .flagTakesNoValue(name) }
                guard parsed.flags.insert(name).inserted else { throw .repeatedOption(name) }
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < arguments.count, !looksLikeOption(arguments[index]) || arguments[index] == "-" else {
                    throw .missingValue(name)
                }
                value = arguments[index]
                index += 1
            }
            if spec.repeatable {
                parsed.repeated[name, default: []].append(value)
            } else {
                guard parsed.values[name] == nil else { throw .repeatedOption(name) }
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
