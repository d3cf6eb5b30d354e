import KakeiboOperations
import KakeiboReports
import KakeiboStore
import KakeiboValues

/// Statement imports and `reconcile`, in words and as JSON.
public enum StatementRenderer {
    static func skipLabel(_ reason: String, _ language: Language) -> String {
        switch reason {
        case "transfer": language.pick("transfer", "チャージ・振替")
        case "deposit": language.pick("money in", "入金")
        case "zero": language.pick("zero amount", "金額ゼロ")
        default: language.pick("not a purchase", "支払い以外")
        }
    }

    public static func importText(_ summary: ImportReport.Statements, taxonomy: Taxonomy, _ language: Language) -> String {
        var lines = [
            language.pick(
                "Imported \(summary.lines == 1 ? "1 line" : "\(summary.lines) lines") from \(summary.source) (\(summary.encoding)): \(summary.added) new, \(summary.alreadyStored) already there, in \(summary.months.count == 1 ? "1 month" : "\(summary.months.count) months")",
                "\(summary.source)（\(summary.encoding)）の \(summary.lines) 件を取り込みました: 新規 \(summary.added)、取り込み済み \(summary.alreadyStored)（\(summary.months.count) か月）"
            )
        ]
        if summary.income > 0 {
            lines.append(
                language.pick(
                    "Money in: \(summary.income) (income, unless it came from one of your accounts)", "入金: \(summary.income) 件（自分の口座からでなければ収入）"))
        }
        if summary.charges > 0 {
            lines.append(
                language.pick(
                    "Charges: \(summary.charges) (transfers into the account, not spending)", "チャージ: \(summary.charges) 件（口座への振替で支出ではありません）"))
        }
        let skipped = summary.skipped.filter { $0.count > 0 }
        if !skipped.isEmpty {
            let list = skipped.map { "\(skipLabel($0.reason, language)) \($0.count)" }.joined(separator: language.pick(", ", "、"))
            let count = skipped.reduce(0) { $0 + $1.count }
            lines.append(language.pick("Not spending, left out: \(count) (\(list))", "支出でないため除外: \(count) 件（\(list)）"))
        }
        if !summary.unfiled.isEmpty {
            let target = taxonomy.label(summary.unfiledCategory, language)
            lines.append(
                language.pick(
                    "Unfiled, in \(target): \(summary.unfiled.count) (file them with 'kakeibo rules add PATTERN CATEGORY' or 'kakeibo edit ID --category …')",
                    "分類できず「\(target)」にした明細: \(summary.unfiled.count) 件（'kakeibo rules add パターン 項目' か 'kakeibo edit ID --category …' で分類できます）"))
            for line in summary.unfiled {
                lines.append("  \(line.date.iso)  \(line.name)  \(line.price.formatted(language))  \(line.id)")
            }
        }
        lines += MatchRenderer.text(summary.matched, language)
        return lines.map { terminalSafe($0) }.joined(separator: "\n") + "\n"
    }

    public static func importJSON(_ summary: ImportReport.Statements, taxonomy: Taxonomy) -> JSONValue {
        .object(
            [
                ("source", .string(summary.format)), ("encoding", .string(summary.encoding)), ("lines", .integer(summary.lines)),
                ("added", .integer(summary.added)), ("alreadyStored", .integer(summary.alreadyStored)),
                ("skipped", .object(summary.skipped.map { ($0.reason, .integer($0.count)) })),
                ("unfiled", .array(summary.unfiled.map(line))), ("unfiledCategory", .string(taxonomy.keyPath(summary.unfiledCategory))),
                ("typedMatches", .integer(summary.typedMatches)), ("months", .array(summary.months.map { .string($0.iso) })),
                ("income", .integer(summary.income)), ("charges", .integer(summary.charges)),
            ] + MatchRenderer.json(summary.matched))
    }

    /// A statement line: `{"id","date","name","price","payment"}` (and `"user"` when the statement names one, `"legs"`
    /// when other accounts paid parts of it).
    static func line(_ line: StatementLine) -> JSONValue {
        let legs: [(String, JSONValue)] =
            line.legs.isEmpty
            ? [] : [("legs", .array(line.legs.map { .object([("payment", .string($0.payment)), ("price", .integer($0.price.amount))]) }))]
        return .object(
            [
                ("id", .string(line.id)), ("date", .string(line.date.iso)), ("name", .string(line.name)), ("price", .integer(line.price.amount)),
                ("payment", .string(line.payment)),
            ] + (line.user.map { [("user", .string($0))] } ?? []) + legs)
    }

