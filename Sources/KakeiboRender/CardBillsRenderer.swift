import KakeiboOperations
import KakeiboStore
import KakeiboValues

/// The card bills matching found among bank withdrawals, and those it could not tell apart, in words and as JSON:
/// part of every summary of what matching did (`MatchRenderer`).
enum CardBillsRenderer {
    /// "Card bills found (transfers, not spending): 1" and a line per bill: the withdrawal and the statement's bill.
    /// `dryRun`: what it would find.
    static func text(_ outcome: MatchOutcome, _ language: Language, dryRun: Bool = false) -> [String] {
        var lines: [String] = []
        if !outcome.bills.isEmpty {
            lines.append(
                dryRun
                    ? language.pick(
                        "Card bills it would find (bank → card transfers, not spending): \(outcome.bills.count)",
                        "カードの引き落としとみなします（銀行からカードへの振替、支出ではありません）: \(outcome.bills.count) 件")
                    : language.pick(
                        "Card bills found (bank → card transfers, not spending): \(outcome.bills.count)",
                        "カードの引き落としを見つけました（銀行からカードへの振替、支出ではありません）: \(outcome.bills.count) 件"))
            for found in outcome.bills {
                let line = found.line
                lines.append(
                    "  "
                        + language.pick(
                            "\(line.date.iso)  \(line.price.formatted(language))  \(line.details.payment ?? "") → \(found.card): \(statement(found.bill, language)) (\(MatchRenderer.short(line.id)); 'kakeibo unmerge \(line.id)' undoes it)",
                            "\(line.date.iso)  \(line.price.formatted(language))  \(line.details.payment ?? "") → \(found.card): \(statement(found.bill, language))（\(MatchRenderer.short(line.id))、取り消しは 'kakeibo unmerge \(line.id)'）"
                        ))
            }
        }
        if !outcome.unsureBills.isEmpty {
            lines.append(
                language.pick(
                    "Withdrawals that equal a card's bill but can't be told apart, left as spending: \(outcome.unsureBills.count)",
                    "カードの請求額と同じ引き落としですが、どれか決められないため支出のままにしました: \(outcome.unsureBills.count) 件"))
            for unsure in outcome.unsureBills {
                let line = unsure.line
                let bills = unsure.bills.map { "\($0.card) \(statement($0.bill, language))" }.joined(separator: language.pick(" or ", "、"))
                lines.append("  \(line.date.iso)  \(line.price.formatted(language))  \(line.name) (\(MatchRenderer.short(line.id))): \(bills)")
            }
        }
        return lines
    }

    /// "the statement's bill ¥55,836 due 2024-12-27", or "… for 2024-12" when it states only the month.
    static func statement(_ bill: CardBill, _ language: Language) -> String {
        let amount = bill.amount.formatted(language)
        let month = String(bill.date.iso.prefix(7))
        return bill.dated
            ? language.pick("the statement's bill \(amount) due \(bill.date.iso)", "明細の請求額 \(amount)（\(bill.date.iso) 引き落とし）")
            : language.pick("the statement's bill \(amount) for \(month)", "明細の請求額 \(amount)（\(month) 支払分）")
    }

    /// `"billsFound": [{"line", "card", "amount", "date"|"month"}], "billsUnsure": [{"line", "cards"}]`, when there are any.
    static func json(_ outcome: MatchOutcome) -> [(String, JSONValue)] {
        guard !outcome.bills.isEmpty || !outcome.unsureBills.isEmpty else { return [] }
        func bill(_ bill: CardBill) -> (String, JSONValue) {
            bill.dated ? ("date", .string(bill.date.iso)) : ("month", .string(String(bill.date.iso.prefix(7))))
        }
        return [
            (
                "billsFound",
                .array(
                    outcome.bills.map { found in
                        .object([
                            ("line", .string(found.line.id)), ("card", .string(found.card)), ("amount", .integer(found.bill.amount.amount)),
                            bill(found.bill),
                        ])
                    })
            ),
            (
                "billsUnsure",
                .array(
                    outcome.unsureBills.map { unsure in
                        .object([("line", .string(unsure.line.id)), ("cards", .array(unsure.bills.map { .string($0.card) }))])
                    })
            ),
        ]
    }

    /// What `unmerge` of a withdrawal found to be a bill says.
    static func unbilled(_ outcome: Unmerged, card: String, _ language: Language) -> String {
        let line = outcome.from
        var lines = [
            language.pick(
                "\(line.date.iso)  \(line.name)  \(line.price.formatted(language))  \(line.id) is no longer \(card)'s bill: counted as spending again, never taken for a bill again",
                "\(line.date.iso)  \(line.name)  \(line.price.formatted(language))  \(line.id) を \(card) の引き落としから外しました。支出として数え、以後は引き落としとみなしません")
        ]
        lines += MatchRenderer.text(outcome.matched, language)
        return lines.map { terminalSafe($0) }.joined(separator: "\n") + "\n"
    }
}
