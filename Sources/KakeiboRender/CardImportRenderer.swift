import KakeiboOperations
import KakeiboReports
import KakeiboStore
import KakeiboValues

/// An IC card import, in words and as JSON.
public enum CardImportRenderer {
    /// The card as the summary names it: its account, and its IDm when known.
    static func cardName(_ card: CardHistory.Card, _ language: Language) -> String {
        guard let idm = card.idm else { return language.pick("the card \(card.account)", "カード「\(card.account)」") }
        return language.pick("card \(idm) (\(card.account))", "カード \(idm)（\(card.account)）")
    }

    static func count(_ n: Int, _ one: String, _ many: String, _ language: Language) -> String {
        language.pick(n == 1 ? "1 \(one)" : "\(n) \(many)", "\(n) 件")
    }

    /// "2025-01-14 #1050 ¥420 (line 20)": one record, as the lists name it, with what it came to when known.
    static func record(_ outcome: CardRecordOutcome, _ language: Language) -> String {
        let yen: Int? =
            switch outcome.result {
            case .added(let item): item.price.amount
            case .charge(let amount), .refund(let amount): amount
            default: nil
            }
        let line = outcome.line.map { language.pick(" (line \($0))", "（\($0) 行目）") } ?? ""
        return "\(outcome.record.date.iso) #\(outcome.record.sequence)" + (yen.map { " " + Yen($0).formatted(language) } ?? "") + line
    }

    /// "Card balance: ¥1,234 on 2025-01-14", when the dump had a record.
    static func balanceLine(_ summary: ImportReport.Card, _ language: Language) -> String? {
        guard let balance = summary.balance, let date = summary.balanceDate else { return nil }
        return language.pick(
            "Card balance: \(Yen(balance).formatted(language)) on \(date.iso)", "残高: \(Yen(balance).formatted(language))（\(date.iso)）")
    }

    public static func text(_ summary: ImportReport.Card, _ language: Language) -> String {
        let card = cardName(summary.card, language)
        let months = summary.months.count
        var lines = [
            summary.read == 0
                ? language.pick(
                    "Nothing new from \(card): \(count(summary.alreadyRead, "record", "records", language)) read before",
                    "\(card)の新しい履歴はありません（読み込み済み \(summary.alreadyRead) 件）")
                : language.pick(
                    "Imported \(count(summary.read, "record", "records", language)) of \(card): \(count(summary.added.count, "item", "items", language)) added in \(months == 1 ? "1 month" : "\(months) months"), \(summary.alreadyRead) read before",
                    "\(card)の履歴 \(summary.read) 件を取り込みました: 追加 \(summary.added.count) 件（\(months) か月）、読み込み済み \(summary.alreadyRead) 件")
        ]
        if summary.gainedIDm, let idm = summary.card.idm {
            lines.append(
                language.pick("The account \(summary.card.account) is card \(idm) from now on", "口座「\(summary.card.account)」をカード \(idm) として記録しました"))
        }
        var rows: [(String, ImportReport.Card.Tally, String)] = []
        if summary.fares.count > 0 { rows.append((language.pick("Fares", "運賃"), summary.fares, "")) }
        if summary.purchases.count > 0 { rows.append((language.pick("Purchases", "物販"), summary.purchases, "")) }
        if summary.charges.count > 0 {
            rows.append((language.pick("Charges", "チャージ"), summary.charges, language.pick("  put on the card: not spending", "  カードへの入金（支出ではありません）")))
        }
        if summary.refunds.count > 0 {
            rows.append(
                (language.pick("Paid back", "払い戻し"), summary.refunds, language.pick("  taken off the card: not spending", "  カードからの払い戻し（支出ではありません）")))
        }
        let labelWidth = rows.map { displayWidth($0.0) }.max() ?? 0
        let amounts = rows.map { Yen($0.1.total).formatted(language) }
        let amountWidth = amounts.map(displayWidth).max() ?? 0
        // "  4 records", "  1 record ": the numbers right-aligned, then the word.
        let numberWidth = rows.map { String($0.1.count).count }.max() ?? 0
        let counts = rows.map {
            pad(String($0.1.count), to: numberWidth, alignRight: true) + language.pick($0.1.count == 1 ? " record" : " records", " 件")
        }
        let countWidth = counts.map(displayWidth).max() ?? 0
        for (index, row) in rows.enumerated() {
            lines.append(
                "  " + pad(row.0, to: labelWidth) + "  " + pad(counts[index], to: countWidth) + "  "
                    + pad(amounts[index], to: amountWidth, alignRight: true)
                    + row.2)
        }
        if summary.kept > 0 {
            lines.append(
                language.pick(
                    "Already in the store (from another member): \(count(summary.kept, "item", "items", language))",
                    "すでにある（ほかのメンバーから）: \(summary.kept) 件"))
        }
        if summary.free > 0 {
            lines.append(language.pick("Rides that cost nothing (a pass): \(summary.free)", "料金のかからない乗車（定期券など）: \(summary.free) 件"))
        }
        if summary.balanceOnly > 0 {
            lines.append(
                language.pick(
                    "Skipped \(count(summary.balanceOnly, "record", "records", language)) that only set the balance (a new or reissued card)",
                    "残高だけの履歴（新規発行・再発行）\(summary.balanceOnly) 件は取り込みませんでした"))
        }
        if !summary.repriced.isEmpty {
            let list = summary.repriced.map { record($0, language) }.joined(separator: ", ")
            lines.append(
                language.pick(
                    "Priced now, read before: \(count(summary.repriced.count, "record", "records", language)): \(list)",
                    "以前読み込んで金額が確定した履歴: \(summary.repriced.count) 件: \(list)"))
        }
        if !summary.unpriced.isEmpty {
            lines.append(
                language.pick(
                    "Not priced: \(count(summary.unpriced.count, "record", "records", language)) with no record before it read yet; a dump holding the one before prices it:",
                    "金額不明: \(summary.unpriced.count) 件（ひとつ前の履歴が未読込です。それを含むダンプを取り込むと確定します）:"))
            lines += summary.unpriced.map { "  " + record($0, language) }
        }
        if !summary.unknown.isEmpty {
            lines.append(
                language.pick(
                    "Left out: \(count(summary.unknown.count, "record", "records", language)) of a kind no public table explains:",
                    "種類の不明な履歴 \(summary.unknown.count) 件は取り込みませんでした:"))
            lines += summary.unknown.map {
                "  " + record($0, language) + " " + language.pick("process", "処理") + " 0x" + TransitRecord.hex([$0.record.process])
            }
        }
        if let balance = balanceLine(summary, language) { lines.append(balance) }
        return lines.map { terminalSafe($0) }.joined(separator: "\n") + "\n"
    }

