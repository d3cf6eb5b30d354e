import KakeiboOperations
import KakeiboReports
import KakeiboStore
import KakeiboValues

/// What an import did, for people and for programs: the merge (`kakeibo import FILE`), and for another app's
/// export the rows read, skipped, sent to a fallback, cut or cleaned (`kakeibo import --from …`).
public enum ImportRenderer {
    /// "Imported 3 items: 2 new, 1 updated, 0 unchanged, in 1 month" (`source` says from where, e.g. "from Zaim").
    public static func merged(_ outcome: MergeOutcome, _ language: Language, source: LocalizedText? = nil) -> String {
        let matched = MatchRenderer.text(outcome.matched, language).map { terminalSafe($0) }
        let kept = KeptLinesRenderer.text(outcome.kept, removedHere: outcome.removedHere, language)
        return ([summary(outcome, language, source: source)] + kept + matched).joined(separator: "\n")
    }

    static func summary(_ outcome: MergeOutcome, _ language: Language, source: LocalizedText?) -> String {
        let from = source.map { $0(language) }
        let imported = outcome.imported == 1 ? "1 item" : "\(outcome.imported) items"
        let months = outcome.months.count == 1 ? "1 month" : "\(outcome.months.count) months"
        return language.pick(
            "Imported \(imported)\(from.map { " " + $0 } ?? ""): \(outcome.added) new, \(outcome.updated) updated, \(outcome.unchanged) unchanged, in \(months)",
            "\(from.map { $0 + "から" } ?? "")\(outcome.imported) 件を取り込みました: 新規 \(outcome.added)、更新 \(outcome.updated)、変更なし \(outcome.unchanged)（\(outcome.months.count) か月）"
        )
    }

    /// The JSON fields every import prints: `imported`, `added`, `updated`, `unchanged`, `months`.
    public static func mergedFields(_ outcome: MergeOutcome) -> [(String, JSONValue)] {
        [
            ("imported", .integer(outcome.imported)), ("added", .integer(outcome.added)), ("updated", .integer(outcome.updated)),
            ("unchanged", .integer(outcome.unchanged)), ("months", .array(outcome.months.map { .string($0.iso) })),
        ] + KeptLinesRenderer.json(outcome.kept, removedHere: outcome.removedHere) + MatchRenderer.json(outcome.matched)
    }

    /// "1 row", "3 rows" (件 in Japanese).
    public static func rows(_ count: Int, _ language: Language) -> String {
        language.pick(count == 1 ? "1 row" : "\(count) rows", "\(count) 件")
    }

    /// Why rows were not imported, as the summary names it.
    public static func label(_ reason: SkipReason, _ language: Language) -> String {
        switch reason {
        case .notCounted: language.pick("not counted", "計算対象外")
        case .transfer: language.pick("transfer", "振替")
        case .income: language.pick("income", "収入")
        case .balance: language.pick("balance adjustment", "残高調整")
        case .zero: language.pick("zero amount", "金額ゼロ")
        case .duplicate: language.pick("duplicate", "重複")
        case .mapping: language.pick("skipped by the mapping", "対応表で除外")
        }
    }

