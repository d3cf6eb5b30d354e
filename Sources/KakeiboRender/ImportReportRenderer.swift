import KakeiboReports
import KakeiboStore
import KakeiboValues

/// The import report (`import --dry-run`): per file, the format found, the rows read, what is added, already
/// there or set aside and why, and the months whose totals change.
extension ImportRenderer {
    /// Why rows were set aside, by the key the report and JSON use (a statement's or an export's reason).
    public static func setAsideLabel(_ reason: String, _ language: Language) -> String {
        if let known = SkipReason(rawValue: reason) { return label(known, language) }
        switch reason {
        case "transfer": return language.pick("transfer", "チャージ・振替")
        case "deposit": return language.pick("money in", "入金")
        case "zero": return language.pick("zero amount", "金額ゼロ")
        case "notBilled": return language.pick("not billed", "請求なし")
        case "ignored": return language.pick("passed over by the layout", "レイアウトで除外")
        case "attached": return language.pick("kept as a note on the line above", "上の行のメモにした行")
        case "summary": return language.pick("a summary, not a purchase", "合計などの行（支払いではない）")
        default: return language.pick("not a purchase", "支払い以外")
        }
    }

    public static func report(_ report: ImportReport, taxonomy: Taxonomy, _ language: Language) -> String {
        var lines: [String] = []
        let dry = report.dryRun
        for file in report.files {
            lines.append(
                language.pick(
                    "\(file.path): \(file.formatName) (\(file.variant.isEmpty ? file.format : file.variant); \(file.encoding))",
                    "\(file.path): \(file.formatName)（\(file.variant.isEmpty ? file.format : file.variant)、\(file.encoding)）"))
            lines.append(
                language.pick(
                    "  \(rows(file.rows, language)) read, \(file.lines) to import: \(file.added) \(dry ? "would be added" : "added"), \(file.alreadyThere) already there",
                    "  \(file.rows) 行を読み、取り込む明細 \(file.lines) 件: 新規 \(file.added)、取り込み済み \(file.alreadyThere)"))
            lines += KeptLinesRenderer.text(file.kept, removedHere: file.removedHere, language)
            let setAside = file.setAside.filter { $0.reason != "attached" }
            if !setAside.isEmpty {
                let count = setAside.reduce(0) { $0 + $1.count }
                let list = setAside.map { entry in
                    "\(setAsideLabel(entry.reason, language)) \(entry.count)"
                        + (entry.total.amount == 0
                            ? "" : language.pick(" (\(entry.total.formatted(language)))", "（\(entry.total.formatted(language))）"))
                }.joined(separator: language.pick(", ", "、"))
                lines.append(language.pick("  Set aside \(rows(count, language)): \(list)", "  除外 \(count) 件: \(list)"))
            }
            if let attached = file.setAside.first(where: { $0.reason == "attached" }) {
                lines.append(
                    language.pick(
                        "  \(rows(attached.count, language)) without a date or an amount kept as the memo of the line above",
                        "  日付と金額のない \(attached.count) 行は上の行のメモにしました"))
            }
            lines += unmappedLines(file.unmapped, taxonomy: taxonomy, language).map { "  " + $0 }
            if !file.unfiled.isEmpty {
                lines.append(
                    language.pick(
                        "  Unfiled, in \(taxonomy.label(taxonomy.unfiled, language)): \(file.unfiled.count)",
                        "  分類できず「\(taxonomy.label(taxonomy.unfiled, language))」: \(file.unfiled.count) 件"))
            }
            for month in file.months {
                let income =
                    month.income.amount == 0
                    ? "" : language.pick(", income \(signed(month.income, language))", "、収入 \(signed(month.income, language))")
                lines.append(
                    language.pick(
                        "  \(month.month.iso): \(month.items >= 0 ? "+" : "")\(month.items) items, spending \(signed(month.spending, language))\(income)",
                        "  \(month.month.iso): \(month.items >= 0 ? "+" : "")\(month.items) 件、支出 \(signed(month.spending, language))\(income)"))
            }
            for note in file.notes { lines.append(language.pick("  Note: ", "  注意: ") + note(language)) }
        }
        lines += MatchRenderer.text(report.matched, language, dryRun: dry)
        if dry { lines.append(language.pick("Nothing was written (--dry-run).", "何も書き込んでいません（--dry-run）。")) }
        return lines.map { terminalSafe($0) }.joined(separator: "\n") + "\n"
    }

