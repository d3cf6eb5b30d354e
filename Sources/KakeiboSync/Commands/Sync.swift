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

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try SyncCommand.positionals(arguments)
        period = words.isEmpty ? nil : try SyncSession.months(words, today: context.clock.today)
        session = try SyncSession(arguments, context)
        dryRun = arguments[SyncDeclarations.dryRun]
    }

    public func run(_ context: Context) throws {
        if dryRun { return try session.show(try session.server(context).preview(), context) }
        try session.show(try session.server(context).sync(period: period, thisMonth: context.clock.today.yearMonth), context)
    }
}
