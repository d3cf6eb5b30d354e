import KakeiboOperations
import KakeiboReports
import KakeiboStore
import KakeiboValues

/// `kakeibo pull`, `push` and `sync`: the summary people read (one line per phase), the notes for stderr, and the
/// JSON summary for cron (`{"pulled","pushed","pending","months","conflicts","rejected"}`), the same for both
/// protocols.
public enum SyncRenderer {
    /// Rows set aside named one by one on stderr; more are counted in one line.
    public static let namedRows = 5

    public static func text(_ report: SyncReport, _ l: Language) -> String {
        var text = ""
        if let kinds = report.sentKinds {
            // A change the server's newer version stopped is a conflict, not "nothing to send".
            text += kinds.values.reduce(0, +) == 0 && !report.conflicts.isEmpty ? l.pick("Nothing sent\n", "送信した変更はありません\n") : sent(kinds, l)
        } else if let pushed = report.pushed {
            text +=
                pushed == 0
                ? l.pick("Nothing to push\n", "送信するデータはありません\n")
                : l.pick("Pushed \(Labels.count(pushed, l))\n", "\(Labels.count(pushed, l))を送信しました\n")
        }
        if let period = report.period, let first = period.first {
            let named = period.count == 1 ? Labels.month(first, l) : Labels.year(first.year, l)
            text += l.pick("Pulled \(Labels.count(report.listed, l)) for \(named)\n", "\(named)の \(Labels.count(report.listed, l))を取得しました\n")
            if report.pushed == nil && report.pending > 0 {
                text += l.pick(
                    "\(Labels.count(report.pending, l)) here not on the household server yet (kakeibo push)\n",
                    "家計簿サーバーにまだないデータが \(Labels.count(report.pending, l))あります（kakeibo push）\n")
            }
        }
        if report.receivedCount > 0 {
            let months = byMonth(report.received, l)
            text += l.pick(
                "Received \(Labels.count(report.receivedCount, l)) changed by others (\(months))\n",
                "ほかのメンバーが変更した \(Labels.count(report.receivedCount, l))を受け取りました（\(months)）\n")
        }
        let settings = report.settings
        if !settings.sent.isEmpty || !settings.received.isEmpty {
            var parts: [String] = []
            if !settings.sent.isEmpty { parts.append(l.pick("sent ", "送信: ") + names(settings.sent)) }
            if !settings.received.isEmpty { parts.append(l.pick("took ", "受信: ") + names(settings.received) + l.pick(" from others", "")) }
            text += l.pick("Household settings: ", "家計の設定: ") + parts.joined(separator: l.pick("; ", "、")) + "\n"
        }
        text += MatchRenderer.text(report.matched, l).map { terminalSafe($0) + "\n" }.joined()
        if report.refusedCount > 0 {
            text += l.pick(
                "\(report.refusedCount) change\(report.refusedCount == 1 ? "" : "s") refused by the server, kept here (see the messages above)\n",
                "サーバーが受け付けなかった変更が \(report.refusedCount) 件あります。ここでは残しています（上のメッセージを確認してください）\n")
        }
        if report.conflictCount > 0 {
            text += l.pick(
                "\(report.conflictCount) conflict\(report.conflictCount == 1 ? "" : "s") to resolve (kakeibo conflicts)\n",
                "解決が必要な競合が \(report.conflictCount) 件あります（kakeibo conflicts）\n")
        }
        return text
    }

    /// What the change protocol's server took: "Sent 3 changes (1 new, 1 edited, 1 deleted)".
    static func sent(_ kinds: [OutgoingChange.Kind: Int], _ l: Language) -> String {
        let total = kinds.values.reduce(0, +)
        guard total > 0 else { return l.pick("Nothing to send\n", "送信する変更はありません\n") }
        let parts = [(OutgoingChange.Kind.create, "new", "追加"), (.update, "edited", "変更"), (.delete, "deleted", "削除")].compactMap {
            kind, en, ja in kinds[kind].flatMap { $0 > 0 ? l.pick("\($0) \(en)", "\(ja) \($0) 件") : nil }
        }
        return l.pick(
            "Sent \(total) change\(total == 1 ? "" : "s") (\(parts.joined(separator: ", ")))\n",
            "変更 \(total) 件を送信しました（\(parts.joined(separator: "、"))）\n")
    }

    /// The most months named one by one in the received line; more are said as a span.
    static let namedMonths = 6

