import KakeiboCLI
import KakeiboKit

/// `kakeibo push` — sends the items the household server doesn't have yet, and marks them synced once it confirms.
public struct PushCommand: Command {
    public static let name = "push"
    public static var summary: LocalizedText { Companion.find(name, arguments: [])?.summary ?? LocalizedText(en: name, ja: name) }
    public static let synopsis = "push [--endpoint URL] [--timeout SECONDS] [--format table|json]"
    public static let options = SyncSession.options
    public static let examples = ["kakeibo push", "kakeibo push --format json"]

    let session: SyncSession

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try PushCommand.positionals(arguments, required: [])
        session = try SyncSession(arguments, context)
    }

    public func run(_ context: Context) async throws {
        let pushed = try await session.push(context)
        let outcome = try session.commit(pushed: pushed, pulled: nil, context)
        session.report(outcome, pushed: true, pulled: nil, context)
    }
}
