import KakeiboCLI
import KakeiboKit

/// `kakeibo pull YEAR [MONTH]` — replaces the synced items of a month, or of a year's twelve, with the server's.
public struct PullCommand: Command {
    public static let name = "pull"
    public static var summary: LocalizedText { Companion.find(name, arguments: [])?.summary ?? LocalizedText(en: name, ja: name) }
    public static let synopsis = "pull YEAR [MONTH] [--endpoint URL] [--timeout SECONDS] [--format table|json]"
    public static let arguments = [
        (
            "YEAR [MONTH]",
            LocalizedText(
                en: "the month, or without MONTH the year's 12 months (fetched 4 at a time)",
                ja: "月。MONTH がなければその年の 12 か月（4 か月ずつ並行して取得）")
        )
    ]
    public static let options = SyncSession.options
    public static let examples = [
        "kakeibo pull 2024 12",
        "kakeibo pull 2024 --format json",
        "kakeibo pull 2024 12 --endpoint https://script.google.com/macros/s/DEPLOYMENT-ID/exec --timeout 10",
    ]

    let months: [YearMonth]
    let session: SyncSession

    public init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try PullCommand.positionals(arguments, required: ["YEAR"], optional: 1)
        months = try SyncSession.months(words, today: context.clock.today)
        session = try SyncSession(arguments, context)
    }

    public func run(_ context: Context) async throws {
        let pulled = try await session.pull(months, context)
        let outcome = try session.commit(pushed: nil, pulled: pulled, context)
        session.report(outcome, pushed: false, pulled: months, context)
    }
}
