import KakeiboKit

/// A command as every binary knows it: its word, and its declaration (which says, among the rest, which binary runs
/// it). `kakeibo` knows the companion's commands this way without linking their code.
package protocol CommandDeclaration {
    /// The command's word (`month`), on its own: finding the command a command line names reads only these, so a
    /// run builds no declaration but its own command's (docs/performance.md has what that saves).
    static var name: String { get }

    /// Everything the command line, routing, help, completion and the man page know about the command, declared once.
    static var info: CommandInfo { get }
}

/// A subcommand's code: its declaration, a validating initializer that turns the command line into typed values
/// (rejecting bad input before anything is touched), and a run, start to finish on the calling thread — here or in
/// kakeibo-companion, where the sync commands wait on URLSession's own threads; nothing kakeibo links is async.
package protocol Command: CommandDeclaration {
    init(_ arguments: ParsedArguments, _ context: Context) throws
    func run(_ context: Context) throws
}

extension CommandDeclaration {
    package static var summary: LocalizedText { info.summary }
    package static var synopsis: String { info.synopsis }
    package static var arguments: [Argument] { info.arguments }
    package static var options: [OptionSpec] { info.options }
    package static var examples: [String] { info.examples }

    /// The positional words, checked against the declared arguments: each required one given, no more than they take.
    package static func positionals(_ parsed: ParsedArguments) throws(UsageError) -> [String] {
        try Positionals.check(parsed.positionals, arguments: info.arguments, command: name)
    }

    /// Checks the positional arguments' count: at least `required.count`, at most `required + optional`.
    package static func positionals(_ parsed: ParsedArguments, required: [String], optional: Int = 0) throws(UsageError) -> [String] {
        try Positionals.check(parsed.positionals, required: required, optional: optional, command: name)
    }
}

/// A command as every binary knows it: its word, and its declaration, built only when asked for (finding the command
/// a command line names reads only the words; docs/performance.md has why).
package struct KnownCommand {
    package let name: String
    let declare: () -> CommandInfo

    /// Everything the command line, routing, help, completion and the man page know about it.
    package var info: CommandInfo { declare() }
}

/// Every command kakeibo answers to, each declared once, in the order help lists them; and the code this process
/// runs them with. Passed as a value from `main` to whatever lists, finds or runs commands.
package struct CommandTable {
    /// The binary this process is.
    package let binary: Binary
    /// HTTP, in the companion (its `main` gives it); nil in `kakeibo`, which hands the commands that need it over.
    package let network: Network?
    /// Every command, in help's order, the same list in both binaries.
    static var declared: [KnownCommand] { builtIn.map { command in KnownCommand(name: command.name) { command.info } } }

    /// Every subcommand: both binaries link every one's code; those declared `runs: .network` run only where there
    /// is a `Network` (the companion), and `kakeibo` hands them over. Adding a command is its file and its line here.
    static var builtIn: [any Command.Type] {
        [
            AddCommand.self, MonthCommand.self, YearCommand.self, EditCommand.self, DeleteCommand.self, ImportCommand.self,
            ConflictsCommand.self, ResolveCommand.self,
            UndoCommand.self, BackupsCommand.self, CheckCommand.self,
            RecentCommand.self, TrendCommand.self, ReviewCommand.self, FindCommand.self, SettleCommand.self, ReceiptCommand.self,
            FuelCommand.self, ExportCommand.self, CategoriesCommand.self, BudgetCommand.self, RulesCommand.self, FixedCommand.self,
            ConfigCommand.self, AccountsCommand.self, MergesCommand.self, UnmergeCommand.self, TaxCommand.self, FurusatoCommand.self,
            CompletionCommand.self, HelpCommand.self, ReconcileCommand.self, PullCommand.self, PushCommand.self, SyncCommand.self,
        ]
    }

    /// `kakeibo`'s table: every command, and no network.
    package init() {
        binary = .kakeibo
        network = nil
    }

    /// The companion's: every command, with the network to run those that need it.
    package init(network: Network) {
        binary = .companion
        self.network = network
    }

    /// Every command name kakeibo answers to, in whichever binary it runs.
    static var names: [String] { declared.map(\.name) }

    /// The command of this name, as every binary knows it.
    func find(_ name: String) -> KnownCommand? {
        // Looked for among the words alone: the table of every entry is not built for one command line.
        CommandTable.builtIn.first { $0.name == name }.map { command in KnownCommand(name: name) { command.info } }
    }

    /// The code that runs the command of this name.
    func implementation(_ name: String) -> (any Command.Type)? { CommandTable.builtIn.first { $0.name == name } }

    /// Every command, in help's order.
    package var commands: [KnownCommand] { CommandTable.declared }

    /// Every command's declaration, in help's order (for help, completion and the manual).
    var declarations: [CommandInfo] { CommandTable.declared.map(\.info) }
}
