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
        // A payment already carried by a statement's transfer (merged with it either way) takes no other line.
        var carried = Set<String>()
        for item in items where item.isTransfer && item.source.kind != .typed {
            if let merged = item.details.merged { carried.insert(merged) }
        }
        var lines: [Int: [Int]] = [:] // payment → candidate lines
        var byLine: [Int: [Int]] = [:] // line → candidate payments
        let candidates = items.indices.filter { carries(items[$0]) && !isIncome(items[$0].category) }
        for payment in payments where !carried.contains(items[payment].id) && items[payment].details.merged == nil {
            let paid = items[payment]
            for position in candidates {
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
        return [item.name, item.details.shop ?? ""].contains { text in
            let folded = AccountKey.fold(text)
            return words.contains { folded.contains($0) }
        }
    }

    /// 振込 as banks write it, folded as names are compared (ﾌﾘｺﾐ is フリコミ).
    static let words: [[UInt8]] = ["振込", "フリコミ", "振り込み"].map { AccountKey.fold($0) }
}

extension Array where Element == UInt8 {
    /// Whether these bytes hold `part` as a run.
    fileprivate func contains(_ part: [UInt8]) -> Bool {
        guard !part.isEmpty, part.count <= count else { return part.isEmpty }
        for start in 0...(count - part.count) where self[start] == part[0] && Array(self[start..<(start + part.count)]) == part { return true }
        return false
    }
}
