/// `kakeibo pull`, `push` and `sync`: the summary people read (one line per phase), the notes for stderr, and the
/// JSON summary for cron (`{"pulled","pushed","pending","months","conflicts","rejected"}`), the same for both
/// protocols.
public enum SyncRenderer {
    /// Rows set aside named one by one on stderr; more are counted in one line.
    public static let namedRows = 5

    public static func text(_ report: SyncReport, _ l: Language) -> String {
        var text = ""
        if let pushed = report.pushed {
            text +=
                pushed == 0
                ? l.pick("Nothing to push\n", "送信するデータはありません\n")
                : l.pick("Pushed \(Labels.count(pushed, l))\n", "\(Labels.count(pushed, l))を送信しました\n")
        }
        if let period = report.period, let first = period.first {
            let named = period.count == 1 ? Labels.month(first, l) : Labels.year(first.year, l)
            text += l.pick("Pulled \(Labels.count(report.pulled, l)) for \(named)\n", "\(named)の \(Labels.count(report.pulled, l))を取得しました\n")
            if report.pushed == nil && report.pending > 0 {
                text += l.pick(
                    "\(Labels.count(report.pending, l)) here not on the household server yet (kakeibo push)\n",
                    "家計簿サーバーにまだないデータが \(Labels.count(report.pending, l))あります（kakeibo push）\n")
            }
        } else if report.receivedChanges && report.pulled > 0 {
            text += l.pick(
                "Received \(Labels.count(report.pulled, l)) changed on the server\n", "サーバーで変更された \(Labels.count(report.pulled, l))を受け取りました\n")
        }
        if !report.conflicts.isEmpty {
            text += l.pick(
                "\(report.conflicts.count) conflict(s) to resolve (kakeibo conflicts)\n",
                "解決が必要な競合が \(report.conflicts.count) 件あります（kakeibo conflicts）\n")
        }
        return text
    }

    public static func json(_ report: SyncReport) -> String {
        JSONRenderer.render(
            .object([
                ("pulled", .integer(report.pulled)), ("pushed", .integer(report.pushed ?? 0)), ("pending", .integer(report.pending)),
                ("months", .array(report.months.map { .string($0.iso) })), ("conflicts", .array(report.conflicts.map(JSONValue.string))),
                ("rejected", .array(report.rejected.map(rejected))),
            ]))
    }

    /// A row set aside, as the JSON summary lists it: `{"id","month","reason"}` (id null when it has none).
    static func rejected(_ row: SetAsideRow) -> JSONValue {
        .object([
            ("id", row.id.map(JSONValue.string) ?? .null), ("month", row.month.map { .string($0.iso) } ?? .null),
            ("reason", .string(row.message(in: .en))),
        ])
    }

    /// The lines for stderr: conflicts and refusals first, then the rows set aside (the first few by name), then
    /// what was kept, moved or held back.
    public static func notes(_ report: SyncReport, _ l: Language) -> [String] {
        var lines: [String] = []
        for case .conflict(let id, let code) in report.notes {
            lines.append(
                l.pick(
                    "conflict: \(id) was changed on the server too (\(code)); both versions kept: see 'kakeibo conflicts', then 'kakeibo resolve \(id) mine|theirs'",
                    "競合: \(id) はサーバーでも変更されています（\(code)）。両方の内容を残しました。'kakeibo conflicts' で確認し、'kakeibo resolve \(id) mine|theirs' で選んでください"
                ))
        }
        for case .refused(let id, let code) in report.notes {
            lines.append(l.pick("the server refused the change to \(id) (\(code)); kept here", "サーバーが \(id) の変更を受け付けませんでした（\(code)）。ここでは残しています"))
        }
        for row in report.rejected.prefix(namedRows) {
            let id = row.id.map { l.pick("id \(terminalSafe($0))", "ID \(terminalSafe($0))") } ?? l.pick("a row with no id", "ID のない行")
            let month = row.month?.iso ?? "?"
            lines.append(
                l.pick(
                    "set aside \(id) of \(month) on the server (\(terminalSafe(row.message(in: l)))): fix it in the sheet; the rest was pulled ('kakeibo check' lists it)",
                    "サーバーの \(month) の \(id) は取り込みませんでした（\(terminalSafe(row.message(in: l)))）。シートで直してください。残りは取り込みました（'kakeibo check' で一覧できます）"))
        }
        if report.rejected.count > namedRows {
            let more = report.rejected.count - namedRows
            lines.append(
                l.pick(
                    "set aside \(more) more rows of the server's that could not be read ('kakeibo check' or --format json lists them all)",
                    "ほかに読めないサーバーの行 \(more) 件を取り込みませんでした（'kakeibo check' か --format json ですべて一覧できます）"))
        }
        if report.folded > 0 {
            lines.append(
                l.pick(
                    "\(report.folded) rows on the server repeat another row exactly: each was pulled once (delete the repeats in the sheet)",
                    "サーバーの \(report.folded) 行は別の行とまったく同じなので、1 件として取り込みました（シートの重複を削除してください）"))
        }
        for note in report.notes {
            switch note {
            case .keptHere(let id, let name):
                lines.append(
                    l.pick(
                        "\(id) (\(terminalSafe(name))) was changed here after the server got it: kept this version; the server keeps its older copy",
                        "\(id)（\(terminalSafe(name))）はサーバーに送った後にここで変更されています。この内容を残します（サーバーには古い内容が残ります）"))
            case .misfiled(let id, let name, let cameWith, let date):
                lines.append(
                    l.pick(
                        "\(id) (\(terminalSafe(name))) came with \(cameWith.iso) but is dated \(date.iso): filed under \(date.yearMonth.iso)",
                        "\(id)（\(terminalSafe(name))）は \(cameWith.iso) の分として届きましたが日付が \(date.iso) なので、\(date.yearMonth.iso) に入れました"))
            case .heldBack(let count):
                lines.append(
                    l.pick(
                        "\(Labels.count(count, l)) changed here after the server had them not sent (the server only appends): change them there too; 'kakeibo month' marks them !",
                        "サーバーに送った後でここで変更した \(Labels.count(count, l))は送っていません（サーバーは追加しかできません）。サーバーでも変更してください。'kakeibo month' では ! が付きます"))
            case .conflict, .refused: break
            }
        }
        return lines
    }
}
