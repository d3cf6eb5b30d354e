import KakeiboKit

/// A subcommand as the command line knows it: its declaration (`info`) and a validating initializer that turns the
/// command line into typed values (rejecting bad input before anything is touched). It runs as a `Command` (every
/// built-in) or, when it waits on the network, as kakeibo-companion's `AwaitingCommand` (in KakeiboSync: nothing that
/// `kakeibo` links is async, so it links neither the concurrency runtime nor libdispatch).
///
/// Public so that companion executables (see `Companion`) can define commands with the same machinery.
public protocol DeclaredCommand {
    /// The command's word (`month`), on its own: finding the command a command line names reads only these, so a
    /// run builds no declaration but its own command's (building `add`'s, the first listed, was 4% of `month`).
    static var name: String { get }

    /// Everything the command line, help, completion and the man page know about the command, declared once.
    static var info: CommandInfo { get }

    init(_ arguments: ParsedArguments, _ context: Context) throws

    /// Runs a `Command` to its end and returns true; returns false at once for a command that must be awaited. (A
    /// requirement, not a cast to `any Command`: a cast searches the runtime's conformance tables, a measurable part
    /// of start-up.)
    func runOnThisThread(_ context: Context) throws -> Bool
}

/// A command that runs start to finish on the calling thread: every built-in command. `kakeibo` itself runs only
/// these, from a synchronous `main`, so it never starts the concurrency runtime's threads (a third of its start-up).
public protocol Command: DeclaredCommand {
    func run(_ context: Context) throws
}

extension Command {
    public func runOnThisThread(_ context: Context) throws -> Bool {
        try run(context)
        return true
    }
}

extension DeclaredCommand {
    public static var summary: LocalizedText { info.summary }
    public static var synopsis: String { info.synopsis }
    public static var arguments: [Argument] { info.arguments }
    public static var options: [OptionSpec] { info.options }
    public static var examples: [String] { info.examples }

    /// The positional words, checked against the declared arguments: each required one given, no more than they take.
    public static func positionals(_ parsed: ParsedArguments) throws(UsageError) -> [String] {
        let required = info.arguments.filter { $0.presence == .required }
        let words = info.arguments.filter { $0.presence != .note }.map(\.words).reduce(0, +)
        return try positionals(parsed, required: required.map(\.name), optional: words - required.count)
    }

    /// Checks the positional arguments' count: at least `required.count`, at most `required + optional`.
    public static func positionals(_ parsed: ParsedArguments, required: [String], optional: Int = 0) throws(UsageError) -> [String] {
        let given = parsed.positionals
        if given.count < required.count {
            throw .missingArgument(required[given.count...].joined(separator: " "), command: name)
        }
        if given.count > required.count + optional {
            // A name typed unquoted before a price: `add お米 5kg 2,480`.
            if required.count == 2, required.last == "PRICE", let price = given.last, (try? Yen.parsePrice(price)) != nil {
                throw .unquotedName(Array(given.dropLast()), price: price, command: name)
            }
            throw .unexpectedArgument(given[required.count + optional], command: name)
        }
        return given
    }
}

/// The commands one process runs, in the order help lists them: the built-in ones, plus a companion's own when it
/// is the companion running. Passed as a value from `main` to whatever lists or finds commands.
public struct CommandTable {
    public var commands: [any DeclaredCommand.Type]

    /// Every subcommand the `kakeibo` binary runs itself (none waits on the network).
    static var builtIn: [any Command.Type] {
        [
            AddCommand.self, MonthCommand.self, YearCommand.self, EditCommand.self, DeleteCommand.self, ImportCommand.self,
            ConflictsCommand.self, ResolveCommand.self,
            UndoCommand.self, BackupsCommand.self, CheckCommand.self,
            RecentCommand.self, TrendCommand.self, ReviewCommand.self, FindCommand.self, SettleCommand.self, ReceiptCommand.self,
            FuelCommand.self, ExportCommand.self, CategoriesCommand.self, BudgetCommand.self, RulesCommand.self, FixedCommand.self,
            ConfigCommand.self, AccountsCommand.self, MergesCommand.self, UnmergeCommand.self, TaxCommand.self, FurusatoCommand.self,
            CompletionCommand.self, HelpCommand.self,
        ]
    }

    /// The built-in commands plus a companion's: a companion command with a built-in's name takes its place
    /// (kakeibo-companion's `import` also reads other apps' exports).
    public init(companionCommands: [any DeclaredCommand.Type] = []) {
        let builtIn = CommandTable.builtIn
        commands =
            builtIn.map { command in companionCommands.first { $0.name == command.name } ?? command as any DeclaredCommand.Type }
            + companionCommands.filter { added in !builtIn.contains { $0.name == added.name } }
    }

    /// Every command name kakeibo answers to, in whichever binary it runs (the same list in every process).
    static var names: [String] {
        builtIn.map { $0.name } + Companion.commands.map(\.name).filter { n in !builtIn.contains { $0.name == n } }
    }

    func find(_ name: String) -> (any DeclaredCommand.Type)? { commands.first { $0.name == name } }

    /// Every command's declaration, companions' included, in help's order (for help, completion and the manual).
    var declarations: [CommandInfo] {
        commands.map { $0.info } + Companion.commands.compactMap { $0.info }.filter { info in !commands.contains { $0.name == info.name } }
    }
}
