import KakeiboCLI
import KakeiboKit

/// `kakeibo pull YEAR [MONTH]` — replaces the synced items of a month, or of a year's twelve, with the server's.
public struct PullCommand: Command {
    public static var name: String { SyncDeclarations.pull.name }
    public static var info: CommandInfo { SyncDeclarations.pull }

    let months: [YearMonth]
    let session: SyncSession

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try PullCommand.positionals(arguments)
        months = try SyncSession.months(words, today: context.clock.today)
        session = try SyncSession(arguments, context)
    }

    public func run(_ context: Context) throws {
        try session.show(try session.server(context).pull(months), context)
    }
}
