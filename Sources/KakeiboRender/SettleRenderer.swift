import KakeiboReports
import KakeiboStore
import KakeiboValues

/// `settle`'s report for people (a table) and programs (JSON).
public enum SettleRenderer {
    public static func table(_ settlement: Settlement, style: TextStyle) -> String {
        let language = style.language
        var out = style.bold(language.pick("Settling up, ", "精算 ") + periodLabel(settlement.period, language)) + "\n"
        out +=
            language.pick("Shared spending ", "共有の支出 ") + settlement.shared.formatted(language) + " · "
            + Labels.count(settlement.sharedCount, language) + "\n" + byIncome(settlement, language) + "\n"
        if settlement.members.isEmpty {
            out += language.pick("No member has paid anything shared.\n", "共有の支出を払ったメンバーがいません。\n")
        } else {
            var table = TextTable([
                .left(language.pick("Member", "メンバー")).shrinking(), .right(language.pick("Paid", "支払")), .right(language.pick("Share", "負担")),
                .right(language.pick("Balance", "差額")), .right(language.pick("Personal", "個人")).dropping(),
            ])
            for member in settlement.members {
                let share = member.share.formatted(language) + (member.percent.map { " (\($0)%)" } ?? "")
                let balance = (member.balance.amount > 0 ? "+" : "") + member.balance.formatted(language)
                table.add([
                    .init(terminalSafe(member.name)), .init(member.paid.formatted(language)), .init(share),
                    .init(balance, member.balance.amount < 0 ? .negative : nil), .init(member.personal.formatted(language)),
                ])
            }
            out += table.render(style) + "\n"
        }
        if settlement.transfers.isEmpty && settlement.payments.isEmpty {
            out += language.pick("Nobody owes anybody.\n", "精算の必要はありません。\n")
        }
        if settlement.payments.isEmpty {
            for transfer in settlement.transfers { out += style.bold(pays(transfer, language)) + "\n" }
        } else {
            out += payments(settlement, style: style)
        }
        if settlement.unassignedCount > 0 {
            out += language.pick(
                "Unassigned (no member, not counted): \(settlement.unassigned.formatted(language)) · \(Labels.count(settlement.unassignedCount, language))\n",
                "未割り当て（メンバーなし・計算外）: \(settlement.unassigned.formatted(language)) · \(Labels.count(settlement.unassignedCount, language))\n")
        }
        return out
    }

    /// "ayumi pays ken ¥1,529".
    static func pays(_ transfer: Settlement.Transfer, _ language: Language) -> String {
        language.pick(
            "\(terminalSafe(transfer.from)) pays \(terminalSafe(transfer.to)) \(transfer.amount.formatted(language))",
            "\(terminalSafe(transfer.from)) → \(terminalSafe(transfer.to)) \(transfer.amount.formatted(language))")
    }

    /// With payments recorded: what the balances called for, each payment, and what is left (or that it is settled).
    static func payments(_ settlement: Settlement, style: TextStyle) -> String {
        let language = style.language
        var out = ""
        for transfer in settlement.transfers { out += language.pick("To settle: ", "精算額: ") + pays(transfer, language) + "\n" }
        for payment in settlement.payments {
            out += language.pick(
                "Paid \(payment.date.iso): \(terminalSafe(payment.from)) → \(terminalSafe(payment.to)) \(payment.amount.formatted(language))\n",
                "支払済み \(payment.date.iso): \(terminalSafe(payment.from)) → \(terminalSafe(payment.to)) \(payment.amount.formatted(language))\n")
        }
        if settlement.left.isEmpty {
            out += style.bold(language.pick("Settled: nothing is left to pay.", "精算済み: 残りはありません。")) + "\n"
        }
        for transfer in settlement.left { out += style.bold(language.pick("Left: ", "残り: ") + pays(transfer, language)) + "\n" }
        return out
    }

    /// What `settle --record` recorded: "Recorded: ayumi paid ken ¥1,529 on 2025-01-05 (a transfer, not spending)".
    public static func recorded(_ payment: Settlement.Transfer, date: CalendarDate, style: TextStyle) -> String {
        style.language.pick(
            "Recorded: \(terminalSafe(payment.from)) paid \(terminalSafe(payment.to)) \(payment.amount.formatted(style.language)) on \(date.iso) (a transfer between members, not spending)\n",
            "記録しました: \(date.iso) \(terminalSafe(payment.from)) → \(terminalSafe(payment.to)) \(payment.amount.formatted(style.language))（メンバー間の振替で、支出ではありません）\n"
        )
    }

