import KakeiboKit

/// A subcommand: its help, a validating initializer that turns the command line into typed values (rejecting bad
/// input before anything is touched), and `run`, which hands off to the library (async, so a command that waits on
/// the network awaits it rather than blocking a thread).
///
/// Public so that companion executables (see `Companion`) can define commands with the same machinery.
public protocol Command {
    static var name: String { get }
    static var summary: LocalizedText { get }
    /// The synopsis after "kakeibo ", e.g. "add NAME PRICE [--date D] [--category CAT[/SUB]]".
    static var synopsis: String { get }
    static var arguments: [(String, LocalizedText)] { get }
    static var options: [OptionSpec] { get }
    static var examples: [String] { get }

    init(_ arguments: ParsedArguments, _ context: Context) throws
    func run(_ context: Context) async throws
}

extension Command {
    public static var arguments: [(String, LocalizedText)] { [] }

    /// Checks the positional arguments' count: at least `required.count`, at most `required + optional`.
    public static func positionals(_ parsed: ParsedArguments, required: [String], optional: Int = 0) throws(UsageError) -> [String] {
        let given = parsed.positionals
        if given.count < required.count {
            throw .missingArgument(required[given.count...].joined(separator: " "), command: name)
        }
        if given.count > required.count + optional {
            throw .unexpectedArgument(given[required.count + optional], command: name)
        }
        return given
    }
}

/// Every subcommand the `kakeibo` binary runs itself, in the order help lists them.
enum CommandTable {
    static let builtIn: [any Command.Type] = [
        AddCommand.self, MonthCommand.self, YearCommand.self, EditCommand.self, DeleteCommand.self, ImportCommand.self,
        UndoCommand.self, BackupsCommand.self, CheckCommand.self,
        RecentCommand.self, TrendCommand.self, ReceiptCommand.self, FuelCommand.self,
        ExportCommand.self, CategoriesCommand.self, BudgetCommand.self, ConfigCommand.self, CompletionCommand.self, HelpCommand.self,
    ]

    /// The commands of this process: the built-in ones, plus a companion's own when it is the companion running.
    nonisolated(unsafe) static var all: [any Command.Type] = builtIn

    static var names: [String] { all.map { $0.name } + Companion.commands.map(\.name).filter { n in !all.contains { $0.name == n } } }

    static func find(_ name: String) -> (any Command.Type)? { all.first { $0.name == name } }

    /// The built-in commands plus a companion's: a companion command with a built-in's name takes its place
    /// (kakeibo-convert's `import` also reads other apps' exports).
    static func with(_ companionCommands: [any Command.Type]) -> [any Command.Type] {
        builtIn.map { command in companionCommands.first { $0.name == command.name } ?? command }
            + companionCommands.filter { added in !builtIn.contains { $0.name == added.name } }
    }
}
