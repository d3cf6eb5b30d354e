import KakeiboCLI
import KakeiboKit

/// `kakeibo sync [YEAR [MONTH]]` — push, then pull; both are written together or not at all.
public struct SyncCommand: Command {
    public static var name: String { SyncDeclarations.sync.name }
    public static var info: CommandInfo { SyncDeclarations.sync }

    /// The months named, or nil (the app's protocol then pulls this month; the change protocol pulls none whole).
    let period: [YearMonth]?
    let session: SyncSession
    let dryRun: Bool
    let all: Bool

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try SyncCommand.positionals(arguments)
        period = words.isEmpty ? nil : try SyncSession.months(words, today: context.clock.today)
        session = try SyncSession(arguments, context)
        dryRun = arguments[SyncDeclarations.dryRun]
        all = arguments[SyncDeclarations.all]
    }

    public func run(_ context: Context) throws {
        if dryRun { return try session.show(try session.server(context).preview(all: all), context) }
        try session.show(try session.server(context).sync(period: period, thisMonth: context.clock.today.yearMonth, all: all), context)
    }
}

/// The sync commands the `kakeibo-companion` binary adds to kakeibo's own.
public enum SyncCommands {
    public static var all: [any DeclaredCommand.Type] { [PullCommand.self, PushCommand.self, SyncCommand.self] }
}

extension Kakeibo {
    /// Runs kakeibo-companion: kakeibo's commands plus these (the sync commands, the import of other apps' exports);
    /// exits with the status. Synchronous like `kakeibo`'s own: the sync commands wait on URLSession's threads.
    public static func main(companionCommands: [any DeclaredCommand.Type]) -> Never {
        let start = Launch(companionCommands: companionCommands)
        start.finish(run(start.arguments, terminal: start.terminal, commands: start.commands))
    }
}