    /// The payment `settle --record` recorded, for `json`.
    public struct Recorded: Sendable {
        public let payment: Settlement.Transfer
        public let date: CalendarDate

        public init(payment: Settlement.Transfer, date: CalendarDate) {
            self.payment = payment
            self.date = date
        }
    }

    /// By income, the incomes and the ratio they make: "Split by income: ayumi ¥300,000 (60.0%) · ken ¥200,000
    /// (40.0%)", or that there was none to go by; empty for any other split.
    static func byIncome(_ settlement: Settlement, _ language: Language) -> String {
        if settlement.incomeMissing {
            return language.pick(
                "Split by income, but no member has income in this period: shared equally\n",
                "収入比で分担する設定ですが、この期間にメンバーの収入がありません。均等に分担します\n")
        }
        let parts = settlement.members.compactMap { member -> String? in
            guard let income = member.income, let ratio = member.ratio else { return nil }
            return terminalSafe(member.name) + " " + income.formatted(language) + " (" + Labels.percent(ratio) + ")"
        }
        guard !parts.isEmpty else { return "" }
        return language.pick("Split by income: ", "収入比で分担: ") + parts.joined(separator: " · ") + "\n"
    }

    /// `{"period","from","to","split","incomeMissing","shared":{"total","count"},"members":[…],"transfers":[…],
    /// "unassigned":{"total","count"},"payments":[…],"settled","left":[…]}`; by income, each member's `income` and
    /// `ratio` (0.6), else null. `transfers` is what the balances call for, `left` what is still owed after the
    /// payments recorded; after `--record`, `"recorded": {"from","to","amount","date"}`.
    public static func json(_ settlement: Settlement, recorded: Recorded? = nil) -> String {
        let months = settlement.period.months
        let members = settlement.members.map { member -> JSONValue in
            .object([
                ("member", .string(member.name)),
                ("percent", member.percent.map { .integer($0) } ?? .null),
                ("income", member.income.map { .integer($0.amount) } ?? .null),
                ("ratio", member.ratio.map { .number(JSONRenderer.shareValue($0)) } ?? .null),
                ("paid", .integer(member.paid.amount)),
                ("count", .integer(member.count)),
                ("share", .integer(member.share.amount)),
                ("balance", .integer(member.balance.amount)),
                ("personal", .integer(member.personal.amount)),
                ("personalCount", .integer(member.personalCount)),
            ])
        }
        func transfer(_ transfer: Settlement.Transfer) -> JSONValue {
            .object([("from", .string(transfer.from)), ("to", .string(transfer.to)), ("amount", .integer(transfer.amount.amount))])
        }
        let payments = settlement.payments.map { payment -> JSONValue in
            .object([
                ("id", .string(payment.id)), ("from", .string(payment.from)), ("to", .string(payment.to)),
                ("amount", .integer(payment.amount.amount)),
                ("date", .string(payment.date.iso)),
            ])
        }
        var recordedKey: [(String, JSONValue)] = []
        if let recorded {
            recordedKey = [
                (
                    "recorded",
                    .object([
                        ("from", .string(recorded.payment.from)), ("to", .string(recorded.payment.to)),
                        ("amount", .integer(recorded.payment.amount.amount)), ("date", .string(recorded.date.iso)),
                    ])
                )
            ]
        }
        return JSONRenderer.render(
            .object(
                [
                    ("period", .string(periodKey(settlement.period))),
                    ("from", .string(months[0].first.iso)),
                    ("to", .string(months[months.count - 1].last.iso)),
                    ("split", settlement.split.map { .string($0.text) } ?? .string("equal")),
                    ("incomeMissing", .bool(settlement.incomeMissing)),
                    ("shared", .object([("total", .integer(settlement.shared.amount)), ("count", .integer(settlement.sharedCount))])),
                    ("members", .array(members)),
                    ("transfers", .array(settlement.transfers.map(transfer))),
                    ("unassigned", .object([("total", .integer(settlement.unassigned.amount)), ("count", .integer(settlement.unassignedCount))])),
                    ("payments", .array(payments)),
                    ("settled", .integer(settlement.settled.amount)),
                    ("left", .array(settlement.left.map(transfer))),
                ] + recordedKey))
    }

    static func periodLabel(_ period: Period, _ language: Language) -> String {
        switch period {
        case .month(let month): Labels.month(month, language)
        case .year(let year): Labels.year(year, language)
        }
    }

    static func periodKey(_ period: Period) -> String { SettlePayment.key(period) }
}