    /// The lines `import --from` prints.
    public static func foreign(_ summary: ImportReport.Export, taxonomy: Taxonomy, _ language: Language) -> String {
        let from = LocalizedText(en: "from \(summary.sourceName) (\(summary.encoding))", ja: "\(summary.sourceName)（\(summary.encoding)）")
        var lines = [self.summary(summary.merge, language, source: from)]
        lines += KeptLinesRenderer.text(summary.merge.kept, removedHere: summary.merge.removedHere, language)
        let skipped = SkipReason.allCases.compactMap { reason in summary.skipped[reason].map { "\(label(reason, language)) \($0)" } }
        if !skipped.isEmpty {
            let count = summary.skipped.values.reduce(0, +)
            lines.append(
                language.pick(
                    "Skipped \(rows(count, language)): \(skipped.joined(separator: ", "))",
                    "取り込まなかった行 \(count) 件: \(skipped.joined(separator: "、"))"))
        }
        if summary.income > 0 {
            lines.append(language.pick("Income: \(rows(summary.income, language))", "収入: \(summary.income) 件"))
        }
        if summary.transfers > 0 {
            lines.append(
                language.pick(
                    "Transfers (between accounts, not spending): \(rows(summary.transfers, language))",
                    "振替（口座間の移動、支出ではありません）: \(summary.transfers) 件"))
        }
        if let fallback = summary.fallback, !summary.unmapped.isEmpty {
            let count = summary.unmapped.reduce(0) { $0 + $1.count }
            let list = summary.unmapped.map { "\($0.name) \($0.count)" }.joined(separator: language.pick(", ", "、"))
            let target = taxonomy.label(fallback, language)
            lines.append(
                language.pick(
                    "Sent \(rows(count, language)) of unmapped categories to \(target): \(list)",
                    "対応のない分類の \(count) 件を「\(target)」にしました: \(list)"))
        }
        if summary.shortened > 0 {
            lines.append(
                language.pick(
                    "Names cut to \(ItemName.maximumLength) characters: \(summary.shortened)",
                    "\(ItemName.maximumLength) 文字に縮めた品名: \(summary.shortened) 件"))
        }
        if summary.cleaned > 0 {
            lines.append(
                language.pick(
                    "Names whose line breaks or other control characters became spaces: \(summary.cleaned)",
                    "改行などの制御文字を空白にした品名: \(summary.cleaned) 件"))
        }
        lines += MatchRenderer.text(summary.merge.matched, language)
        return lines.map { terminalSafe($0) }.joined(separator: "\n") + "\n"
    }

    /// `import --from … --format json`: the merge's fields, then the export's account.
    public static func foreignJSON(_ summary: ImportReport.Export, taxonomy: Taxonomy) -> String {
        JSONRenderer.render(foreignJSONValue(summary, taxonomy: taxonomy))
    }

    /// `foreignJSON`'s object.
    public static func foreignJSONValue(_ summary: ImportReport.Export, taxonomy: Taxonomy) -> JSONValue {
        let fallback: JSONValue =
            summary.fallback.map { code in
                let key = taxonomy.key(category: code.category)
                return .string(code.subcategory.map { key + "/" + taxonomy.key(category: code.category, subcategory: $0) } ?? key)
            } ?? .null
        return .object(
            mergedFields(summary.merge) + [
                ("source", .string(summary.source)),
                ("encoding", .string(summary.encoding)),
                ("rows", .integer(summary.rows)),
                ("skipped", .object(SkipReason.allCases.map { ($0.rawValue, .integer(summary.skipped[$0] ?? 0)) })),
                ("unmapped", .array(summary.unmapped.map { .object([("category", .string($0.name)), ("count", .integer($0.count))]) })),
                ("fallback", fallback),
                ("shortened", .integer(summary.shortened)),
                ("cleaned", .integer(summary.cleaned)),
                ("income", .integer(summary.income)),
                ("transfers", .integer(summary.transfers)),
            ])
    }

    /// "Settings: 2 budgets, 1 fixed cost, 0 notes set": what an import of an export with settings set.
    public static func settings(_ merged: SettingsMerged, _ language: Language) -> String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        return language.pick(
            "Settings: \(count(merged.budgets, "budget", "budgets")), \(count(merged.fixed, "fixed cost", "fixed costs")), \(count(merged.notes, "note", "notes")) set",
            "設定: 予算 \(merged.budgets) 件、固定費 \(merged.fixed) 件、メモ \(merged.notes) 件を設定しました")
    }

    /// `budgets`, `fixed`, `notes`: how many of each the import set.
    public static func settingsFields(_ merged: SettingsMerged) -> [(String, JSONValue)] {
        [("budgets", .integer(merged.budgets)), ("fixed", .integer(merged.fixed)), ("notes", .integer(merged.notes))]
    }
}
