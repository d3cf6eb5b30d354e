import KakeiboKit

/// A command's verbs (`budget set|list|unset`), as an enumeration whose cases are their words: each case declares,
/// once, what the verb does, the arguments after it and the options it takes. The parser checks a command line
/// against them (`CommandInfo.check`), help, completion and the manual list them, and the command switches over the
/// case it is given (`ParsedArguments.verb(_:)`), so a verb can't be parsed, listed and run under different spellings.
package protocol CommandVerb: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    var declaration: VerbInfo { get }
}

extension CommandVerb {
    /// Every verb's declaration, in the order the cases are written (help's order).
    package static var declared: [VerbInfo] {
        allCases.map { verb in
            var info = verb.declaration
            info.name = verb.rawValue
            return info
        }
    }
}

/// One verb as the parser, help, completion and the manual see it.
package struct VerbInfo: Sendable {
    /// The verb's word: the case's raw value (`CommandVerb.declared` fills it in).
    package internal(set) var name = ""
    package var summary: LocalizedText
    package var arguments: [Argument]
    package var options: [OptionSpec]

    package init(_ summary: LocalizedText, arguments: [Argument] = [], options: [any OptionDeclaration] = []) {
        self.summary = summary
        self.arguments = arguments
        self.options = options.map(\.spec)
    }

    /// "set CAT AMOUNT [--member M] [--yearly]": the verb's line in help and the manual.
    package var synopsis: String { Synopsis.words(name, arguments: arguments, options: options) }
}

extension CommandInfo {
    /// The verbs' words for a message ("set|list|unset").
    var verbChoices: String { verbs.map(\.name).joined(separator: "|") }

    /// The command line checked against the verb it names: the verb is taken off the positional words into `verb`
    /// (or the default verb, when none is given), each option given must be one the verb takes, and the words after
    /// it must be those its arguments say. A command without verbs is returned as it is.
    package func check(_ parsed: ParsedArguments) throws(UsageError) -> ParsedArguments {
        guard !verbs.isEmpty else { return parsed }
        var parsed = parsed
        let word: String
        if let first = parsed.positionals.first {
            word = first
            parsed.positionals.removeFirst()
        } else if let defaultVerb {
            word = defaultVerb
        } else {
            throw .missingArgument(verbChoices, command: name)
        }
        guard let verb = verbs.first(where: { $0.name == word }) else {
            throw .invalidChoice(option: name, value: word, choices: verbs.map(\.name))
        }
        for option in options where parsed.given(option) && !verb.options.contains(where: { $0.name == option.name }) {
            let takers = verbs.filter { $0.options.contains { $0.name == option.name } }.map(\.name)
            throw .onlyWith(option.name, name + " " + takers.joined(separator: "|"))
        }
        _ = try Positionals.check(parsed.positionals, arguments: verb.arguments, command: name)
        parsed.verb = word
        return parsed
    }
}

extension ParsedArguments {
    /// The verb this command line names, typed, its words held to its arguments (as `CommandInfo.check` already
    /// has, so that a command may index the words its verb requires).
    package func verb<Verb: CommandVerb>(_ type: Verb.Type) throws(UsageError) -> Verb {
        let command = command ?? "kakeibo"
        guard let word = verb, let verb = Verb(rawValue: word) else {
            throw .missingArgument(Verb.allCases.map(\.rawValue).joined(separator: "|"), command: command)
        }
        _ = try Positionals.check(positionals, arguments: verb.declaration.arguments, command: command)
        return verb
    }

    /// Whether the option, of either kind, was given.
    func given(_ option: OptionSpec) -> Bool { values[option.name] != nil || flags.contains(option.name) }
}

/// The synopsis grammar, shared by commands and verbs: required arguments bare, optional ones and options in brackets.
enum Synopsis {
    static func words(_ name: String, arguments: [Argument], options: [OptionSpec]) -> String {
        var words = [name]
        for argument in arguments {
            switch argument.presence {
            case .required: words.append(argument.name)
            case .optional: words.append("[\(argument.name)]")
            case .note: break
            }
        }
        for option in options { words.append(option.required ? option.label : "[\(option.label)]") }
        return words.joined(separator: " ")
    }
}

/// The count of positional words held to the arguments that take them.
enum Positionals {
    /// Checks `given` against `arguments`: each required one given, no more words than they take.
    static func check(_ given: [String], arguments: [Argument], command: String) throws(UsageError) -> [String] {
        let required = arguments.filter { $0.presence == .required }.map(\.name)
        let words = arguments.filter { $0.presence != .note }.map(\.words).reduce(0, +)
        return try check(given, required: required, optional: words - required.count, command: command)
    }

    /// At least `required.count` words, at most `required + optional`.
    static func check(_ given: [String], required: [String], optional: Int, command: String) throws(UsageError) -> [String] {
        if given.count < required.count {
            throw .missingArgument(required[given.count...].joined(separator: " "), command: command)
        }
        if given.count > required.count + optional {
            // A name typed unquoted before a price: `add お米 5kg 2,480`.
            if required.count == 2, required.last == "PRICE", let price = given.last, (try? Yen.parsePrice(price)) != nil {
                throw .unquotedName(Array(given.dropLast()), price: price, command: command)
            }
            throw .unexpectedArgument(given[required.count + optional], command: command)
        }
        return given
    }
}