    /// "November 2024: 8, December: 4" (the year again only when it changes), or for many months their span:
    /// "120 months, January 2015 to December 2024".
    static func byMonth(_ counts: [YearMonth: Int], _ l: Language) -> String {
        let months = counts.keys.sorted()
        guard let first = months.first, let last = months.last else { return "" }
        guard months.count <= namedMonths else {
            return l.pick(
                "\(months.count) months, \(Labels.month(first, l)) to \(Labels.month(last, l))",
                "\(months.count) か月分、\(Labels.month(first, l))から\(Labels.month(last, l))まで")
        }
        var year: Int?
        return months.map { month in
            let name = month.year == year ? Labels.monthName(month.month, l) : Labels.month(month, l)
            year = month.year
            return l.pick("\(name): \(counts[month] ?? 0)", "\(name): \(counts[month] ?? 0)件")
        }.joined(separator: l.pick(", ", "、"))
    }

    static func names(_ settings: [SharedSetting]) -> String { settings.map(\.rawValue).joined(separator: ", ") }

    public static func json(_ report: SyncReport) -> String {
        JSONRenderer.render(
            .object(
                [
                    ("pulled", .integer(report.pulled)), ("pushed", .integer(report.pushed ?? 0)), ("pending", .integer(report.pending)),
                    ("months", .array(report.months.map { .string($0.iso) })), ("conflicts", .array(report.conflicts.map(JSONValue.string))),
                    ("rejected", .array(report.rejected.map(rejected))), ("conflictCount", .integer(report.conflictCount)),
                    ("refused", .integer(report.refusedCount)), ("settingConflicts", .array(report.settingConflicts.map(JSONValue.string))),
                    ("settingsSent", .array(report.settings.sent.map { .string($0.rawValue) })),
                    ("settingsReceived", .array(report.settings.received.map { .string($0.rawValue) })),
                    (
                        "received",
                        .array(
                            report.received.sorted { $0.key < $1.key }.map {
                                .object([("month", .string($0.key.iso)), ("items", .integer($0.value))])
                            })
                    ),
                    ("older", .integer(report.older)), ("stayed", .integer(report.stayed.count)),
                ] + MatchRenderer.json(report.matched) + [("onlyHere", .integer(report.onlyHere))]))
    }

    /// A row set aside, as the JSON summary lists it: `{"id","month","reason"}` (id null when it has none).
    static func rejected(_ row: SetAsideRow) -> JSONValue {
        .object([
            ("id", row.id.map(JSONValue.string) ?? .null), ("month", row.month.map { .string($0.iso) } ?? .null),
            ("reason", .string(row.message(in: .en))),
        ])
    }

    /// `--dry-run`: what a push would send — "3 items would be sent (1 already on the server)" or "Would send 3
    /// changes (1 new, 1 edited, 1 deleted)" — and nothing else; what stays is said by `stayed`.
    public static func preview(_ preview: SyncPreview, _ l: Language) -> String {
        let count = preview.sendCount
        guard preview.changes else {
            let known =
                preview.known == 0
                ? "" : l.pick(" (\(Labels.count(preview.known, l)) already on the server)", "（サーバーにすでにある \(Labels.count(preview.known, l))を除く）")
            return count == 0 && preview.known == 0
                ? l.pick("Nothing would be sent\n", "送信するデータはありません\n")
                : l.pick(
                    "\(Labels.count(count, l)) would be sent\(known)\n", "\(Labels.count(count, l))を送信します\(known)\n")
        }
        guard count > 0 else { return l.pick("Nothing would be sent\n", "送信する変更はありません\n") }
        let sent = SyncRenderer.sent(preview.send, l)
        return l.pick("Would send" + sent.dropFirst("Sent".count), "（予定）" + sent)
    }

    /// The preview's JSON: `{"send": n, "known": n, "stayed": n, "changes": {"create": n, "update": n, "delete": n}}`.
    public static func json(_ preview: SyncPreview) -> String {
        JSONRenderer.render(
            .object([
                ("send", .integer(preview.sendCount)), ("known", .integer(preview.known)), ("stayed", .integer(preview.stayed.count)),
                (
                    "changes",
                    .object(
                        [OutgoingChange.Kind.create, .update, .delete].map { kind in
                            (kind.rawValue, JSONValue.integer(preview.send[kind] ?? 0))
                        })
                ),
            ]))
    }

