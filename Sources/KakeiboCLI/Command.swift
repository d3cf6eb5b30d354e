import KakeiboKit

/// A command as every binary knows it: its word, and its declaration (which says, among the rest, which binary runs
/// it). `kakeibo` knows the companion's commands this way without linking their code.
public protocol CommandDeclaration {
    /// The command's word (`month`), on its own: finding the command a command line names reads only these, so a
    /// run builds no declaration but its own command's (building `add`'s, the first listed, was 4% of `month`).
    static var name: String { get }

    /// Everything the command line, routing, help, completion and the man page know about the command, declared once.
    static var info: CommandInfo { get }
}

/// A subcommand's code: its declaration and a validating initializer that turns the command line into typed values
/// (rejecting bad input before anything is touched). It runs as a `Command`, here or in kakeibo-companion, on this
/// thread: the sync commands wait on URLSession's own threads, so nothing that `kakeibo` links is async.
///
/// Public so that the companion can define commands with the same machinery.
public protocol DeclaredCommand: CommandDeclaration {
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

extension CommandDeclaration {
    public static var summary: LocalizedText { info.summary }
    public static var synopsis: String { info.synopsis }
    public static var arguments: [Argument] { info.arguments }
    public static var options: [OptionSpec] { info.options }
    public static var examples: [String] { info.examples }

    /// The positional words, checked against the declared arguments: each required one given, no more than they take.
    public static func positionals(_ parsed: ParsedArguments) throws(UsageError) -> [String] {
        try Positionals.check(parsed.positionals, arguments: info.arguments, command: name)
    }

    /// Checks the positional arguments' count: at least `required.count`, at most `required + optional`.
    public static func positionals(_ parsed: ParsedArguments, required: [String], optional: Int = 0) throws(UsageError) -> [String] {
        try Positionals.check(parsed.positionals, required: required, optional: optional, command: name)
    }
}

/// Every command kakeibo answers to, each declared once, in the order help lists them; and the code this process
/// runs them with. Passed as a value from `main` to whatever lists, finds or runs commands.
public struct CommandTable {
    /// The binary this process is.
    public let binary: Binary
    /// The code this process has: `kakeibo`'s built-in commands, and in the companion its own as well.
    let implementations: [any DeclaredCommand.Type]

    /// Every command, in help's order, the same list in both binaries: the built-in ones, then those only the
    /// companion runs (last, so that finding a built-in never builds their declarations).
    /// (Each element converted on its own: converting the whole array casts each metatype at run time through the
    /// conformance tables; docs/performance.md has the cost.)
    static var declared: [any CommandDeclaration.Type] {
        builtIn.map { $0 as any CommandDeclaration.Type }
            + [StatementDeclarations.Reconcile.self, SyncDeclarations.Pull.self, SyncDeclarations.Push.self, SyncDeclarations.Sync.self]
    }

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

    /// `kakeibo`'s table (no companion commands), or the companion's: the built-in commands plus its own, where one
    /// with a built-in's name takes its place (kakeibo-companion's `import` also reads other apps' exports).
    public init(companionCommands: [any DeclaredCommand.Type] = []) {
        binary = companionCommands.isEmpty ? .kakeibo : .companion
        implementations =
            companionCommands
            + CommandTable.builtIn.filter { command in !companionCommands.contains { $0.name == command.name } }
            .map { $0 as any DeclaredCommand.Type }
    }

    /// Every command name kakeibo answers to, in whichever binary it runs.
    static var names: [String] { declared.map { $0.name } }

    /// The command of this name, as every binary knows it.
    func find(_ name: String) -> (any CommandDeclaration.Type)? { CommandTable.declared.first { $0.name == name } }

    /// The code that runs the command of this name here, if this process has it.
    func implementation(_ name: String) -> (any DeclaredCommand.Type)? { implementations.first { $0.name == name } }

    /// Every command, in help's order.
    public var commands: [any CommandDeclaration.Type] { CommandTable.declared }

    /// Every command's declaration, in help's order (for help, completion and the manual).
    var declarations: [CommandInfo] { CommandTable.declared.map { $0.info } }
}
