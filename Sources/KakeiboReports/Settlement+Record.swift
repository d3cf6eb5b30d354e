import KakeiboValues

extension Settlement {
    /// The payment `settle --record` records. Without `from` and `to`, the one payment the period still calls for
    /// (`left`); with them, the one from `from` to `to`. `amount` (a part of it, for a partial payment) defaults to
    /// what is left owed; more than that is refused, as is a payment nothing is owed for unless its amount is given.
    public func payment(from: String?, to: String?, amount: Yen?) throws(SettleError) -> Transfer {
        if let amount, amount.amount <= 0 { throw .amount(amount) }
        guard let from, let to else {
            guard let owed = left.first else { throw .nothingOwed }
            guard left.count == 1 else { throw .several(left) }
            if let amount, amount.amount > owed.amount.amount { throw .moreThanOwed(owed) }
            return Transfer(from: owed.from, to: owed.to, amount: amount ?? owed.amount)
        }
        // A name this store has not seen is likely a typo, unless the amount is given too: a member who pays before
        // the first sync records the payment as made, to someone whose items are still on the other machine.
        let names = Set(members.map(\.name) + (split?.members ?? []) + payments.flatMap { [$0.from, $0.to] })
        for name in [from, to] where !names.contains(name) && amount == nil { throw .notMember(name, known: names.sorted()) }
        guard from != to else { throw .sameMember(from) }
        let owed = left.first { $0.from == from && $0.to == to }
        if let owed, let amount, amount.amount > owed.amount.amount { throw .moreThanOwed(owed) }
        guard let paid = amount ?? owed?.amount else { throw .notOwed(from: from, to: to) }
        return Transfer(from: from, to: to, amount: paid)
    }
}

/// Why a settle-up payment can't be recorded (exit 2).
public enum SettleError: KakeiboFailure, Equatable {
    case nothingOwed
    case several([Settlement.Transfer])
    case moreThanOwed(Settlement.Transfer)
    case notOwed(from: String, to: String)
    case notMember(String, known: [String])
    case sameMember(String)
    case amount(Yen)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .nothingOwed:
            return language.pick("nothing is left to settle for this period", "この期間に精算の残りはありません")
        case .several(let left):
            let list = left.map { "\(terminalSafe($0.from)) → \(terminalSafe($0.to)) \($0.amount.formatted(language))" }.joined(separator: ", ")
            return language.pick(
                "several payments are left (\(list)): name one with --from and --to", "精算の支払いが複数あります（\(list)）: --from と --to で一つ選んでください")
        case .moreThanOwed(let owed):
            return language.pick(
                "more than the \(owed.amount.formatted(language)) \(terminalSafe(owed.from)) owes \(terminalSafe(owed.to))",
                "\(terminalSafe(owed.from)) から \(terminalSafe(owed.to)) への残り \(owed.amount.formatted(language)) を超えています")
        case .notOwed(let from, let to):
            return language.pick(
                "\(terminalSafe(from)) owes \(terminalSafe(to)) nothing for this period: give --amount to record a payment anyway",
                "この期間 \(terminalSafe(from)) から \(terminalSafe(to)) への精算はありません（それでも記録するなら --amount で金額を）")
        case .notMember(let name, let known):
            let names = known.map { terminalSafe($0) }.joined(separator: ", ")
            return language.pick(
                "'\(terminalSafe(name))' is not a member settling this period (\(names))", "'\(terminalSafe(name))' はこの期間の精算のメンバーではありません（\(names)）")
        case .sameMember(let name):
            return language.pick("--from and --to are both '\(terminalSafe(name))'", "--from と --to が同じ '\(terminalSafe(name))' です")
        case .amount(let amount):
            return language.pick(
                "--amount must be more than ¥0, got \(amount.formatted(language))", "--amount は 0 円より大きくしてください（\(amount.formatted(language))）")
        }
    }
}
