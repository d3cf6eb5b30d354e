import KakeiboKit

/// What pull, push and sync share: their options, the server they resolve to (over the companion's `Network`), and how the report
/// is shown. The commands parse, call the server (`SyncServer`, in the operations layer) and render.
struct SyncSession {
    let format: OutputFormat
    let connection: SyncConnection

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        format = try arguments[SyncDeclarations.format] ?? .table
        let settings = try SyncSettings.resolve(
            endpointOption: try arguments[SyncDeclarations.endpoint], timeoutOption: try arguments[SyncDeclarations.timeout],
            environment: context.environment)
        // The one thing here that needs Foundation: the companion's main gives it (`Network`); `kakeibo` hands every
        // command declared `runs: .network` to the companion before this runs.
        guard let network = context.commands.network else { throw CompanionError.notHere }
        connection = network.connect(settings)
    }

    /// The months a period names, in the grammar `month` uses: one month, a year's twelve, or this month.
    static func months(_ words: [String], today: CalendarDate) throws -> [YearMonth] {
        try Period.parse(words, today: today.yearMonth, as: .monthOrYear)?.months ?? [today.yearMonth]
    }

    /// The endpoint's server, as what it speaks, with a progress bar on stderr.
    func server(_ context: Context) throws -> any SyncServer {
        try context.household().server(connection, settings: context.sharedSettingFiles(), progress: ProgressBar(context))
    }

    /// `--dry-run`: says what a push would send (stdout) and what would stay here (stderr).
    func show(_ preview: SyncPreview, _ context: Context) throws {
        if let stayed = SyncRenderer.stayed(preview.stayed, taxonomy: try context.taxonomy(), context.language) { context.note(stayed) }
        context.print(format == .json ? SyncRenderer.json(preview) : SyncRenderer.preview(preview, context.language))
    }

    /// Says what the command did: the notes on stderr, the summary (or its JSON) on stdout; exit 4 when conflicts wait
    /// (the command did its work, but cron can tell).
    func show(_ report: SyncReport, _ context: Context) throws {
        for note in SyncRenderer.notes(report, context.language) { context.note(note) }
        if let stayed = SyncRenderer.stayed(report.stayed, taxonomy: try context.taxonomy(), context.language) { context.note(stayed) }
        context.print(format == .json ? SyncRenderer.json(report) : SyncRenderer.text(report, context.language))
        if report.conflictCount > 0 { throw EarlyExit(status: .conflicts, context) }
        // A setting that can never be sent: the household is not in sync, and cron must hear of it.
        if !report.oversized.isEmpty { throw EarlyExit(status: .failure, context) }
    }
}

/// A sync phase's progress bar, worded here.
final class ProgressBar: SyncProgress {
    private let context: Context
    private var bar: Progress?

    init(_ context: Context) { self.context = context }

    func begin(_ phase: SyncPhase, steps: Int) {
        let label: LocalizedText
        switch phase {
        case .checking: label = LocalizedText(en: "Checking", ja: "確認中")
        case .fetching: label = LocalizedText(en: "Fetching", ja: "取得中")
        case .sending: label = LocalizedText(en: "Sending", ja: "送信中")
        }
        bar = Progress(total: steps, label: label(context.language), terminal: context.terminal)
    }

    func step() { bar?.advance() }

    func end() {
        bar?.finish()
        bar = nil
    }
}
