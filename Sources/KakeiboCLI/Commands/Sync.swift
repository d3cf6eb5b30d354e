import KakeiboKit

/// `kakeibo sync [YEAR [MONTH]]` — push, then pull; both are written together or not at all.
package struct SyncCommand: Command {
    package static var name: String { SyncDeclarations.sync.name }
    package static var info: CommandInfo { SyncDeclarations.sync }

    /// The months named, or nil (the app's protocol then pulls this month; the change protocol pulls none whole).
    let period: [YearMonth]?
    let session: SyncSession
    let dryRun: Bool
    let all: Bool

    package init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try SyncCommand.positionals(arguments)
        period = words.isEmpty ? nil : try SyncSession.months(words, today: context.clock.today)
        session = try SyncSession(arguments, context)
        dryRun = arguments[SyncDeclarations.dryRun]
        all = arguments[SyncDeclarations.all]
    }

    package func run(_ context: Context) throws {
        if dryRun { return try session.show(try session.server(context).preview(all: all), context) }
        let report = try session.server(context).sync(period: period, thisMonth: context.clock.today.yearMonth, all: all)
        // At a terminal, the items this server never had are offered at once; elsewhere the notes say what to run.
        if report.onlyHere > 0 && !all && session.format == .table && report.conflictCount == 0 && report.oversized.isEmpty
            && SyncCommand.asks(report.onlyHere, context)
        {
            try session.show(report, context)
            return try session.show(try session.server(context).sync(period: period, thisMonth: context.clock.today.yearMonth, all: true), context)
        }
        try session.show(report, context)
    }

    /// Asks on the terminal (stdin and stderr both one) whether to send the items the server never had; yes only for
    /// a line starting with y. Never asked of a script or cron: they have `sync --all`.
    static func asks(_ count: Int, _ context: Context) -> Bool {
        guard isatty(0) == 1, context.terminal.stderrIsTerminal else { return false }
        Terminal.write(SyncRenderer.offerAll(count, context.language), to: 2)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < 16 && read(0, &byte, 1) == 1 && byte != UInt8(ascii: "\n") { line.append(byte) }
        return line.first == UInt8(ascii: "y") || line.first == UInt8(ascii: "Y")
    }
}
