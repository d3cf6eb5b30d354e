import KakeiboCLI
import KakeiboKit

/// `kakeibo sync [YEAR [MONTH]]` — push, then pull; both are written together or not at all.
public struct SyncCommand: AwaitingCommand {
    public static var name: String { SyncDeclarations.sync.name }
    public static var info: CommandInfo { SyncDeclarations.sync }

    let months: [YearMonth]
    let session: SyncSession
    /// Whether a period was named (with the change protocol, its months are pulled whole too).
    let named: Bool

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try SyncCommand.positionals(arguments)
        months = try SyncSession.months(words, today: context.clock.today)
        named = !words.isEmpty
        session = try SyncSession(arguments, context)
    }

    public func run(_ context: Context) async throws {
        let speaks = try await session.serverProtocol(context)
        if case .changes(let recorded) = speaks {
            return try await session.runChanges(send: true, receive: true, pull: named ? months : nil, recorded: recorded, context)
        }
        let pushed = try await session.push(context)
        let pulled = try await session.pull(months, context)
        let report = try session.commit(pushed: pushed, pulled: pulled, period: months, context)
        try session.rememberPlain(speaks, context)
        session.show(report, context)
    }
}

/// The sync commands the `kakeibo-companion` binary adds to kakeibo's own.
public enum SyncCommands {
    public static var all: [any DeclaredCommand.Type] { [PullCommand.self, PushCommand.self, SyncCommand.self] }
}
