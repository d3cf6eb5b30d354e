import KakeiboKit

/// A command declared once: its name, what it is for, its arguments and typed options, examples, and which binary
/// runs it. Parsing, routing, the synopsis, `--help`, shell completion, the man page and docs/commands/NAME.md are
/// all generated from it.
public struct CommandInfo: Sendable {
    public var name: String
    public var summary: LocalizedText
    /// A paragraph for the manual, when the summary is not enough.
    public var description: LocalizedText?
    public var arguments: [Argument]
    public var options: [OptionSpec]
    public var examples: [String]
    /// Options the command accepts but help, completion and the manual don't show (`help --man`, for scripts).
    public var hidden: [OptionSpec]
    /// Which binary runs it.
    public var runs: Runs

    public init(
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
    }

    /// Every option the parser accepts for the command.
    public var accepted: [OptionSpec] { options + hidden }

    /// The synopsis after "kakeibo ": "add NAME PRICE [--date D] [--category CAT[/SUB]] [--format table|json]".
    public var synopsis: String {
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