    /// `{"card":{"account","idm","new"},"read","alreadyRead","added","kept","months","fares":{"count","total"},"purchases",
    /// "charges","refunds","free","balanceOnly","unpriced":[{"sequence","date","kind","process","line"}],"repriced","unknown",
    /// "unused","otherServices","balance","balanceDate","items":[…]}`'s members (`items` only when `items`).
    public static func fields(_ summary: ImportReport.Card, taxonomy: Taxonomy, items: Bool = true) -> [(String, JSONValue)] {
        func tally(_ tally: ImportReport.Card.Tally) -> JSONValue { .object([("count", .integer(tally.count)), ("total", .integer(tally.total))]) }
        func records(_ list: [CardRecordOutcome]) -> JSONValue {
            .array(
                list.map { outcome -> JSONValue in
                    let members: [(String, JSONValue)] = [
                        ("sequence", .integer(outcome.record.sequence)), ("date", .string(outcome.record.date.iso)),
                        ("kind", .string(outcome.record.kind.rawValue)), ("process", .integer(Int(outcome.record.process))),
                        ("line", outcome.line.map { JSONValue.integer($0) } ?? .null),
                    ]
                    return .object(members)
                })
        }
        let card: [(String, JSONValue)] = [
            ("account", .string(summary.card.account)), ("idm", summary.card.idm.map(JSONValue.string) ?? .null), ("new", .bool(summary.newCard)),
        ]
        var members: [(String, JSONValue)] = [("card", .object(card))]
        members += [("read", .integer(summary.read)), ("alreadyRead", .integer(summary.alreadyRead))]
        members += [("added", .integer(summary.added.count)), ("kept", .integer(summary.kept))]
        members.append(("months", .array(summary.months.map { JSONValue.string($0.iso) })))
        members += [("fares", tally(summary.fares)), ("purchases", tally(summary.purchases)), ("charges", tally(summary.charges))]
        members += [("refunds", tally(summary.refunds)), ("free", .integer(summary.free)), ("balanceOnly", .integer(summary.balanceOnly))]
        members += [("unpriced", records(summary.unpriced)), ("repriced", records(summary.repriced)), ("unknown", records(summary.unknown))]
        members += [("unused", .integer(summary.unused)), ("otherServices", .integer(summary.otherServices))]
        members.append(("balance", summary.balance.map { JSONValue.integer($0) } ?? .null))
        members.append(("balanceDate", summary.balanceDate.map { JSONValue.string($0.iso) } ?? .null))
        if items { members.append(("items", .array(summary.added.map { JSONRenderer.item($0, taxonomy) }))) }
        return members
    }
}