    /// What a push to a plain app server left here, said once per push: "4 items stay here: the app has no category
    /// for Food › Eating out, Housing, Transport, Income — see docs/sync.md" (in the taxonomy's order); nil for none.
    public static func stayed(_ stayed: [CategoryCode], taxonomy: Taxonomy, _ l: Language) -> String? {
        guard !stayed.isEmpty else { return nil }
        let names = Set(stayed).sorted { taxonomy.order(of: $0) < taxonomy.order(of: $1) }.map { taxonomy.label($0, l) }
        let count = stayed.count
        return l.pick(
            "\(Labels.count(count, l)) \(count == 1 ? "stays" : "stay") here: the app has no category for \(names.joined(separator: ", ")) — see docs/sync.md",
            "\(Labels.count(count, l))はここに残します: アプリに項目がありません（\(names.joined(separator: "、"))）。docs/sync.md を参照してください")
    }

    /// The lines for stderr: conflicts and refusals first, then the rows set aside (the first few by name), then
    /// what was kept, moved or held back.
    /// The question `sync` asks at a terminal when this server never had items marked synced here.
    public static func offerAll(_ count: Int, _ l: Language) -> String {
        l.pick(
            "\(Labels.count(count, l)) here are marked synced but this server never had them (synced with another server or household before). Send them to it now (as 'kakeibo sync --all' does)? [y/N] ",
            "ここで同期済みの \(Labels.count(count, l))はこのサーバーにはありません（以前に別のサーバーや家計と同期したもの）。いま送りますか（'kakeibo sync --all' と同じ）? [y/N] ")
    }

    public static func notes(_ report: SyncReport, _ l: Language) -> [String] {
        var lines: [String] = []
        for case .conflict(let id, let code) in report.notes {
            lines.append(
                l.pick(
                    "conflict: \(id) was changed on the server too (\(code)); both versions kept: see 'kakeibo conflicts', then 'kakeibo resolve \(id) mine|theirs'",
                    "競合: \(id) はサーバーでも変更されています（\(code)）。両方の内容を残しました。'kakeibo conflicts' で確認し、'kakeibo resolve \(id) mine|theirs' で選んでください"
                ))
        }
        for setting in report.settings.conflicts {
            lines.append(
                l.pick(
                    "conflict: the household's \(setting.rawValue) was changed on the server too; both kept: see 'kakeibo conflicts', then 'kakeibo resolve \(setting.rawValue) mine|theirs'",
                    "競合: 家計の \(setting.rawValue) はサーバーでも変更されています。両方を残しました。'kakeibo conflicts' で確認し、'kakeibo resolve \(setting.rawValue) mine|theirs' で選んでください"
                ))
        }
        for (setting, problem) in report.settings.unusable.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            lines.append(
                l.pick(
                    "the household's \(setting.rawValue) on the server can't be used here (\(terminalSafe(String(problem.prefix(200))))): kept this machine's",
                    "サーバーにある家計の \(setting.rawValue) はここでは使えません（\(terminalSafe(String(problem.prefix(200))))）。この端末の設定を残しました"))
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
        if report.older > 0 {
            lines.append(
                l.pick(
                    "ignored \(report.older) row(s) from the server older than what this store holds of their item (a replayed or stale answer)",
                    "サーバーから届いた \(report.older) 行は、ここにある内容より古いので反映しませんでした（古い応答の再送？）"))
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
        for (setting, length) in report.oversized.sorted(by: { $0.key < $1.key }) {
            lines.append(
                l.pick(
                    "the household's \(setting) here is \(Yen(length).grouped) characters, more than the household server keeps of a setting (\(Yen(SharedSetting.maximumLength).grouped), one spreadsheet cell): not sent, the others don't have it; shorten it (remove entries no longer needed) and sync",
                    "ここにある家計の \(setting) は \(Yen(length).grouped) 文字で、家計簿サーバーがひとつの設定に保存できる長さ（\(Yen(SharedSetting.maximumLength).grouped) 文字、シートのセル 1 つ）を超えます。送っていません（ほかのメンバーにはありません）。不要な項目を削除して短くしてから同期してください"
                ))
        }
        if report.onlyHere > 0 {
            lines.append(
                l.pick(
                    "\(Labels.count(report.onlyHere, l)) here are marked synced but this server never had them (synced with another server or household before): 'kakeibo sync --all' sends them; no pull removes them",
                    "ここで同期済みの \(Labels.count(report.onlyHere, l))はこのサーバーにはありません（以前に別のサーバーや家計と同期したもの）。'kakeibo sync --all' で送ります。pull で消えることはありません"))
        }
        return lines
    }
}
