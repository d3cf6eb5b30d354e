import KakeiboKit

/// A command declared once: its name, what it is for, its arguments and typed options, examples, and which binary
/// runs it. Parsing, routing, the synopsis, `--help`, shell completion, the man page and docs/commands/NAME.md are
/// all generated from it.
package struct CommandInfo: Sendable {
    package var name: String
    package var summary: LocalizedText
    /// A paragraph for the manual, when the summary is not enough.
    package var description: LocalizedText?
    package var arguments: [Argument]
    package var options: [OptionSpec]
    package var examples: [String]
    /// Options the command accepts but help, completion and the manual don't show (`help --man`, for scripts).
    package var hidden: [OptionSpec]
    /// Which binary runs it.
    package var runs: Runs
    /// Its verbs (`budget set|list|unset`), each with its own arguments and options; empty for a command without.
    package var verbs: [VerbInfo]
    /// The verb a command line without one means (`accounts`: list); nil when a verb must be given.
    package var defaultVerb: String?

    package init(
        name: String, summary: LocalizedText, description: LocalizedText? = nil, arguments: [Argument] = [],
        options: [any OptionDeclaration] = [], hidden: [any OptionDeclaration] = [], examples: [String] = [], runs: Runs = .kakeibo
    ) {
        self.runs = runs
        self.hidden = hidden.map(\.spec)
        self.name = name
        self.summary = summary
        self.description = description
        self.arguments = arguments
        self.options = options.map(\.spec)
        self.examples = examples
        verbs = []
    }

    /// A command with verbs: its arguments are its verbs' (each named once, in the order they first appear) and its
    /// options every option one of them takes.
    package init<Verb: CommandVerb>(
        name: String, summary: LocalizedText, description: LocalizedText? = nil, verbs: Verb.Type, defaultVerb: Verb? = nil,
        examples: [String] = [], runs: Runs = .kakeibo
    ) {
        self.init(name: name, summary: summary, description: description, examples: examples, runs: runs)
        self.verbs = Verb.declared
        self.defaultVerb = defaultVerb?.rawValue
        for verb in self.verbs {
            for argument in verb.arguments where !arguments.contains(where: { $0.name == argument.name }) {
                arguments.append(Argument(argument.name, argument.help, .optional, words: argument.words))
            }
            for option in verb.options where !options.contains(where: { $0.name == option.name }) { options.append(option) }
        }
    }

    /// Every option the parser accepts for the command.
    package var accepted: [OptionSpec] { options + hidden }

    /// The synopsis after "kakeibo ": "add NAME PRICE [--date D] [--category CAT[/SUB]] [--format table|json]"; a
    /// command with verbs names them ("budget set|list|unset …"), and each verb has its own (`VerbInfo.synopsis`).
    package var synopsis: String {
        guard !verbs.isEmpty else { return Synopsis.words(name, arguments: arguments, options: options) }
        return name + " " + (defaultVerb == nil ? verbChoices : "[\(verbChoices)]") + " …"
    }
}
