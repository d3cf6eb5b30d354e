import KakeiboReports
import KakeiboStore
import KakeiboValues

/// The import report, the one value every import is worded from: a dry run's per file account (the format found,
/// the rows read, what is added, already there or set aside and why, the months whose totals change), a real
/// import's summary, and either as JSON.
extension ImportRenderer {
    /// What `import` prints: a dry run's report, else the summary.
    public static func text(_ report: ImportReport, taxonomy: Taxonomy, _ language: Language) -> String {
        report.dryRun ? self.report(report, taxonomy: taxonomy, language) : summary(report, taxonomy: taxonomy, language)
    }

    /// What `import --format json` prints: a dry run's report; else the summary's members (the statements', else the
    /// first other file's), then `files`, each file's part of the report.
    public static func json(_ report: ImportReport, taxonomy: Taxonomy) -> JSONValue {
        let whole = reportJSON(report, taxonomy: taxonomy)
        guard !report.dryRun else { return whole }
        var members: [(String, JSONValue)] = []
        if let statements = report.statements, case .object(let fields) = StatementRenderer.importJSON(statements, taxonomy: taxonomy) {
            members = fields
        } else if let file = report.files.first(where: { $0.export != nil || $0.merged != nil || $0.card != nil }) {
            if let export = file.export, case .object(let fields) = foreignJSONValue(export, taxonomy: taxonomy) { members = fields }
            if let merged = file.merged { members = mergedFields(merged) }
            if let card = file.card { members = CardImportRenderer.fields(card, taxonomy: taxonomy) + MatchRenderer.json(report.matched) }
        }
        members += report.settings.map(settingsFields) ?? []
        return .object(members + [("files", whole["files"] ?? .array([]))])
    }

    /// A real import's summary: the statements' together, then each other file's in order (an export's unmapped
    /// categories listed when no `--category` took them), an export of everything's settings, every file's notes.
    public static func summary(_ report: ImportReport, taxonomy: Taxonomy, _ language: Language) -> String {
        var out = report.statements.map { StatementRenderer.importText($0, taxonomy: taxonomy, language) } ?? ""
        // What matching did is said once, by the first part: the statements', else the first other file's.
        let first = report.statements == nil ? report.files.firstIndex { $0.export != nil || $0.merged != nil || $0.card != nil } : nil
        for (index, file) in report.files.enumerated() {
            if let export = file.export {
                out += foreign(export, taxonomy: taxonomy, language)
                if export.fallback == nil { out += unmapped(file.unmapped, taxonomy: taxonomy, language) }
            }
            if let merged = file.merged { out += ImportRenderer.merged(merged, language) + "\n" }
            if let card = file.card {
                out += CardImportRenderer.text(card, language) + (index == first ? AccountsRenderer.matchedLines(report.matched, language) : "")
            }
        }
        out += report.settings.map { settings($0, language) + "\n" } ?? ""
        return out + notes(report, language)
    }

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
        case "charge": return language.pick("charge, put on the card", "チャージ")
        case "refund": return language.pick("paid back", "払い戻し")
        case "free": return language.pick("cost nothing (a pass)", "料金なし（定期券など）")
        case "balanceOnly": return language.pick("only set the balance", "残高のみ")
        case "unpriced": return language.pick("not priced yet", "金額不明")
        case "unknown": return language.pick("of a kind no table explains", "種類不明")
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
            if let card = file.card, let balance = CardImportRenderer.balanceLine(card, language) { lines.append("  " + balance) }
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
                            .object(
                                [
                                    ("path", .string(file.path)), ("format", .string(file.format)), ("formatName", .string(file.formatName)),
                                    ("variant", .string(file.variant)), ("encoding", .string(file.encoding)), ("rows", .integer(file.rows)),
                                    ("lines", .integer(file.lines)), ("added", .integer(file.added)), ("alreadyThere", .integer(file.alreadyThere)),
                                    ("updated", .integer(file.updated)),
                                    (
                                        "setAside",
                                        .array(
                                            file.setAside.map {
                                                .object([
                                                    ("reason", .string($0.reason)), ("count", .integer($0.count)),
                                                    ("total", .integer($0.total.amount)),
                                                ])
                                            })
                                    ),
                                    ("kept", KeptLinesRenderer.keptJSON(file.kept)), ("removedHere", .integer(file.removedHere)),
                                    ("unfiled", .array(file.unfiled.map(StatementRenderer.line))),
                                    (
                                        "unmapped",
                                        .array(
                                            file.unmapped.map {
                                                .object([
                                                    ("category", .string($0.name)), ("count", .integer($0.count)),
                                                    ("total", .integer($0.total.amount)),
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
                                ] + (file.card.map { [("card", .object(CardImportRenderer.fields($0, taxonomy: taxonomy, items: false)))] } ?? []))
                        })
                ),
            ] + MatchRenderer.json(report.matched))
    }
}
