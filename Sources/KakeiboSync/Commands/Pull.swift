import KakeiboCLI
import KakeiboKit

/// `kakeibo pull YEAR [MONTH]` — replaces the synced items of a month, or of a year's twelve, with the server's.
public struct PullCommand: AwaitingCommand {
    public static var name: String { SyncDeclarations.pull.name }
    public static var info: CommandInfo { SyncDeclarations.pull }

    let months: [YearMonth]
    let session: SyncSession

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try PullCommand.positionals(arguments)
        months = try SyncSession.months(words, today: context.clock.today)
        session = try SyncSession(arguments, context)
    }

    public func run(_ context: Context) async throws {
        let speaks = try await session.serverProtocol(context)
        if case .changes(let recorded) = speaks {
            return try await session.runChanges(send: false, receive: false, pull: months, recorded: recorded, context)
        }
        // Held to the write, as push and sync hold it: a push that lands between this fetch and its write would
        // have its items, now synced, replaced by this older copy of their months.
        let lock = try context.household().syncLock()
        defer { lock?.release() }
        let pulled = try await session.pull(months, context)
        let report = try session.commit(pushed: nil, pulled: pulled, period: months, context)
        try session.rememberPlain(speaks, context)
        session.show(report, context)
    }
}
