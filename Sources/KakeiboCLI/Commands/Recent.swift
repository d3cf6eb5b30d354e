import KakeiboKit

/// `kakeibo recent [N]` — the last items recorded, by when they were added (not their purchase date), across months.
struct RecentCommand: Command {
    static let format = OutputFormat.option(RecentCommand.formats)
    static let name = "recent"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Show the items added most recently, across months", ja: "最近登録したデータを月をまたいで表示"),
        description: LocalizedText(
            en: "Items are ordered by when they were recorded, not by their purchase date.", ja: "購入日ではなく、登録した日時の順に並べます。"),
        arguments: [Argument("N", LocalizedText(en: "how many, 1–100,000 (default 10)", ja: "件数（1〜100,000、既定は 10）"), .optional)],
        options: [format, ByteOrderMark.flag],
        examples: [
            "kakeibo recent",
            "kakeibo recent 5 --format json | jq -r '.items[] | \"\\(.added) \\(.name) \\(.price)\"'",
            "kakeibo recent 50 --format csv > recent.csv",
        ])
    static let maximum = 100_000
    static let formats: [OutputFormat] = [.table, .json, .csv]

    let limit: Int
    let format: OutputFormat
    let bom: Bool

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = try RecentCommand.positionals(arguments)
        limit = try words.first.map { try Parse.count($0, name: "N", maximum: RecentCommand.maximum) } ?? 10
        format = try arguments[Self.format] ?? .table
        bom = try ByteOrderMark.wanted(arguments, csv: format == .csv)
    }

    func run(_ context: Context) throws {
        let taxonomy = try context.taxonomy()
        let read = try context.storeForReading().recentlyAdded(limit: limit)
        let report = RecentReport(items: read.items, limit: limit, localTime: Clock.local)
        switch format {
        case .table: context.print(TableRenderer.recent(report, taxonomy: taxonomy, style: context.textStyle))
        case .json: context.print(JSONRenderer.recent(report, taxonomy: taxonomy))
        case .svg: break // not offered: parse refuses it
        case .csv: context.print(CSVRenderer.marked(CSVRenderer.recent(report, taxonomy: taxonomy), bom))
        }
    }
}
