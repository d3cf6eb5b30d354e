import KakeiboOperations
import KakeiboReports
import KakeiboStore
import KakeiboValues

/// `merges` and `unmerge`: the merged items with the line of each source, the near misses, and what a split did.
public enum MergesRenderer {
    /// A source as people name it: the statement's service, the app, typed, a fixed cost.
    public static func source(_ source: LineSource, _ language: Language) -> String {
        switch source.kind {
        case .statement:
            switch source.key {
            case "rc:": return language.pick("楽天カード statement", "楽天カードの明細")
            case "vp:": return language.pick("Vpass statement", "Vpass の明細")
            case "pp:": return language.pick("PayPay statement", "PayPay の明細")
            case "yu:": return language.pick("ゆうちょ statement", "ゆうちょの明細")
            case "ic:": return language.pick("IC card", "交通系ICカード")
            case "ly:": return language.pick("statement (layout)", "明細 (レイアウト)")
            default: return language.pick("statement", "明細")
            }
        case .linked: return "MoneyForward ME"
        case .hand: return "Zaim"
        case .typed: return language.pick("typed", "手入力")
        case .fixed: return language.pick("fixed cost", "固定費")
        }
    }

    public static func text(_ report: MergesReport, style: TextStyle) -> String {
        let language = style.language
        var out = ""
        if report.merges.isEmpty {
            out += language.pick("No merged items", "まとめた記録はありません") + "\n"
        } else {
            out += language.pick("Merged items: \(report.merges.count)", "まとめた記録: \(report.merges.count) 件") + "\n"
            for merge in report.merges {
                let item = merge.item
                out += "\n" + terminalSafe("\(item.date.iso)  \(item.name)  \(item.price.formatted(language))  \(item.details.payment ?? "")") + "\n"
                var table = TextTable([
                    .left(language.pick("Source", "記録元")), .left(language.pick("Date", "日付")), .left(language.pick("Name", "品名")).shrinking(),
                    .left(language.pick("Payment", "支払方法")).shrinking(), .left("ID").inked(.dim),
                ])
                for line in merge.lines {
                    table.add([
                        .init(source(line.source, language)), .init(line.date.iso), .init(terminalSafe(line.name)),
                        .init(terminalSafe(line.details.payment ?? "")), .init(terminalSafe(line.id)),
                    ])
                }
                out += table.render(style)
            }
        }
        if !report.nearMisses.isEmpty {
            out +=
                "\n"
                + language.pick(
                    "Near misses, not merged (same shop and amount, further apart or on another account): \(report.nearMisses.count)",
                    "まとめなかった似た記録（同じお店と金額で、日付が離れているか口座が違う）: \(report.nearMisses.count) 件") + "\n"
            for (a, b) in report.nearMisses {
                out +=
                    terminalSafe(
                        "  \(a.price.formatted(language))  \(a.date.iso) \(a.name) (\(source(a.source, language)), \(a.id))  ·  \(b.date.iso) \(b.name) (\(source(b.source, language)), \(b.id))"
                    ) + "\n"
            }
        }
        if !report.apart.isEmpty {
            out +=
                "\n"
                + language.pick(
                    "Split apart with unmerge (never merged again): \(report.apart.count)", "unmerge で分けた記録（以後まとめません）: \(report.apart.count) 件")
                + "\n"
        }
        return out
    }

    /// `{"merges":[{"item":item,"lines":[{"id","source","date","name","price","payment"}]}],"nearMisses":[[line,line]],"apart":[id]}`.
    public static func json(_ report: MergesReport, taxonomy: Taxonomy) -> JSONValue {
        func line(_ item: Item) -> JSONValue {
            .object([
                ("id", .string(item.id)), ("source", .string(sourceKey(item.source))), ("date", .string(item.date.iso)), ("name", .string(item.name)),
                ("price", .integer(item.price.amount)), ("payment", item.details.payment.map(JSONValue.string) ?? .null),
            ])
        }
        return .object([
            (
                "merges",
                .array(report.merges.map { .object([("item", JSONRenderer.item($0.item, taxonomy)), ("lines", .array($0.lines.map(line)))]) })
            ),
            ("nearMisses", .array(report.nearMisses.map { .array([line($0.0), line($0.1)]) })),
            ("apart", .array(report.apart.map { .string($0.id) })),
        ])
    }

    /// The source as JSON names it: `statement`, `moneyforward`, `zaim`, `typed`, `fixed`.
    static func sourceKey(_ source: LineSource) -> String {
        switch source.kind {
        case .statement: "statement"
        case .linked: "moneyforward"
        case .hand: "zaim"
        case .typed: "typed"
        case .fixed: "fixed"
        }
    }

    public static func unmerged(_ outcome: Unmerged, _ language: Language) -> String {
        if let card = outcome.unbilled { return CardBillsRenderer.unbilled(outcome, card: card, language) }
        var lines = [
            language.pick(
                "Split \(outcome.lines.count == 1 ? "1 line" : "\(outcome.lines.count) lines") from \(outcome.from.name) (\(outcome.from.id)); counted on their own, never merged again:",
                "\(outcome.from.name)（\(outcome.from.id)）から \(outcome.lines.count) 件を分けました。以後は別々に数え、まとめません:")
        ]
        for line in outcome.lines { lines.append("  \(line.date.iso)  \(line.name)  \(line.price.formatted(language))  \(line.id)") }
        lines += MatchRenderer.text(outcome.matched, language)
        return lines.map { terminalSafe($0) }.joined(separator: "\n") + "\n"
    }

    public static func unmergedJSON(_ outcome: Unmerged) -> JSONValue {
        .object([("from", .string(outcome.from.id)), ("lines", .array(outcome.lines.map { .string($0.id) }))] + MatchRenderer.json(outcome.matched))
    }
}