    // MARK: reconcile

    /// `{"period":{"from","to"}|null,"matched":[{"statement","item"}],"statementOnly":[line],"typedOnly":[item],"totals":{…},"added","recorded"}`
    /// (`added` and `recorded` are 0: `reconcile` writes nothing, and `--add` is the import's).
    public static func reconcileJSON(_ report: Reconciliation, taxonomy: Taxonomy) -> JSONValue {
        let period: JSONValue =
            report.period.map { .object([("from", .string($0.lowerBound.iso)), ("to", .string($0.upperBound.iso))]) } ?? .null
        return .object([
            ("period", period),
            ("matched", .array(report.matched.map { .object([("statement", line($0.line)), ("item", JSONRenderer.item($0.item, taxonomy))]) })),
            ("statementOnly", .array(report.statementOnly.map(line))),
            ("typedOnly", .array(report.typedOnly.map { JSONRenderer.item($0, taxonomy) })),
            (
                "totals",
                .object([
                    ("matched", .integer(report.matchedTotal.amount)), ("statementOnly", .integer(report.statementOnlyTotal.amount)),
                    ("typedOnly", .integer(report.typedOnlyTotal.amount)),
                ])
            ),
            ("added", .integer(0)), ("recorded", .integer(0)),
        ])
    }

    public static func reconcileText(_ report: Reconciliation, style: TextStyle) -> String {
        let language = style.language
        var out = ""
        if let period = report.period {
            out +=
                style.bold(
                    language.pick(
                        "Statement \(period.lowerBound.iso) – \(period.upperBound.iso)", "明細 \(period.lowerBound.iso)〜\(period.upperBound.iso)"))
                + "\n"
        }
        out += section(
            language.pick("Matched (one purchase with an item another source has)", "一致（ほかの記録と同じ買い物）"), report.matched.count, report.matchedTotal,
            language)
        if !report.matched.isEmpty {
            var table = TextTable([
                .left(language.pick("Date", "日付")), .left(language.pick("Statement", "明細")), .right(language.pick("Price", "金額")),
                .left(language.pick("Item", "品目")), .left("ID").inked(.dim),
            ])
            for (match, id) in zip(report.matched, shortIDs(report.matched.map(\.item.id))) {
                table.add([
                    .init(match.line.date.iso), .init(terminalSafe(match.line.name)), .init(match.line.price.formatted(language)),
                    .init(match.item.date.iso + " " + terminalSafe(match.item.name)), .init(terminalSafe(id)),
                ])
            }
            out += table.render(style)
        }
        out +=
            "\n"
            + section(
                language.pick("Only on the statement", "明細にだけある"), report.statementOnly.count, report.statementOnlyTotal, language)
        if !report.statementOnly.isEmpty {
            var table = TextTable([
                .left(language.pick("Date", "日付")), .left(language.pick("Statement", "明細")), .right(language.pick("Price", "金額")),
                .left(language.pick("In the store", "登録")),
            ])
            for line in report.statementOnly {
                let stored = report.stored.contains(line.id)
                table.add([
                    .init(line.date.iso), .init(terminalSafe(line.name)), .init(line.price.formatted(language)),
                    .init(stored ? language.pick("yes", "済") : "—"),
                ])
            }
            out += table.render(style)
        }
        out +=
            "\n"
            + section(
                language.pick("On its accounts, not on the statement", "明細にない同じ口座の品目"), report.typedOnly.count, report.typedOnlyTotal, language)
        if !report.typedOnly.isEmpty {
            var table = TextTable([
                .left(language.pick("Date", "日付")), .left(language.pick("Name", "品名")), .right(language.pick("Price", "金額")), .left("ID").inked(.dim),
            ])
            for (item, id) in zip(report.typedOnly, shortIDs(report.typedOnly.map(\.id))) {
                table.add([.init(item.date.iso), .init(terminalSafe(item.name)), .init(item.price.formatted(language)), .init(terminalSafe(id))])
            }
            out += table.render(style)
        }
        return out
    }

    static func section(_ title: String, _ count: Int, _ total: Yen, _ language: Language) -> String {
        "\(title): \(count) · \(total.formatted(language))\n"
    }
}
