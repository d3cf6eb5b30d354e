import KakeiboOperations
import KakeiboStore
import KakeiboValues

/// What matching did in a command (lines merged, split again, found to be transfers), in words and as JSON: every
/// command that merges says so, the same way.
public enum MatchRenderer {
    /// The most merges listed one by one; the rest are counted (`kakeibo merges` lists them all).
    static let listed = 12

    /// Lines for the command's summary; none when matching changed nothing. `dryRun`: what it would do.
    public static func text(_ outcome: MatchOutcome, _ language: Language, dryRun: Bool = false) -> [String] {
        var lines: [String] = []
        if !outcome.merged.isEmpty {
            let count = outcome.merged.count
            let lineCount = count == 1 ? "1 line" : "\(count) lines"
            // Where some purchase took several lines, the items are counted too: the list below has a row per item.
            let itemCount = Set(outcome.merged.map(\.into.id)).count
            let into = itemCount == count ? "items" : itemCount == 1 ? "1 item" : "\(itemCount) items"
            let intoJa = itemCount == count ? "" : "（\(itemCount) 件の記録に）"
            lines.append(
                dryRun
                    ? language.pick(
                        "Would merge \(lineCount) into \(into) another source has (each purchase counted once):",
                        "ほかの記録と同じ \(count) 件を\(intoJa)まとめます（同じ買い物は一度だけ数えます）:")
                    : language.pick(
                        "Merged \(lineCount) into \(into) another source has (each purchase counted once):",
                        "ほかの記録と同じ \(count) 件を\(intoJa)まとめました（同じ買い物は一度だけ数えます）:"))
            // By the item each purchase is now, its sources beside it (the ones merged now, and the item's own).
            var order: [String] = []
            var byItem: [String: (into: Item, lines: [Item])] = [:]
            for merge in outcome.merged {
                if byItem[merge.into.id] == nil { order.append(merge.into.id) }
                byItem[merge.into.id, default: (merge.into, [])].lines.append(merge.line)
            }
            for id in order.prefix(listed) {
                guard let (into, merged) = byItem[id] else { continue }
                lines.append("  " + purchase(into, merged, language))
            }
            let shown = order.prefix(listed).reduce(0) { $0 + (byItem[$1]?.lines.count ?? 0) }
            if count > shown {
                lines.append(
                    language.pick("  … and \(count - shown) more ('kakeibo merges' lists them)", "  … ほか \(count - shown) 件（'kakeibo merges' で一覧）"))
            }
        }
        if !outcome.transfers.isEmpty {
            let total = outcome.transfers.reduce(Yen.zero) { $0 + $1.price }
            lines.append(
                language.pick(
                    "Transfers between your accounts, not spending: \(outcome.transfers.count) (\(total.formatted(language)))",
                    "口座間の振替（支出ではありません）: \(outcome.transfers.count) 件（\(total.formatted(language))）"))
        }
        if !outcome.split.isEmpty {
            lines.append(
                language.pick(
                    "No longer matching, counted on their own again: \(outcome.split.count)", "一致しなくなり、別々に数え直した記録: \(outcome.split.count) 件"))
        }
        return lines + CardBillsRenderer.text(outcome, language, dryRun: dryRun) + possibleTransfers(outcome.possibleTransfers, language)
    }

    /// "Possibly transfers, left as spending: …" — each line, and for each place the one command that makes it an
    /// account (and the lines transfers).
    static func possibleTransfers(_ found: [PossibleTransfer], _ language: Language) -> [String] {
        guard !found.isEmpty else { return [] }
        var lines = [
            language.pick(
                "Possibly transfers to a place of your own that is no account yet, left as spending: \(found.count)",
                "自分の口座への振替かもしれない出金（行き先がまだ口座でないため支出のまま）: \(found.count) 件")
        ]
        var commands: [String] = []
        for transfer in found.prefix(listed) {
            lines.append(
                "  \(transfer.date.iso)  \(transfer.amount.formatted(language))  \(transfer.from) → \(transfer.text) (\(short(transfer.line)))")
            if !commands.contains(command(transfer)) { commands.append(command(transfer)) }
        }
        if found.count > listed {
            lines.append(
                language.pick(
                    "  … and \(found.count - listed) more ('kakeibo accounts list' lists them)",
                    "  … ほか \(found.count - listed) 件（'kakeibo accounts list' で一覧）"))
        }
        lines.append(language.pick("  Make each a transfer: ", "  振替にするには: ") + commands.joined(separator: "; "))
        return lines.map { terminalSafe($0) }
    }

    /// "2024-11-02  ¥1,284  夕食の材料 (rc:39b0ecc9): 楽天カード statement + MoneyForward ME + typed" — the purchase as
    /// it is counted (its id, for `unmerge`), then the source of each of its lines: its own first.
    static func purchase(_ into: Item, _ lines: [Item], _ language: Language) -> String {
        let sources = ([into] + lines).map { MergesRenderer.source($0.source, language) }.joined(separator: " + ")
        return "\(into.date.iso)  \(into.price.formatted(language))  \(into.name) (\(short(into.id))): \(sources)"
    }

    /// An id as tables show it: its first 8 characters, or 11 for a source's prefixed one ("rc:1a2b3c4d"); a short
    /// one whole.
    static func short(_ id: String) -> String {
        let prefix = id.firstIndex(of: ":").map { id.distance(from: id.startIndex, to: $0) + 1 } ?? 0
        return id.count <= prefix + 12 ? id : String(id.prefix(prefix + 8))
    }

    /// `{"merges":[{"line","into","date","price","name"}],"splits":[id],"transfersFound":[id]}`: every pair, by id.
    public static func json(_ outcome: MatchOutcome) -> [(String, JSONValue)] {
        [
            (
                "merges",
                .array(
                    outcome.merged.map { merge in
                        .object([
                            ("line", .string(merge.line.id)), ("into", .string(merge.into.id)), ("date", .string(merge.line.date.iso)),
                            ("price", .integer(merge.line.price.amount)), ("name", .string(merge.line.name)),
                        ])
                    })
            ),
            ("splits", .array(outcome.split.map { .string($0.id) })),
            ("transfersFound", .array(outcome.transfers.map { .string($0.id) })),
        ] + CardBillsRenderer.json(outcome) + possibleTransfersJSON(outcome.possibleTransfers)
    }

    /// The one command that makes a possible transfer's place an account, and its lines transfers.
    static func command(_ transfer: PossibleTransfer) -> String { "kakeibo accounts add '\(transfer.name)' --kind \(transfer.kind.rawValue)" }

    /// `"possibleTransfers": [{"line", "date", "amount", "from", "to", "kind", "command"}]`, when there are any.
    static func possibleTransfersJSON(_ found: [PossibleTransfer]) -> [(String, JSONValue)] {
        guard !found.isEmpty else { return [] }
        let list: [JSONValue] = found.map { transfer in
            .object([
                ("line", .string(transfer.line)), ("date", .string(transfer.date.iso)), ("amount", .integer(transfer.amount.amount)),
                ("from", .string(transfer.from)), ("to", .string(transfer.text)), ("kind", .string(transfer.kind.rawValue)),
                ("command", .string(command(transfer))),
            ])
        }
        return [("possibleTransfers", .array(list))]
    }
}
