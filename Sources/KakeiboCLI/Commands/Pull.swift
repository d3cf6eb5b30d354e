import KakeiboKit

/// `kakeibo pull YEAR [MONTH]` — replaces the synced items of a month, or of a year's twelve, with the server's.
package struct PullCommand: Command {
    package static var name: String { SyncDeclarations.pull.name }
    package static var info: CommandInfo { SyncDeclarations.pull }

    let months: [YearMonth]
    let session: SyncSession

    package init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try PullCommand.positionals(arguments)
        months = try SyncSession.months(words, today: context.clock.today)
        session = try SyncSession(arguments, context)
    }

    package func run(_ context: Context) throws {
        try session.show(try session.server(context).pull(months), context)
    }
}
