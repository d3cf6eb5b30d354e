import KakeiboKit

/// `kakeibo check` — reads every file of the store and reports each problem with its file and item, like
/// `hledger check`: exit 1 if any is an error, 0 with warnings only.
struct CheckCommand: Command {
    static let name = "check"
    static let summary = LocalizedText(en: "Read every file of the store and report each problem", ja: "保存先のすべてのファイルを読み、問題をすべて報告")
    static let synopsis = "check [--format table|json]"
    static let options = [OutputFormat.option([.table, .json])]
    static let examples = ["kakeibo check", "kakeibo check --format json | jq -r '.problems[] | \"\\(.file) \\(.item) \\(.message)\"'"]

    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        _ = try CheckCommand.positionals(arguments, required: [])
        format = try OutputFormat.parse(arguments.value("--format"), allowed: [.table, .json])
    }

    func run(_ context: Context) throws {
        let report = try StoreCheck.run(try context.storeForReading(), categoriesPath: context.categoriesPath())
        let output =
            format == .json
            ? CheckRenderer.json(report, language: context.language) : CheckRenderer.table(report, style: context.textStyle)
        guard report.errors == 0 else {
            let l = context.language
            let count = report.errors == 1 ? "1 error" : "\(report.errors) errors"
            var files: [String] = []
            for problem in report.problems where problem.severity == .error && !files.contains(problem.path) { files.append(problem.path) }
            let list = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? ", …" : "")
            throw EarlyExit(
                status: .failure, stdout: output,
                stderr: context.messages + "kakeibo: " + terminalSafe(l.pick("\(count) in \(list)", "エラー \(report.errors) 件: \(list)")) + "\n")
        }
        context.print(output)
    }
}
