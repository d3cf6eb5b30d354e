import KakeiboKit

/// `kakeibo push` — sends the items the household server doesn't have yet, and marks them synced once it confirms.
package struct PushCommand: Command {
    package static var name: String { SyncDeclarations.push.name }
    package static var info: CommandInfo { SyncDeclarations.push }

    let session: SyncSession
    let dryRun: Bool

    package init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try PushCommand.positionals(arguments)
        session = try SyncSession(arguments, context)
        dryRun = arguments[SyncDeclarations.dryRun]
    }

    package func run(_ context: Context) throws {
        let server = try session.server(context)
        if dryRun { return try session.show(try server.preview(), context) }
        try session.show(try server.push(), context)
    }
}
