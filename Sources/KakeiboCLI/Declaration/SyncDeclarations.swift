import KakeiboKit

/// The declarations of the sync commands (`PullCommand`, `PushCommand`, `SyncCommand`) and the options they share.
/// They need HTTP, so each is declared `runs: .network`: kakeibo-companion runs them (`Network`).
package enum SyncDeclarations {
    package static let endpoint = Option(
        "--endpoint", value: "URL",
        help: LocalizedText(
            en: "the household server (else $KAKEIBO_ENDPOINT, else 'kakeibo config set endpoint')",
            ja: "家計簿サーバー（なければ $KAKEIBO_ENDPOINT、'kakeibo config set endpoint' の順）"))
    /// Checked with the other settings (`SyncSettings.resolve`), so the option, the environment and config.json
    /// are held to the same rule.
    package static let timeout = Option(
        "--timeout", value: "SECONDS",
        help: LocalizedText(en: "give up on a request after this long (default 30)", ja: "この秒数で応答がなければあきらめる（既定は 30）"))
    package static let format = OutputFormat.option([.table, .json])
    static let options: [any OptionDeclaration] = [endpoint, timeout, format]
    /// push and sync: say what would be sent and what would stay here, and send nothing.
    package static let dryRun = Flag(
        "--dry-run",
        help: LocalizedText(
            en: "say what would be sent and what would stay here (the app has no category for it); send nothing, change no item",
            ja: "送信する予定のデータと、ここに残すデータ（アプリに項目がないもの）を表示するだけで、何も送らず何も変えない"))

    /// sync: after a change of endpoint or household, also send every item here the server lacks.
    package static let all = Flag(
        "--all",
        help: LocalizedText(
            en: "also send every item here the server lacks (synced with another server or household before): after changing the endpoint",
            ja: "サーバーにないデータをすべて送る（以前に別のサーバーや家計と同期したものも）。エンドポイントを変えた後に"))

    package static let pull = CommandInfo(
        name: "pull",
        summary: LocalizedText(en: "Fetch a month or a year from the household server", ja: "家計簿サーバーから月か年のデータを取得"),
        description: LocalizedText(
            en:
                "Replaces the synced items of the month, or of the year's twelve, with the server's; items not yet pushed are kept. Nothing is written unless every month arrived.",
            ja: "その月（または年の 12 か月）の同期済みデータをサーバーのものに置き換えます。未送信のデータは残します。すべての月を受け取れたときだけ書き込みます。"),
        arguments: [
            Argument(
                "PERIOD",
                LocalizedText(
                    en: "a month (2024 12, 2024-12, this, prev, -N, 先月) or a year (2024, 今年, 去年): its 12 months are fetched all at once",
                    ja: "月（2024 12、2024-12、今月、先月、-N）か年（2024、今年、去年）。年なら 12 か月をまとめて並行して取得"),
                words: 2)
        ],
        options: options,
        examples: [
            "kakeibo pull 2024 12",
            "kakeibo pull 2024-12",
            "kakeibo pull 2024 --format json",
            "kakeibo pull 2024 12 --endpoint https://script.google.com/macros/s/DEPLOYMENT-ID/exec --timeout 10",
        ],
        runs: .network)

    package static let push = CommandInfo(
        name: "push",
        summary: LocalizedText(en: "Send items the household server doesn't have yet", ja: "家計簿サーバーにまだないデータを送信"),
        description: LocalizedText(
            en:
                "An item is never registered twice: the server's copy of each month is checked first, and items are marked synced only once it confirms.",
            ja: "同じデータを二重に登録することはありません。先にサーバーの各月を確認し、サーバーが受け付けてから送信済みにします。"),
        options: options + [dryRun],
        examples: ["kakeibo push", "kakeibo push --dry-run", "kakeibo push --format json"], runs: .network)

    package static let sync = CommandInfo(
        name: "sync", summary: LocalizedText(en: "Push, then pull (default: this month)", ja: "送信してから取得（既定は今月）"),
        description: LocalizedText(
            en: "Both halves are written together or not at all.", ja: "送信と取得の結果はまとめて書き込むか、まったく書き込まないかのどちらかです。"),
        arguments: [
            Argument(
                "PERIOD",
                LocalizedText(
                    en: "what to pull after pushing: a month (2024 12, 2024-12, prev, -N) or a year (2024); default: this month",
                    ja: "送信後に取得する期間: 月（2024 12、2024-12、先月、-N）か年（2024）。既定は今月"), .optional, words: 2)
        ],
        options: options + [dryRun, all],
        examples: [
            "kakeibo sync", "kakeibo sync --dry-run", "kakeibo sync --all", "kakeibo sync prev", "kakeibo sync 2024",
            "kakeibo sync && kakeibo month --format json",
        ],
        runs: .network)
}