    /// The categories of an export that nothing mapped, and where their rows went, one line each.
    static func unmappedLines(_ unmapped: [ImportReport.Unmapped], taxonomy: Taxonomy, _ language: Language) -> [String] {
        unmapped.map { category in
            let target = category.filedAs.map { taxonomy.label($0, language) } ?? language.pick("several categories", "複数の項目")
            return language.pick(
                "Not in your categories: \(category.name), \(rows(category.count, language)), \(category.total.formatted(language)) → \(target) (by your rules, as last time, or unfiled)",
                "分類にない項目: \(category.name) \(category.count) 件 \(category.total.formatted(language)) →「\(target)」（ルール・前回の分類、なければ未分類）")
        }
    }

    /// `unmappedLines` as the text an import prints after its summary.
    public static func unmapped(_ unmapped: [ImportReport.Unmapped], taxonomy: Taxonomy, _ language: Language) -> String {
        unmappedLines(unmapped, taxonomy: taxonomy, language).map { terminalSafe($0) + "\n" }.joined()
    }

    /// Each file's notes, naming the file: what a real import says after its summaries.
    public static func notes(_ report: ImportReport, _ language: Language) -> String {
        report.files.flatMap { file in file.notes.map { terminalSafe(language.pick("Note: ", "注意: ") + file.path + ": " + $0(language)) + "\n" } }
            .joined()
    }

    /// "+¥1,200", "-¥500".
    static func signed(_ amount: Yen, _ language: Language) -> String { (amount.amount > 0 ? "+" : "") + amount.formatted(language) }

    /// `{"dryRun","files":[{"path","format","formatName","variant","encoding","rows","lines","added","alreadyThere","updated","setAside","unfiled","unmapped","months","notes"}],"merges","splits","transfersFound"}`.
    public static func reportJSON(_ report: ImportReport, taxonomy: Taxonomy) -> JSONValue {
        .object(
            [
                ("dryRun", .bool(report.dryRun)),
                (
                    "files",
                    .array(
                        report.files.map { file in
                            .object([
                                ("path", .string(file.path)), ("format", .string(file.format)), ("formatName", .string(file.formatName)),
                                ("variant", .string(file.variant)), ("encoding", .string(file.encoding)), ("rows", .integer(file.rows)),
                                ("lines", .integer(file.lines)), ("added", .integer(file.added)), ("alreadyThere", .integer(file.alreadyThere)),
                                // An import changes no item the store has: "kept" says where the file differs.
                                ("updated", .integer(0)),
                                (
                                    "setAside",
                                    .array(
                                        file.setAside.map {
                                            .object([
                                                ("reason", .string($0.reason)), ("count", .integer($0.count)), ("total", .integer($0.total.amount)),
                                            ])
                                        })
                                ),
                                ("kept", KeptLinesRenderer.keptJSON(file.kept)),
                                ("removedHere", .integer(file.removedHere)),
                                ("unfiled", .array(file.unfiled.map(StatementRenderer.line))),
                                (
                                    "unmapped",
                                    .array(
                                        file.unmapped.map {
                                            .object([
                                                ("category", .string($0.name)), ("count", .integer($0.count)), ("total", .integer($0.total.amount)),
                                                ("filedAs", $0.filedAs.map { .string(taxonomy.keyPath($0)) } ?? .null),
                                            ])
                                        })
                                ),
                                (
                                    "months",
                                    .array(
                                        file.months.map {
                                            .object([
                                                ("month", .string($0.month.iso)), ("items", .integer($0.items)),
                                                ("spending", .integer($0.spending.amount)),
                                                ("income", .integer($0.income.amount)),
                                            ])
                                        })
                                ),
                                ("notes", .array(file.notes.map { .string($0.en) })),
                            ])
                        })
                ),
            ] + MatchRenderer.json(report.matched))
    }
}
