import KakeiboStore
import KakeiboValues

/// `kakeibo check`'s report: a table of problems for people, or one JSON document for scripts.
public enum CheckRenderer {
    public static func table(_ report: CheckReport, style: TextStyle) -> String {
        let language = style.language
        guard !report.problems.isEmpty else { return summary(report, language) + "\n" }
        var table = TextTable([
            .left(language.pick("Severity", "重大度")), .left(language.pick("File", "ファイル")), .left(language.pick("Item", "データ")),
            .left(language.pick("Problem", "問題")),
        ])
        for problem in report.problems {
            table.add([
                .init(severity(problem.severity, language), problem.severity == .error ? .negative : .warning),
                .init(report.display(problem.path)), .init(problem.item ?? "-", problem.item == nil ? .dim : nil),
                .init(problem.message(in: language)),
            ])
        }
        return table.render(style) + "\n" + summary(report, language) + "\n"
    }

    /// "2 errors, 1 warning in 14 files (1,480 items)", or "No problems in …".
    public static func summary(_ report: CheckReport, _ language: Language) -> String {
        let files = language.pick(report.files == 1 ? "1 file" : "\(Yen(report.files).grouped) files", "\(Yen(report.files).grouped) ファイル")
        let scope = language.pick("\(files) (\(Labels.count(report.items, language)))", "\(files)（\(Labels.count(report.items, language))）")
        guard !report.problems.isEmpty else { return language.pick("No problems in \(scope)", "\(scope)に問題はありません") }
        let errors = report.errors == 1 ? "1 error" : "\(report.errors) errors"
        let warnings = report.warnings == 1 ? "1 warning" : "\(report.warnings) warnings"
        return language.pick("\(errors), \(warnings) in \(scope)", "\(scope)にエラー \(report.errors) 件、警告 \(report.warnings) 件")
    }

    /// `{"store","files","items","errors","warnings","problems":[{"severity","kind","file","path","item","message"}]}`.
    public static func json(_ report: CheckReport, language: Language) -> String {
        JSONRenderer.render(
            .object([
                ("store", .string(report.store)), ("files", .integer(report.files)), ("items", .integer(report.items)),
                ("errors", .integer(report.errors)), ("warnings", .integer(report.warnings)),
                (
                    "problems",
                    .array(
                        report.problems.map { problem in
                            .object([
                                ("severity", .string(problem.severity.rawValue)), ("kind", .string(problem.code)),
                                ("file", .string(report.display(problem.path))), ("path", .string(problem.path)),
                                ("item", problem.item.map { .string($0) } ?? .null), ("message", .string(problem.message(in: language))),
                            ])
                        })
                ),
            ]))
    }

    static func severity(_ severity: StoreProblem.Severity, _ language: Language) -> String {
        switch severity {
        case .error: language.pick("error", "エラー")
        case .warning: language.pick("warning", "警告")
        }
    }
}
