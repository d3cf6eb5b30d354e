import KakeiboValues

/// How a bank's 振込 line that carries a recorded settle-up payment (`SettlePayment`) is found (docs/settle.md): a
/// withdrawal of a statement's or MoneyForward's (not a transfer, not merged, not split apart) whose name or shop
/// says 振込 (振込, フリコミ, ﾌﾘｺﾐ), of the payment's amount, dated within `Matching.window` days of it. Such a line
/// becomes the same transfer (to the member paid), which matching then merges with the payment, so the withdrawal
/// is neither spending nor a second transfer. A payment with two such lines, or a line two payments could be, is
/// left as it is: never guessed. Pure, and works in either order (the payment recorded before or after the import).
enum SettleLines {
    /// The lines (positions in `items`) that become transfers, as they now are. Only lines or payments dated in
    /// `months` are decided.
    static func find(_ items: [Item], months: Set<YearMonth>, isIncome: (CategoryCode) -> Bool) -> [(position: Int, line: Item)] {
        let payments = items.indices.filter { SettlePayment.isPayment(items[$0]) && !items[$0].details.apart }
        guard !payments.isEmpty else { return [] }
        // The kinds of source that carry a payment already (a statement's or MoneyForward's transfer in its group,
        // whichever line leads it): a line of another kind may be the same withdrawal, seen by a second source (the
        // bank's statement beside MoneyForward's line of it); a second line of a kind that carries it is not.
        var taken: [String: Set<LineSource.Kind>] = [:]
        for item in items where item.isTransfer && item.source.kind != .typed {
            taken[item.details.merged ?? item.id, default: []].insert(item.source.kind)
        }
        var lines: [Int: [Int]] = [:] // payment → candidate lines
        var byLine: [Int: [Int]] = [:] // line → candidate payments
        let candidates = items.indices.filter { carries(items[$0]) && !isIncome(items[$0].category) }
        for payment in payments {
            let paid = items[payment]
            let group = paid.details.merged ?? paid.id
            let carriers = taken[group] ?? []
            for position in candidates where !carriers.contains(items[position].source.kind) {
                let line = items[position]
                guard line.price == paid.price, abs(line.date.dayNumber - paid.date.dayNumber) <= Matching.window else { continue }
                guard months.contains(line.date.yearMonth) || months.contains(paid.date.yearMonth) else { continue }
                lines[payment, default: []].append(position)
                byLine[position, default: []].append(payment)
            }
        }
        var found: [(position: Int, line: Item)] = []
        for (payment, positions) in lines.sorted(by: { $0.key < $1.key }) where positions.count == 1 && byLine[positions[0]]?.count == 1 {
            var line = items[positions[0]]
            line.details.transfer = items[payment].details.transfer
            found.append((positions[0], line))
        }
        return found
    }

    /// Whether a line may carry a payment: a withdrawal a statement or MoneyForward saw, named as a 振込.
    static func carries(_ item: Item) -> Bool {
        let kind = item.source.kind
        guard kind == .statement || kind == .linked, !item.isTransfer, !item.isMerged, !item.details.apart, item.price.amount > 0 else {
            return false
        }
        return says振込(item)
    }

    /// Whether a line is one `find` made a payment's transfer: a statement's or MoneyForward's 振込, a transfer to a
    /// member (the payment's `transfer`), not the payment itself.
    static func carried(_ item: Item) -> Bool {
        let kind = item.source.kind
        guard kind == .statement || kind == .linked, item.isTransfer, !SettlePayment.isPayment(item), item.price.amount > 0 else { return false }
        return says振込(item) && item.details.payment != nil
    }

    private static func says振込(_ item: Item) -> Bool {
        [item.name, item.details.shop ?? ""].contains { text in
            let folded = AccountKey.fold(text)
            return words.contains { TextFold.contains(folded, $0) }
        }
    }

    /// 振込 as banks write it, folded as names are compared (ﾌﾘｺﾐ is フリコミ).
    static let words: [[UInt8]] = ["振込", "フリコミ", "振り込み"].map { AccountKey.fold($0) }
}
