import KakeiboKit

/// `kakeibo check` — reads every file of the store and reports each problem with its file and item, like
/// `hledger check`: exit 1 if any is an error, 0 with warnings only.
struct CheckCommand: Command {
    static let format = OutputFormat.option([.table, .json])
    static let name = "check"
    static let info = CommandInfo(
        name: name,
        summary: LocalizedText(en: "Read every file of the store and report each problem", ja: "保存先のすべてのファイルを読み、問題をすべて報告"),
        description: LocalizedText(
            en: "Exits 1 if any problem is an error, 0 when there are only warnings.",
            ja: "エラーが 1 件でもあれば終了コード 1、警告だけなら 0 で終わります。"),
        options: [format],
        examples: ["kakeibo check", "kakeibo check --format json | jq -r '.problems[] | \"\\(.file) \\(.item) \\(.message)\"'"])

    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try CheckCommand.positionals(arguments)
        format = try arguments[Self.format] ?? .table
    }

    func run(_ context: Context) throws {
        let household = try context.household()
        let report = try StoreCheck.run(try context.storeForReading(), categoriesPath: context.categoriesPath())
            .adding(try household.unexplained() + household.divergent() + household.oversizedSettingProblems(context.sharedSettingFiles()))
        let output =
            format == .json
            ? CheckRenderer.json(report, language: context.language) : CheckRenderer.table(report, style: context.textStyle)
        guard report.failing == 0 else {
            let l = context.language
            let errors = report.errors == 1 ? "1 error" : "\(report.errors) errors"
            let syncing = report.failing - report.errors
            let count = report.errors == 0 ? "" : errors
            let sync = syncing == 0 ? "" : (syncing == 1 ? "1 item out of sync" : "\(syncing) items out of sync")
            let en = [count, sync].filter { !$0.isEmpty }.joined(separator: ", ")
            let ja = [report.errors == 0 ? "" : "エラー \(report.errors) 件", syncing == 0 ? "" : "同期されていないデータ \(syncing) 件"]
                .filter { !$0.isEmpty }.joined(separator: "、")
            var files: [String] = []
            for problem in report.problems where problem.failsCheck && !files.contains(problem.path) { files.append(problem.path) }
            let list = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? ", …" : "")
            let line = "kakeibo: " + terminalSafe(l.pick("\(en) in \(list)", "\(ja): \(list)")) + "\n"
            throw EarlyExit(status: .failure, stdout: output, stderr: context.messages + line)
        }
        context.print(output)
    }
}
