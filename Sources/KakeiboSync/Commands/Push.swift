import KakeiboCLI
import KakeiboKit

/// `kakeibo push` — sends the items the household server doesn't have yet, and marks them synced once it confirms.
public struct PushCommand: AwaitingCommand {
    public static var name: String { SyncDeclarations.push.name }
    public static var info: CommandInfo { SyncDeclarations.push }

    let session: SyncSession

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try PushCommand.positionals(arguments)
        session = try SyncSession(arguments, context)
    }

    public func run(_ context: Context) async throws {
        let speaks = try await session.serverProtocol(context)
        if case .changes(let recorded) = speaks {
            return try await session.runChanges(send: true, receive: false, pull: nil, recorded: recorded, context)
        }
        let pushed = try await session.push(context)
        let report = try session.commit(pushed: pushed, pulled: nil, period: nil, context)
        try session.rememberPlain(speaks, context)
        session.show(report, context)
    }
}
