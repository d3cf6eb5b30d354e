import KakeiboStore
import KakeiboValues

/// The receipt reader's proposal as a table and as JSON fields.
extension TableRenderer {
    /// The proposed items, whether they add up to the receipt's total, and every line that was not read.
    public static func receipt(_ proposal: ReceiptProposal, style: TextStyle) -> String {
        let language = style.language
        var out = ""
        let head = [proposal.shop.map { terminalSafe($0) }, proposal.date?.iso].compactMap { $0 }
        if !head.isEmpty { out += head.joined(separator: " · ") + "\n\n" }
        if proposal.items.isEmpty {
            out += language.pick("No items found on the receipt\n", "レシートから品目を読み取れませんでした\n")
        } else {
            let discounts = proposal.items.contains { $0.discount != .zero }
            var table = TextTable(
                [.right("#"), .left(language.pick("Name", "品名")), .right(language.pick("Price", "金額"))]
                    + (discounts ? [.right(language.pick("Discount", "値引")).inked(.positive)] : [])
                    + [.left(language.pick("Lines", "行")).inked(.dim)])
            for (index, item) in proposal.items.enumerated() {
                var cells: [TextTable.Cell] = [
                    .init("\(index + 1)"), .init(terminalSafe(item.name)),
                    .init(item.price.formatted(language), item.price.amount < 0 ? .negative : nil),
                ]
                if discounts { cells.append(.init(item.discount == .zero ? "" : item.discount.formatted(language))) }
                cells.append(.init(item.lines.map(String.init).joined(separator: ",")))
                table.add(cells)
            }
            out += table.render(style)
        }
        out += "\n" + receiptCheck(proposal, style: style) + "\n"
        if !proposal.unread.isEmpty {
            out +=
                "\n" + style.bold(language.pick("Lines not read as items (\(proposal.unread.count))", "品目として読まなかった行（\(proposal.unread.count) 行）"))
                + "\n"
            var table = TextTable([.right(), .left(), .left().inked(.dim)])
            for line in proposal.unread {
                table.add("\(line.number)", terminalSafe(line.text), reasonLabel(line.reason, language))
            }
            out += table.render(style)
        }
        return out
    }

    /// Said when `receipt --add` found no date on the receipt and none was given.
    public static func receiptUndated(_ today: CalendarDate, _ language: Language) -> String {
        language.pick(
            "no date was read on the receipt: the items are dated today (\(today.iso)); give --date to choose",
            "レシートから日付を読み取れなかったので、今日（\(today.iso)）の日付で登録します。--date で指定できます")
    }

    /// Said when `receipt --add` found some of the receipt's items already added.
    public static func receiptAlreadyAdded(_ count: Int, of total: Int, _ language: Language) -> String {
        count == total
            ? language.pick(
                "this receipt was added before: nothing added again (its \(Labels.count(total, language)) are in the store)",
                "このレシートは登録済みです。重ねて登録はしていません（\(Labels.count(total, language))は登録されています）")
            : language.pick(
                "\(Labels.count(count, language)) of this receipt were added before and not added again",
                "このレシートの \(Labels.count(count, language))は登録済みなので、重ねて登録していません")
    }

    /// Whether the items add up to the printed total: "Sum ¥2,695 · matches the receipt's total (合計) ¥2,695".
    public static func receiptCheck(_ proposal: ReceiptProposal, style: TextStyle) -> String {
        let language = style.language
        let sum = proposal.sum.formatted(language)
        guard let total = proposal.total, let difference = proposal.difference else {
            return language.pick("Sum \(sum) · no total (合計) was read on the receipt", "品目の計 \(sum) · レシートの合計を読み取れませんでした")
        }
        if difference == .zero {
            return language.pick(
                "Sum \(sum) · matches the receipt's total (合計) \(total.formatted(language))",
                "品目の計 \(sum) · レシートの合計 \(total.formatted(language)) と一致")
        }
        let gap = Yen(abs(difference.amount)).formatted(language)
        var text = language.pick(
            "Sum \(sum) · does NOT match the receipt's total (合計) \(total.formatted(language)): \(gap) \(difference > .zero ? "short" : "over")",
            "品目の計 \(sum) · レシートの合計 \(total.formatted(language)) と一致しません（\(gap) \(difference > .zero ? "不足" : "超過")）")
        if let tax = proposal.tax, tax == difference {
            text += language.pick(
                " — the tax printed outside the prices (外税 \(tax.formatted(language)))",
                " — 価格に含まれない外税 \(tax.formatted(language)) の分です")
        } else if !proposal.unread.isEmpty {
            text += language.pick(" — check the lines not read below", " — 下の読まなかった行を確認してください")
        }
        return style.paint(text, .warning)
    }

    static func reasonLabel(_ reason: ReceiptProposal.Reason, _ language: Language) -> String {
        switch reason {
        case .noPrice: return language.pick("no price", "金額なし")
        case .noName: return language.pick("price without a name", "品名のない金額")
        case .unreadablePrice: return language.pick("unreadable price", "読めない金額")
        case .afterTotal: return language.pick("after the total", "合計より後")
        }
    }
}

extension JSONRenderer {
    /// The proposal's fields: `"items"` `[{"name","price","discount","lines"}]`, `"date"` and `"shop"` (null when not
    /// read), `"sum"`, `"total"`, `"tax"`,
    /// `"matchesTotal"` (null without a total) and `"unread"` `[{"line","text","reason"}]`.
    public static func receipt(_ proposal: ReceiptProposal) -> [(String, JSONValue)] {
        func optional(_ yen: Yen?) -> JSONValue { yen.map { .integer($0.amount) } ?? .null }
        return [
            (
                "items",
                .array(
                    proposal.items.map { item in
                        .object([
                            ("name", .string(item.name)), ("price", .integer(item.price.amount)),
                            ("discount", .integer(item.discount.amount)), ("lines", .array(item.lines.map { .integer($0) })),
                        ])
                    })
            ),
            ("date", proposal.date.map { .string($0.iso) } ?? .null),
            ("shop", proposal.shop.map(JSONValue.string) ?? .null),
            ("sum", .integer(proposal.sum.amount)),
            ("total", optional(proposal.total)),
            ("tax", optional(proposal.tax)),
            ("matchesTotal", proposal.matchesTotal.map { .bool($0) } ?? .null),
            (
                "unread",
                .array(
                    proposal.unread.map { line in
                        .object([("line", .integer(line.number)), ("text", .string(line.text)), ("reason", .string(line.reason.rawValue))])
                    })
            ),
        ]
    }
}
