import KakeiboKit

/// The words of a command with verbs (`budget set CAT AMOUNT`, `fixed remove NAME`): the verb, and its operands
/// checked against the names each verb takes.
struct VerbArguments {
    let verb: String
    let operands: [String]
    let command: String

    /// `verbs` names the choices for the "missing" message, e.g. "set|list|unset".
    init(_ arguments: ParsedArguments, verbs: String, command: String) throws(UsageError) {
        guard let verb = arguments.positionals.first else { throw .missingArgument(verbs, command: command) }
        self.verb = verb
        self.operands = Array(arguments.positionals.dropFirst())
        self.command = command
    }

    /// Checks that the operands are exactly `names` (at most `names` plus `optional` more), naming the first missing
    /// or unexpected one.
    func expect(_ names: [String], optional: Int = 0) throws(UsageError) {
        if operands.count < names.count { throw .missingArgument(names[operands.count...].joined(separator: " "), command: command) }
        if operands.count > names.count + optional { throw .unexpectedArgument(operands[names.count + optional], command: command) }
    }

    /// The error for a verb the command doesn't have.
    func unknownVerb(_ choices: [String]) -> UsageError { .invalidChoice(option: command, value: verb, choices: choices) }
}
