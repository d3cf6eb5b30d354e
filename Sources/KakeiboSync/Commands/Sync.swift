import KakeiboCLI
import KakeiboKit

/// `kakeibo sync [YEAR [MONTH]]` — push, then pull; both are written together or not at all.
public struct SyncCommand: Command {
    public static let name = "sync"
    public static var summary: LocalizedText { Companion.find(name, arguments: [])?.summary ?? LocalizedText(en: name, ja: name) }
    public static let synopsis = "sync [YEAR [MONTH]] [--endpoint URL] [--timeout SECONDS] [--format table|json]"
    public static let arguments = [
        ("YEAR [MONTH]", LocalizedText(en: "what to pull after pushing (default: this month)", ja: "送信後に取得する期間（既定は今月）"))
    ]
    public static let options = SyncSession.options
    public static let examples = ["kakeibo sync", "kakeibo sync 2024", "kakeibo sync && kakeibo month --format json"]

    let months: [YearMonth]
    let session: SyncSession

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try SyncCommand.positionals(arguments, required: [], optional: 2)
        months = try SyncSession.months(words, today: context.clock.today)
        session = try SyncSession(arguments, context)
    }

    public func run(_ context: Context) async throws {
        let pushed = try await session.push(context)
        let pulled = try await session.pull(months, context)
        let outcome = try session.commit(pushed: pushed, pulled: pulled, context)
        session.report(outcome, pushed: true, pulled: months, context)
    }
}

/// The commands the `kakeibo-sync` companion adds to kakeibo's own.
public enum SyncCommands {
    public static var all: [any Command.Type] { [PullCommand.self, PushCommand.self, SyncCommand.self] }
}
