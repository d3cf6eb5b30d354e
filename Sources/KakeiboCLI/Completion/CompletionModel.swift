import KakeiboKit

/// What a shell should offer for kakeibo, drawn from the commands' declarations (`CommandInfo`, companions'
/// included, and `GlobalOptions`), so a new command or option completes without anyone editing the scripts.
struct CompletionModel {
    /// What a value (of an option, or a positional argument) can be.
    enum Value: Equatable {
        case none
        case choices([String])
        case file
        case directory
        case category
        case command
    }

    struct Option {
        var name: String
        /// nil for a flag.
        var value: Value?
        var help: String
    }

    struct Entry {
        var name: String
        var summary: String
        var options: [Option]
        /// What the command's positional arguments complete to (a command with verbs: the verbs).
        var positional: Value
        /// Its verbs, each an entry of its own: the options it takes and what the words after it complete to.
        var verbs: [Entry] = []
    }

    var commands: [Entry]
    /// Options every command takes (and that may come before the command).
    var global: [Option]

    init(_ language: Language, commands table: CommandTable = CommandTable()) {
        func option(_ spec: OptionSpec) -> Option {
            Option(name: spec.name, value: spec.value.map(CompletionModel.value), help: spec.help(language))
        }
        func positional(_ arguments: [Argument]) -> Value {
            arguments.first { $0.presence != .note }.map { CompletionModel.value($0.name) } ?? .none
        }
        commands = table.declarations.map { command in
            guard !command.verbs.isEmpty else {
                return Entry(
                    name: command.name, summary: command.summary(language), options: command.options.map(option),
                    positional: positional(command.arguments))
            }
            return Entry(
                name: command.name, summary: command.summary(language), options: command.options.map(option),
                positional: .choices(command.verbs.map(\.name)),
                verbs: command.verbs.map { verb in
                    Entry(name: verb.name, summary: verb.summary(language), options: verb.options.map(option), positional: positional(verb.arguments))
                })
        }
        global = (GlobalOptions.specs + [GlobalOptions.version.spec]).map(option)
    }

    /// Reads a placeholder: "CAT[/SUB]" is a category, "FILE" a file, "DIR" a directory, "COMMAND" a command,
    /// "a|b|c" a choice of words; anything else ("NAME", "YEAR MONTH") has nothing to offer.
    static func value(_ placeholder: String) -> Value {
        if placeholder.hasPrefix("CAT") { return .category }
        if placeholder.hasPrefix("FILE") { return .file }
        if placeholder == "DIR" { return .directory }
        if placeholder == "COMMAND" { return .command }
        let words = placeholder.split(separator: "|").map(String.init)
        let isWord = { (word: String) in word.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 } }
        if words.count > 1, words.allSatisfy(isWord) { return .choices(words) }
        return .none
    }

    /// The options that take a value, among the global ones (needed to find the command word).
    var globalValueOptions: [String] { global.filter { $0.value != nil }.map(\.name) }

    /// Every option that takes a value, a command's or a global one (needed to find a verb after the command word).
    var valueOptions: [String] {
        var names = globalValueOptions
        for command in commands {
            for option in command.options where option.value != nil && !names.contains(option.name) { names.append(option.name) }
        }
        return names
    }

    /// An awk program that prints the category keys and "category/subcategory" pairs from
    /// `kakeibo categories --format json`, whatever its whitespace. It holds no quote or backslash characters, so
    /// each shell can embed it in single quotes as it is.
    static let categoryKeysAwk = """
        BEGIN { q = sprintf("%c", 34); bs = sprintf("%c", 92) }
        {
          n = length($0)
          for (i = 1; i <= n; i++) {
            c = substr($0, i, 1)
            if (c == q) {
              s = ""
              for (i++; i <= n; i++) {
                c = substr($0, i, 1)
                if (c == bs) { s = s substr($0, i, 2); i++; continue }
                if (c == q) break
                s = s c
              }
              if (v) {
                if (k == "key" && d == 3) { cat = s; print s }
                else if (k == "key" && d == 5) print cat "/" s
                v = 0
              } else k = s
            } else if (c == ":") v = 1
            else if (c == "{" || c == "[") { d++; v = 0 }
            else if (c == "}" || c == "]") d--
            else if (c == ",") v = 0
          }
        }
        """
}
