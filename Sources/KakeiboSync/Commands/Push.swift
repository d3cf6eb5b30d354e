import KakeiboCLI
import KakeiboKit

/// `kakeibo push` — sends the items the household server doesn't have yet, and marks them synced once it confirms.
public struct PushCommand: Command {
    public static var name: String { SyncDeclarations.push.name }
    public static var info: CommandInfo { SyncDeclarations.push }

    let session: SyncSession
    let dryRun: Bool

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try PushCommand.positionals(arguments)
        session = try SyncSession(arguments, context)
        dryRun = arguments[SyncDeclarations.dryRun]
    }

    public func run(_ context: Context) throws {
        let server = try session.server(context)
        if dryRun { return try session.show(try server.preview(), context) }
        try session.show(try server.push(), context)
    }
}
